// The wallet page's indexing panel and the address book, in the browser:
//   - an address nothing is stored for, on a chain whose explorer is the stand-in that
//     scripts/e2e-server.mjs starts (EXPLORER_URL_E2E_DEVNET; the chain is imported here, so no other
//     spec indexes against it): the page says it is indexing, shows the job's progress, and then the
//     wallet's transfers without a reload;
//   - Settings → Address book: a trusted, labelled address, whose label the wallet page then shows
//     (the page's width at 375 px and its accessibility are checked by pages.spec.ts).
import type { APIRequestContext } from "@playwright/test";
import { apiWrite, answerFavicon } from "./auth-helpers";
import { signIn } from "./auth";
import { test, expect } from "./fixtures";

// The address the stand-in explorer has a history for (scripts/e2e-stand-in-explorer.mjs): two payments in.
const INDEXED = "0x00000000000000000000000000000000000e2e01";

test.beforeEach(({ page }) => answerFavicon(page));

const importDevnet = async (request: APIRequestContext, baseURL: string) => {
  const response = await apiWrite(request, baseURL, "POST", "/api/wallets/import", {
    chains: [{ slug: "e2e-devnet", chainId: 990_099, name: "E2E devnet", layer: "Layer1", nativeSymbol: "ETH" }],
    transfers: [],
  });
  expect(response.status(), await response.text()).toBe(200);
};

test("an address never seen is indexed in the background from the chain's explorer, and the page fills in", async ({ page, baseURL }) => {
  await signIn(page, "admin");
  await importDevnet(page.request, baseURL!);
  await page.goto("/wallet");
  await page.getByLabel("Wallet address").fill(INDEXED);
  const chooser = page.getByRole("form", { name: "Choose a wallet" });
  for (const box of await chooser.getByRole("checkbox").all()) await box.uncheck();
  await chooser.getByLabel("E2E devnet", { exact: true }).check();
  await page.getByRole("button", { name: "Show metrics" }).click();

  const panel = page.getByTestId("wallet-indexing");
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("indexing-e2e-devnet")).toContainText("e2e-devnet");
  await expect(page.getByTestId("wallet-coverage")).toHaveAttribute("data-status", "indexing");

  // No reload: the page polls the job and reads the wallet again when it is done.
  await expect(page.getByTestId("wallet-coverage")).toHaveAttribute("data-status", "indexed", { timeout: 30_000 });
  await expect(panel).toBeHidden();
  await expect(page.getByTestId("transactions-total")).toHaveText("2 transfers");
  await expect(page.getByTestId("transaction-row")).toHaveCount(2);
});

test("a trusted address added in the address book is shown by its label on the wallet page", async ({ page, baseURL }) => {
  await signIn(page, "admin");
  await page.goto("/settings");
  // The default wallet's most active counterparty (the numbers the wallet page shows).
  const metrics = await apiWrite(page.request, baseURL!, "POST", "/api/metrics", {});
  expect(metrics.ok()).toBe(true);
  const counterparty = ((await metrics.json()) as { financialMetrics: { mostActiveWallet: { address: string } } }).financialMetrics.mostActiveWallet.address;
  expect(counterparty).toMatch(/^0x[0-9a-f]{40}$/);

  await page.getByRole("link", { name: "Address book" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Address book" })).toBeVisible();
  const form = page.getByRole("form", { name: "Add an address" });
  await form.getByLabel("Address", { exact: true }).fill("0x1234");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(form.getByText("must be an EVM address")).toBeVisible();

  await form.getByLabel("Address", { exact: true }).fill(counterparty.toUpperCase().replace("0X", "0x"));
  await form.getByLabel("Label", { exact: true }).fill("Trading desk (E2E)");
  await form.getByLabel(/Trusted/).check();
  await form.getByRole("button", { name: "Save address" }).click();
  const book = page.getByRole("list", { name: "Address book" });
  const entry = book.getByRole("listitem").filter({ hasText: counterparty });
  await expect(entry).toContainText("Trading desk (E2E)");
  await expect(entry).toContainText("trusted");
  await expect(entry.getByRole("checkbox", { name: "Trust Trading desk (E2E)" })).toBeChecked();

  // Rename it in place.
  await entry.getByRole("button", { name: "Edit Trading desk (E2E)" }).click();
  await entry.getByLabel("Label", { exact: true }).fill("Desk (E2E)");
  await entry.getByRole("button", { name: "Save" }).click();
  await expect(entry).toContainText("Desk (E2E)");

  await page.goto("/wallet");
  await expect(page.getByTestId("most-active-label")).toHaveText("Desk (E2E)");

  // Untrust, then delete it: the wallet page no longer names it.
  await page.goto("/settings/address-book");
  const again = page.getByRole("list", { name: "Address book" }).getByRole("listitem").filter({ hasText: counterparty });
  const toggle = again.getByRole("checkbox", { name: "Trust Desk (E2E)" });
  // The toggle moves at once and is saved in the background: the reload waits for the save (a
  // reload before it could show the old state, as it did once in CI).
  const saved = page.waitForResponse((response) => response.request().method() === "PUT" && response.url().includes("/api/address-book/"));
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(again).not.toContainText("trusted");
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(again.getByRole("checkbox", { name: "Trust Desk (E2E)" })).not.toBeChecked();
  await again.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(book.getByRole("listitem").filter({ hasText: counterparty })).toHaveCount(0);
  await page.goto("/wallet");
  await expect(page.getByTestId("wallet-balance")).toBeVisible();
  await expect(page.getByTestId("most-active-label")).toHaveCount(0);
});
