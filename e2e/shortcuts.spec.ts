// The keyboard shortcuts, pressed as a user presses them: j/k move through a list's rows and Enter
// opens one, c creates, / goes to the filter, g then a letter goes to a page, ? shows the sheet; and
// none of them fires while typing in a field.
import { signIn } from "./auth";
import { expect, test, type Page } from "./fixtures";

const ready = async (page: Page) => {
  await expect(page.getByRole("button", { name: "Keyboard shortcuts" })).toHaveAttribute("data-live", "");
};

test("j and k move through a list's rows, Enter opens the row, and the row in focus is marked", async ({ page, consoleErrors }) => {
  await signIn(page);
  await page.goto("/agents?sort=name");
  await ready(page);
  const rows = page.getByRole("table", { name: "Agents" }).locator("tbody tr");
  const first = rows.nth(0).getByRole("link").first();
  const second = rows.nth(1).getByRole("link").first();

  await page.keyboard.press("j");
  await expect(first).toBeFocused();
  await page.keyboard.press("j");
  await expect(second).toBeFocused();
  // The row holding the focus is marked: its background differs from the row the focus left.
  const background = (k: number) => rows.nth(k).evaluate((row) => getComputedStyle(row).backgroundColor);
  expect(await background(1)).not.toBe(await background(0));
  await page.keyboard.press("k");
  await expect(first).toBeFocused();
  // At the top, k stays on the first row.
  await page.keyboard.press("k");
  await expect(first).toBeFocused();

  const name = (await first.innerText()).trim();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/agents\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  expect(consoleErrors).toEqual([]);
});

test("c opens the list's create form, / moves to its search box, and keys typed in a field stay text", async ({ page }) => {
  await signIn(page);
  await page.goto("/squads");
  await ready(page);

  await page.keyboard.press("/");
  const search = page.getByRole("searchbox").first();
  await expect(search).toBeFocused();
  // Typed in the box, c, j and g are letters, not shortcuts.
  await page.keyboard.type("cjg");
  await expect(search).toHaveValue("cjg");
  await expect(page).toHaveURL(/\/squads(\?|$)/);

  await search.blur();
  await page.keyboard.press("c");
  await expect(page).toHaveURL(/\/squads\/new$/);
  await expect(page.getByRole("heading", { level: 1, name: "New squad" })).toBeVisible();
});

test("g then a letter goes to a page, and ? shows every shortcut until Escape", async ({ page }) => {
  await signIn(page);
  await page.goto("/");
  await ready(page);

  await page.keyboard.press("g");
  await page.keyboard.press("t");
  await expect(page).toHaveURL(/\/tasks$/);
  await ready(page);

  await page.keyboard.press("?");
  const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(sheet).toBeVisible();
  for (const label of ["Next row", "Open the row", "Create one (the list's New button)", "Agents", "Search pages, actions and records"]) {
    await expect(sheet.getByText(label, { exact: true })).toBeVisible();
  }
  // While the sheet is open, letters do nothing behind it.
  await page.keyboard.press("g");
  await page.keyboard.press("a");
  await expect(page).toHaveURL(/\/tasks$/);
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  // The sheet's button is there for the mouse too, and its focus comes back to it.
  await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
  await expect(sheet).toBeVisible();
  await sheet.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("button", { name: "Keyboard shortcuts" })).toBeFocused();
});
