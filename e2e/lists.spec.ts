// List pages in the browser: sorting by clicking (and by keyboard on) a column header, a bad filter
// in the address named in a notice while the other filters keep applying, filters that apply as you
// type or choose, the page count and page size, the sticky header, and the table as a CSV download.
import { readFile } from "node:fs/promises";
import { signIn } from "./auth";
import { expect, test, type Page } from "./fixtures";

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

/** Records of a CSV text (RFC 4180: quoted fields may hold commas, doubled quotes and line breaks). */
const parseCsv = (text: string) => {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i += 1;
    } else field += char;
  }
  if (field !== "" || record.length > 0) records.push([...record, field]);
  return records;
};

const agentRows = (page: Page) => page.getByRole("table", { name: "Agents" }).locator("tbody tr");
/** "Page 2 of 12 · 26–50 of 290", the pager's summary (a polite live region). */
const pagerSummary = (page: Page) => page.getByRole("navigation", { name: "Pages", exact: true }).locator("[aria-live]");
const SUMMARY = /^Page (\d+) of (\d+) · (\d+)–(\d+) of (\d+)$/;

test("the agents search applies as you type, without a button or a reload, and keeps focus in the box", async ({ page, consoleErrors }) => {
  await page.goto("/agents");
  const rows = agentRows(page);
  await expect(rows).toHaveCount(25);
  const name = await rows.first().locator("td").first().innerText();
  const filters = page.getByRole("search", { name: "Filter agents" });
  await expect(filters).toHaveAttribute("data-live", ""); // hydrated
  // A full page load would lose this.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  const box = filters.getByRole("searchbox", { name: "Search" });
  await box.click();
  await box.pressSequentially(name, { delay: 40 });
  await page.waitForURL((url) => url.searchParams.get("q") === name);
  await expect(rows.first().locator("td").first()).toHaveText(name);
  for (const row of await rows.all()) {
    const [rowName, rowId] = await row.locator("td").allInnerTexts();
    expect(`${rowName} ${rowId}`.toLowerCase()).toContain(name.toLowerCase());
  }
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(name);
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

  // A choice applies at once, and the search stays.
  await filters.getByLabel("Role").selectOption({ index: 1 });
  await page.waitForURL((url) => url.searchParams.has("role") && url.searchParams.get("q") === name);
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test("the pager says the page and the page count, and the page size is a choice", async ({ page, consoleErrors }) => {
  await page.goto("/agents");
  const rows = agentRows(page);
  await expect(rows).toHaveCount(25);
  await expect(pagerSummary(page)).toHaveText(/^Page 1 of \d+ · 1–25 of \d+$/);
  const total = Number(SUMMARY.exec(await pagerSummary(page).innerText())?.[5]);
  expect(total).toBeGreaterThan(25);

  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/cursor=.*page=2/);
  await expect(pagerSummary(page)).toHaveText(`Page 2 of ${Math.ceil(total / 25)} · 26–${Math.min(50, total)} of ${total}`);
  await page.getByRole("link", { name: "First page" }).click();
  await expect(pagerSummary(page)).toHaveText(/^Page 1 of /);
  await expect(page).not.toHaveURL(/page=|cursor=/);

  // 50 rows a page, from the first page, the filters and sort kept.
  await page.getByRole("table", { name: "Agents" }).getByRole("columnheader", { name: "Name" }).getByRole("link").click();
  await expect(page).toHaveURL(/sort=name/);
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/page=2/);
  const size = page.getByRole("form", { name: "Page size" });
  await expect(size).toHaveAttribute("data-live", ""); // hydrated
  await size.getByLabel("Rows per page").selectOption("50");
  await page.waitForURL((url) => url.searchParams.get("limit") === "50" && !url.searchParams.has("page") && !url.searchParams.has("cursor"));
  await expect(page).toHaveURL(/sort=name/);
  const shown = Math.min(50, total);
  await expect(pagerSummary(page)).toHaveText(`Page 1 of ${Math.ceil(total / 50)} · 1–${shown} of ${total}`);
  await expect(rows).toHaveCount(shown);
  if (total > 50) {
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/limit=50.*page=2/);
    await expect(pagerSummary(page)).toHaveText(new RegExp(`^Page 2 of ${Math.ceil(total / 50)} · 51–`));
    expect(await rows.count()).toBeLessThanOrEqual(50);
  }
  expect(consoleErrors).toEqual([]);
});

test("a list's header row sticks while its rows scroll", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto("/agents");
  const region = page.getByRole("region", { name: "Agents", exact: true });
  const header = page.getByRole("table", { name: "Agents" }).locator("thead th").first();
  await expect(agentRows(page)).toHaveCount(25);
  const top = async () => (await header.boundingBox())?.y ?? Number.NaN;
  const before = await top();
  await region.evaluate((element) => element.scrollBy(0, 300));
  expect(await region.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  expect(await top()).toBeCloseTo(before, 0);
});

test("Download CSV saves the table as shown: its header row and one record a row", async ({ page, consoleErrors }) => {
  await page.goto("/agents");
  const table = page.getByRole("table", { name: "Agents" });
  const rows = agentRows(page);
  await expect(rows).toHaveCount(25);
  const button = page.getByRole("button", { name: "Download CSV" });
  await expect(button).toBeEnabled(); // hydrated

  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^agents-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, "utf8");
  const records = parseCsv(text.replace(/^\uFEFF/, ""));
  expect(records[0]).toEqual(["Name", "Id", "Current role", "Specialization", "Completion rate"]);
  expect(records.length - 1).toBe(await rows.count());
  const firstRow = (await rows.first().locator("td").allInnerTexts()).map((cell) => cell.trim());
  expect(records[1]).toEqual(firstRow);
  expect(await table.locator("thead th").count()).toBe(records[0].length);
  expect(consoleErrors).toEqual([]);
});

test("Columns hides a column (kept after a reload, left out of the CSV) beside the selection column; Name always stays", async ({ page, consoleErrors }) => {
  // An operator: the table starts with the selection's checkbox column, which is not a choice.
  await signIn(page);
  await page.goto("/agents");
  const table = page.getByRole("table", { name: "Agents" });
  await expect(page.getByRole("checkbox", { name: "Select every agent shown" })).toBeEnabled(); // hydrated
  const summary = page.locator("summary", { hasText: /^Columns/ });
  await summary.click();
  const menu = page.getByRole("group", { name: "Columns shown" });
  await expect(menu.getByRole("checkbox")).toHaveCount(5);
  await expect(menu.getByRole("checkbox", { name: "Name (always)" })).toBeDisabled();
  await menu.getByRole("checkbox", { name: "Id", exact: true }).uncheck();
  await expect(table.getByRole("columnheader", { name: "Id" })).toBeHidden();
  await expect(table.locator("tbody tr").first().locator("td code")).toBeHidden();
  await expect(table.getByRole("columnheader", { name: "Current role" })).toBeVisible();
  await expect(summary).toHaveText("Columns (1 hidden)");

  // Kept in this browser: after a reload the column is still hidden, and the CSV holds what is shown.
  await page.reload();
  await expect(table.getByRole("columnheader", { name: "Name" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Id" })).toBeHidden();
  const button = page.getByRole("button", { name: "Download CSV" });
  await expect(button).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  const records = parseCsv((await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, ""));
  expect(records[0]).toEqual(["Name", "Current role", "Specialization", "Completion rate"]);

  await summary.click();
  await menu.getByRole("button", { name: "Show all columns" }).click();
  await expect(table.getByRole("columnheader", { name: "Id" })).toBeVisible();
  await expect(summary).toHaveText("Columns");
  expect(consoleErrors).toEqual([]);
});
