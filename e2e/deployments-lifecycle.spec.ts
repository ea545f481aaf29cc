// Deployment lifecycle in the dashboard: seeded deployments in progress for weeks are marked stale in
// the list and on their page; a finished deployment is edited on its form and then deleted.
import { signIn } from "./auth";
import { answerFavicon, apiWrite } from "./auth-helpers";
import { expect, test } from "./fixtures";

test.beforeEach(({ page }) => answerFavicon(page));

test("stale deployments are marked in the list, filtered, and on their page without edit or delete", async ({ page, consoleErrors }) => {
  await signIn(page);
  await page.goto("/deployments");
  const table = page.getByRole("table", { name: "Deployments" });
  await expect(table.getByTestId("stale-marker").first()).toBeVisible();

  await page.getByLabel("Staleness").selectOption("true");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/stale=true/);
  const rows = table.locator("tbody tr");
  await expect
    .poll(async () => {
      const count = await rows.count();
      return count > 0 && (await table.getByTestId("stale-marker").count()) === count;
    })
    .toBe(true);
  // How long, once hydrated: the seeded ones have been stale for days.
  await expect(rows.first().getByTestId("stale-marker")).toHaveText(/^stale for \d+ (min|h|d)$/);

  await rows.first().getByRole("link").click();
  await expect(page.getByTestId("deployment-status")).toHaveText("in progress");
  await expect(page.getByTestId("stale-marker")).toHaveText(/^stale for \d+ (min|h|d)$/);
  // In progress: neither edited nor deleted (the pipeline still owns it).
  await expect(page.getByRole("group", { name: "Deployment record" })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test("a failed deployment is edited on its form, then deleted", async ({ page, baseURL, consoleErrors }) => {
  await signIn(page);
  const id = "e2e-lifecycle-1.0.0";
  const created = await apiWrite(page.request, baseURL!, "POST", "/api/deployments/dapp/deploy", {
    id,
    name: "E2E Lifecycle",
    version: "1.0.0",
    industry: "Logistics",
    useCase: "Lifecycle check",
    deployedBy: "e2e-runner",
    deploymentStatus: "in_progress",
    configuration: { network: "base-mainnet" },
  });
  expect(created.status()).toBe(201);
  expect((await apiWrite(page.request, baseURL!, "PATCH", `/api/deployments/dapp/${id}/status`, { status: "failed" })).status()).toBe(200);

  await page.goto(`/deployments/${id}`);
  const record = page.getByRole("group", { name: "Deployment record" });
  await record.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(new RegExp(`/deployments/${id.replaceAll(".", "\\.")}/edit$`));
  await expect(page.getByRole("button", { name: "Save changes" })).toBeEnabled(); // hydrated
  await expect(page.getByLabel("dApp name")).toHaveValue("E2E Lifecycle");
  await page.getByLabel("dApp name").fill("E2E Lifecycle (post-mortem)");
  await page.getByLabel("Network", { exact: true }).fill("");
  await page.getByLabel("Notes").fill("Failed on purpose; kept for the report.");
  await page.getByRole("button", { name: "Save changes" }).click();

  await expect(page).toHaveURL(new RegExp(`/deployments/${id.replaceAll(".", "\\.")}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("E2E Lifecycle (post-mortem)");
  await expect(page.getByText("Failed on purpose; kept for the report.")).toBeVisible();
  const details = await page.request.get(`/api/deployments/dapp/${id}/status`);
  expect(await details.json()).toMatchObject({ name: "E2E Lifecycle (post-mortem)", deploymentStatus: "failed", configuration: {} });

  await page.getByRole("group", { name: "Deployment record" }).getByRole("button", { name: "Delete deployment" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("E2E Lifecycle (post-mortem)");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/deployments$/);
  expect((await page.request.get(`/api/deployments/dapp/${id}/status`)).status()).toBe(404);
  expect(consoleErrors).toEqual([]);
});
