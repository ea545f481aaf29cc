import { test as base, expect, type Page } from "@playwright/test";

// Every page a test opens must render without console errors or uncaught exceptions.
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(errors);
    expect(errors, "console errors on the page").toEqual([]);
  },
});

export { expect };
export type { Page };
