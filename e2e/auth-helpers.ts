// Helpers for the marketplace, deployment and task specs (signing in is e2e/auth.ts).
import type { APIRequestContext, Page } from "@playwright/test";

/**
 * Writes through the API with the signed-in session. The API refuses cookie-authenticated
 * writes without a same-origin Origin header (CSRF), which a browser would send.
 */
export const apiWrite = async (request: APIRequestContext, baseURL: string, method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, data?: unknown) =>
  request.fetch(path, { method, data, headers: { origin: new URL(baseURL).origin } });

/**
 * Chromium requests /favicon.ico on its own, outside the page's control; answering it here keeps
 * that request out of the console-error fixture whatever the server says (public/favicon.ico
 * exists, so this is a belt to those braces).
 */
export const answerFavicon = (page: Page) => page.route("**/favicon.ico", (route) => route.fulfill({ status: 204, body: "" }));

/** Drops the console lines Chromium writes for API answers a test provokes on purpose (e.g. a 409). */
export const forgiveStatus = (consoleErrors: string[], status: number) => {
  const kept = consoleErrors.filter((line) => !line.includes(`status of ${status}`));
  consoleErrors.splice(0, consoleErrors.length, ...kept);
};
