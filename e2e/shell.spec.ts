// The dashboard shell: the phone menu button, the skip link and the light/dark theme.
import { test, expect, type Page } from "./fixtures";
import { signIn } from "./auth";
import { expectAccessible } from "./axe";
import { inFlight, settled } from "./settle";

test.beforeEach(async ({ page }) => {
  await page.route("**/favicon.ico", (route) => route.fulfill({ status: 204, body: "" }));
});

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const LIGHT = "rgb(246, 247, 251)";
const DARK = "rgb(15, 20, 32)";

test("on a phone the navigation folds behind a menu button", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const menu = nav.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link", { name: "Agents" })).toBeHidden();

  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByRole("link", { name: "Agents" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();
  await expect(nav.getByRole("link", { name: "Agents" })).toBeHidden();

  await menu.click();
  await nav.getByRole("link", { name: "Squads" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Squads" })).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link", { name: "Squads" })).toBeHidden();
});

test("on a desktop the navigation is always shown, without a menu button", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("button", { name: "Menu" })).toBeHidden();
  await expect(nav.getByRole("link", { name: "Agents" })).toBeVisible();
});

test("the first Tab stop skips the top bar and the navigation to the page itself", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/agents");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
  // The next Tab goes on from the page's start, not from the navigation.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
});

test("the theme follows the system until the visitor picks one, and the pick survives a reload", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  expect(await background(page)).toBe(DARK);
  const toggle = page.getByRole("button", { name: /^Theme:/ });
  await expect(toggle).toHaveAccessibleName("Theme: System");

  await toggle.click();
  await expect(toggle).toHaveAccessibleName("Theme: Light");
  expect(await background(page)).toBe(LIGHT);
  await page.reload();
  // Applied before the first paint, on the server-rendered document.
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
  expect(await background(page)).toBe(LIGHT);

  await page.getByRole("button", { name: "Theme: Light" }).click();
  await expect(page.getByRole("button", { name: "Theme: Dark" })).toBeVisible();
  await page.emulateMedia({ colorScheme: "light" });
  expect(await background(page)).toBe(DARK);

  await page.getByRole("button", { name: "Theme: Dark" }).click();
  await expect(page.getByRole("button", { name: "Theme: System" })).toBeVisible();
  expect(await background(page)).toBe(LIGHT);
});

test("the dark theme passes axe on the busiest pages", async ({ page }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ colorScheme: "dark" });
  await signIn(page);
  const open = inFlight(page);
  for (const path of ["/", "/tasks", "/deployments", "/agents", "/api-reference"]) {
    await page.goto(path);
    await settled(page, open);
    await expectAccessible(page, path);
  }
});
