// The wallet page: a signed-in user sees their linked demo wallet's metrics; settings links wallets.
import { signIn, type Role } from "./auth";
import { answerFavicon } from "./auth-helpers";
import { test, expect, type Page } from "./fixtures";

/** Signed in as `role`, on `path`. */
const openAs = async (page: Page, role: Role, path: string) => {
  await signIn(page, role);
  await page.goto(path);
};

test.beforeEach(({ page }) => answerFavicon(page));

test("an anonymous visitor is sent to sign in", async ({ page }) => {
  await page.goto("/wallet");
  await expect(page).toHaveURL(/\/signin\?next=(%2F|\/)wallet$/);
});

test("the admin opens the wallet page and sees the demo wallet's numbers", async ({ page }) => {
  await openAs(page, "admin", "/wallet");
  await expect(page.getByRole("heading", { level: 1, name: "Wallet" })).toBeVisible();
  const address = await page.getByLabel("Wallet address").inputValue();
  expect(address).toMatch(/^0x[0-9a-f]{40}$/);

  const balance = page.getByTestId("wallet-balance");
  await expect(balance).toHaveText(/^\$[\d,]+\.\d\d$/);
  expect(Number((await balance.innerText()).replace(/[$,]/g, ""))).toBeGreaterThan(0);
  await expect(page.getByTestId("positions-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();

  // Chains and counterparty classes as bars: a row per part with its count and share, the busiest chain first.
  const byChain = page.getByRole("list", { name: "Transactions by chain" });
  const ethRow = byChain.getByRole("listitem").filter({ hasText: "eth-mainnet" });
  await expect(ethRow).toHaveCount(1);
  await expect(ethRow).toContainText(/\d+(\.\d)?%/);
  expect(Number(await ethRow.getAttribute("data-value"))).toBeGreaterThan(0);
  const chainCounts = await byChain.getByRole("listitem").evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-value"))));
  expect(chainCounts.length).toBeGreaterThan(1);
  expect(chainCounts).toEqual([...chainCounts].sort((a, b) => b - a));

  const counterparties = page.getByRole("list", { name: "Counterparties by behavior" });
  await expect(counterparties.getByRole("listitem")).toHaveCount(4);
  const uncommon = counterparties.getByRole("listitem").filter({ hasText: "Uncommon" });
  await expect(uncommon).toBeVisible();
  expect(Number(await uncommon.getAttribute("data-value"))).toBeGreaterThan(0);

  const lookalike = page.getByTestId("uncommon-address").filter({ hasText: "Address-poisoning look-alike" });
  await expect(lookalike).toHaveCount(1);
  await expect(lookalike).toContainText("same first 4 and last 4 hex characters");

  // Narrow to one chain: only it is counted.
  await page.getByLabel("Base", { exact: true }).check();
  await page.getByRole("button", { name: "Show metrics" }).click();
  await expect(byChain.getByRole("listitem").filter({ hasText: "base-mainnet" })).toHaveCount(1);
  await expect(byChain.getByRole("listitem")).toHaveCount(1);
});

test("the wallet page says what it covers, lists transactions and checks a recipient", async ({ page }) => {
  await openAs(page, "admin", "/wallet");
  const coverage = page.getByTestId("wallet-coverage");
  await expect(coverage).toHaveAttribute("data-status", "indexed");
  await expect(coverage.getByRole("table", { name: "Per chain" }).getByRole("row").filter({ hasText: "eth-mainnet" })).toContainText("indexed");
  await expect(page.getByTestId("wallet-prices-as-of")).toContainText("Prices as of");

  await expect(page.getByTestId("balance-history-chart").locator(".recharts-line").first()).toBeVisible();

  const table = page.getByRole("region", { name: "Transactions" });
  await expect(table.getByTestId("transaction-row").first()).toBeVisible();
  const total = Number((await table.getByTestId("transactions-total").innerText()).replace(/[^\d]/g, ""));
  expect(total).toBeGreaterThan(0);
  await expect(table.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", /format=csv/);
  await table.getByLabel("Direction").selectOption("out");
  await expect(table.getByTestId("transaction-row").first()).toContainText("out");

  // Token approvals: the demo data holds none, and the section says so rather than staying empty.
  const approvals = page.getByTestId("wallet-approvals");
  await expect(approvals.getByRole("heading", { name: "Token approvals" })).toBeVisible();
  await expect(approvals).toContainText("No current approvals");

  // The demo wallet's look-alike, checked as a recipient: marked as such, its differing characters highlighted.
  const lookalike = await page.getByTestId("uncommon-address").filter({ hasText: "Address-poisoning look-alike" }).locator("code").first().innerText();
  const check = page.getByRole("region", { name: "Check a recipient" });
  await check.getByLabel("Recipient address").fill(lookalike);
  await check.getByRole("button", { name: "Check recipient" }).click();
  const verdict = check.getByTestId("recipient-verdict");
  await expect(verdict).toHaveAttribute("data-verdict", "lookalike");
  await expect(verdict.locator("mark").first()).toBeVisible();

  // An address nothing is stored for is said to be not indexed, not shown as an empty wallet (on a
  // chain without a data source: wallet-indexing.spec.ts adds one that has).
  await page.getByLabel("Wallet address").fill(`0x${"0".repeat(39)}7`);
  await page.getByLabel("Base", { exact: true }).check();
  await page.getByRole("button", { name: "Show metrics" }).click();
  await expect(page.getByTestId("wallet-not-indexed")).toBeVisible();
});

test("a wrong address is refused in the form", async ({ page }) => {
  await openAs(page, "admin", "/wallet");
  await page.getByLabel("Wallet address").fill("0x1234");
  await page.getByRole("button", { name: "Show metrics" }).click();
  await expect(page.getByText("must be an EVM address")).toBeVisible();
});

// As the operator: making another wallet the default changes what the wallet page shows its user, and the
// admin's wallet page is read by other tests running at the same time.
test("a user links a wallet in settings, makes it the default, and unlinks it", async ({ page }) => {
  await openAs(page, "operator", "/settings");
  const section = page.getByRole("region", { name: "Linked wallets" });
  const list = section.getByRole("list", { name: "Your linked wallets" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  const added = "0x00000000000000000000000000000000e2e0e2e0";
  await section.getByLabel("Wallet address").fill(added.toUpperCase().replace("0X", "0x"));
  await section.getByLabel("Label (optional)").fill("E2E wallet");
  await section.getByRole("button", { name: "Link wallet" }).click();
  const row = list.getByRole("listitem").filter({ hasText: "E2E wallet" });
  await expect(row).toContainText(added);
  await row.getByRole("button", { name: "Make default" }).click();
  await expect(row.getByText("default", { exact: true })).toBeVisible();

  await page.goto("/wallet");
  await expect(page.getByLabel("Wallet address")).toHaveValue(added);
  await expect(page.getByTestId("wallet-balance")).toHaveText("$0.00");

  await page.goto("/settings");
  await list.getByRole("listitem").filter({ hasText: "E2E wallet" }).getByRole("button", { name: "Unlink" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Unlink" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByText("default", { exact: true })).toBeVisible();
});
