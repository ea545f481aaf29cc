import { signIn } from "./auth";
import { answerFavicon, apiWrite, forgiveStatus } from "./auth-helpers";
import { expect, test } from "./fixtures";

test.beforeEach(({ page }) => answerFavicon(page));

test("a deployment started in the dashboard shows a status change made through the API, live", async ({ page, baseURL, consoleErrors }) => {
  await signIn(page);
  await page.goto("/deployments/new");
  await expect(page.getByRole("button", { name: "Start deployment" })).toBeEnabled(); // hydrated
  await page.getByLabel("dApp name").fill("E2E Ledger");
  await page.getByLabel("Version", { exact: true }).fill("3.1.4");
  await expect(page.getByLabel("Deployment id")).toHaveValue("e2e-ledger-3.1.4");
  await page.getByLabel("Use case").fill("Live status check");
  await page.getByLabel("Deployed by").fill("e2e-runner");
  await page.getByLabel("Industry").selectOption("Logistics");
  await page.getByLabel("Initial status").selectOption("queued");
  await page.getByLabel("Network", { exact: true }).fill("base-mainnet");
  await page.getByRole("button", { name: "Start deployment" }).click();

  await expect(page).toHaveURL(/\/deployments\/e2e-ledger-3\.1\.4$/);
  const status = page.getByTestId("deployment-status");
  await expect(status).toHaveText("queued");
  const history = page.getByRole("list", { name: "Status history" });
  await expect(history.getByRole("listitem")).toHaveCount(1);

  // A pipeline reports progress through the API; the open page follows without a reload.
  const moved = await apiWrite(page.request, baseURL!, "PATCH", "/api/deployments/dapp/e2e-ledger-3.1.4/status", { status: "in_progress" });
  expect(moved.status()).toBe(200);
  await expect(status).toHaveText("in progress");
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expect(history.getByRole("listitem").nth(1)).toContainText("queued → in progress");

  // The buttons offer the moves the state machine allows from here.
  const moves = page.getByRole("group", { name: "Move the deployment" });
  await expect(moves.getByRole("button")).toHaveText(["Mark deployed", "Mark failed"]);
  await moves.getByRole("button", { name: "Mark deployed" }).click();
  await expect(status).toHaveText("deployed");
  await expect(moves.getByRole("button")).toHaveText(["Roll back"]);
  await expect(history.getByRole("listitem")).toHaveCount(3);

  // An illegal move through the API is a 409 that names the allowed ones; the page is unchanged.
  const illegal = await apiWrite(page.request, baseURL!, "PATCH", "/api/deployments/dapp/e2e-ledger-3.1.4/status", { status: "queued" });
  expect(illegal.status()).toBe(409);
  expect((await illegal.json()).detail).toContain("rolled_back");
  await expect(status).toHaveText("deployed");

  // Rolling back is final: it asks first, naming the deployment; "Keep as is" changes nothing.
  await moves.getByRole("button", { name: "Roll back" }).click();
  const dialog = page.getByRole("dialog", { name: "Roll back deployment" });
  await expect(dialog).toContainText("“E2E Ledger” 3.1.4 will be rolled back. This is final");
  await dialog.getByRole("button", { name: "Keep as is" }).click();
  await expect(dialog).toBeHidden();
  await expect(moves.getByRole("button", { name: "Roll back" })).toBeFocused();
  await expect(status).toHaveText("deployed");
  await moves.getByRole("button", { name: "Roll back" }).click();
  await dialog.getByRole("button", { name: "Roll back" }).click();
  await expect(status).toHaveText("rolled back");
  await expect(history.getByRole("listitem")).toHaveCount(4);
  await expect(moves).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test("the list filters by status and links to each deployment", async ({ page, consoleErrors }) => {
  await page.goto("/deployments");
  const table = page.getByRole("table", { name: "Deployments" });
  expect(await table.getByRole("row").count()).toBeGreaterThan(24);
  await page.getByLabel("Status").selectOption("failed");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/status=failed/);
  // The URL changes before the filtered rows arrive: wait until every row shown is a failed one.
  const badges = table.locator("tbody .badge");
  await expect
    .poll(async () => {
      const texts = (await badges.allInnerTexts()).map((text) => text.toLowerCase());
      return texts.length > 0 && texts.every((text) => text === "failed");
    })
    .toBe(true);

  await table.locator("tbody tr").first().getByRole("link").click();
  await expect(page.getByTestId("deployment-status")).toHaveText("failed");
  // A final status offers no moves and stops polling.
  await expect(page.getByRole("group", { name: "Move the deployment" })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);

  const missing = await page.goto("/deployments/no-such-deployment");
  expect(missing?.status()).toBe(404);
  forgiveStatus(consoleErrors, 404);
});

test("the deployments list fits a phone screen", async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/deployments");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole("table", { name: "Deployments" })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
