// List pages in the browser: sorting by clicking (and by keyboard on) a column header, and a bad
// filter in the address named in a notice while the other filters keep applying.
import { expect, test } from "./fixtures";

const initials = (names: string[]) => names.map((name) => name.trim()[0].toUpperCase());

test("a list sorts by a column header, ascending then descending, and keeps its filters", async ({ page, consoleErrors }) => {
  await page.goto("/agents");
  const table = page.getByRole("table", { name: "Agents" });
  const nameHeader = table.getByRole("columnheader", { name: "Name" });
  await expect(nameHeader).toHaveAttribute("aria-sort", "none");

  await nameHeader.getByRole("link").click();
  await expect(page).toHaveURL(/sort=name(&|$)/);
  await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
  const ascending = await table.locator("tbody tr td:first-child").allInnerTexts();
  expect(ascending.length).toBeGreaterThan(1);
  expect(initials(ascending)).toEqual([...initials(ascending)].sort());

  // The same header by keyboard: descending.
  await nameHeader.getByRole("link").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/sort=-name/);
  await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
  const descending = await table.locator("tbody tr td:first-child").allInnerTexts();
  expect(initials(descending)).toEqual([...initials(descending)].sort().reverse());
  expect(descending[0]).not.toBe(ascending[0]);

  // Paging and filtering keep the order.
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/sort=-name.*cursor=|cursor=.*sort=-name/);
  await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
  await page.getByRole("search", { name: "Filter agents" }).locator("#agents-q").fill("a");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/sort=-name/);
  await expect(page).toHaveURL(/q=a/);
  expect(consoleErrors).toEqual([]);
});

test("a bad filter is named and dropped while the others apply", async ({ page }) => {
  await page.goto("/deployments?status=sleeping&sort=name");
  await expect(page.getByRole("status").filter({ hasText: "could not be understood" })).toContainText("status");
  await expect(page.getByRole("columnheader", { name: "dApp" })).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByLabel("Status")).toHaveValue("");
});
