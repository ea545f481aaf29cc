import { signIn } from "./auth";
import { apiWrite } from "./auth-helpers";
import { seeded } from "./data";
import { test, expect } from "./fixtures";

test("the overview shows KPIs with their change and the activity chart with its figures", async ({ page }) => {
  await page.goto("/");
  const kpis = page.getByTestId("kpis");
  for (const name of ["Agents", "Active deployments", "Open tasks", "Quantum runs (7 days)", "Task completion rate (30 days)"]) {
    const tile = kpis.locator(".stat").filter({ has: page.getByText(name, { exact: true }) });
    await expect(tile.locator(".stat-value")).toHaveText(/^\d[\d,]*(\.\d)?%?$/);
    // Each says how it changed: "+2, vs 30 days ago", "no change, …", "−1.5 pts, …".
    await expect(tile.locator(".stat-hint")).toHaveText(/^(\+|−|no change).*vs /);
  }
  const chart = page.getByTestId("activity-chart");
  await expect(chart.locator(".recharts-line")).toHaveCount(3);
  const figures = page.getByRole("region", { name: "Activity figures" });
  await expect(figures).toBeHidden();
  await page.getByText("Show the figures").click();
  await expect(figures).toBeVisible();
  await expect(figures.locator("tbody tr")).toHaveCount(30);
  await page.getByText("Show the figures").click();
  await expect(figures).toBeHidden();
  // A figure opens the list behind it, filtered as it counts.
  await kpis.getByRole("link", { name: "Active deployments" }).click();
  await expect(page).toHaveURL(/\/deployments\?status=deployed$/);
  await expect(page.locator("#filter-status")).toHaveValue("deployed");
});

test("recent deployments, tasks and quantum runs on the overview link to their pages", async ({ page, baseURL }) => {
  await signIn(page);
  // A deployment and a task of this test's own, each made just before the overview is read (so the
  // most recent): the first entry of the lists could be a record another test deletes meanwhile.
  const stamp = Date.now();
  const deployment = { id: `e2e-overview-${stamp}`, name: `E2E Overview ${stamp}`, version: "1.0.0", industry: "Logistics", useCase: "Overview link", deployedBy: "e2e", deploymentStatus: "queued" };
  expect((await apiWrite(page.request, baseURL!, "POST", "/api/deployments/dapp/deploy", deployment)).status()).toBe(201);
  await page.goto("/");
  await page.getByTestId("recent-deployments").getByRole("link", { name: deployment.name }).click();
  await expect(page).toHaveURL(new RegExp(`/deployments/${deployment.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(deployment.name);

  const task = { id: `e2e-overview-task-${stamp}`, description: `E2E overview task ${stamp}`, status: "pending", assignedEntity: { type: "MarketplaceItem", id: "item-0001" } };
  expect((await apiWrite(page.request, baseURL!, "POST", "/api/tasks/assign", task)).status()).toBe(201);
  await page.goto("/");
  await page.getByTestId("recent-tasks").getByRole("link", { name: task.description }).click();
  await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(task.description);

  // A signed-in run is stored, so it appears among the recent runs.
  const agent = await seeded(page.request, "/api/agents");
  expect((await page.request.get(`/quantum/agent?agentId=${encodeURIComponent(agent.id)}&seed=1`)).ok()).toBe(true);
  await page.goto("/");
  await page.getByTestId("recent-runs").getByRole("link", { name: `agent ${agent.id}` }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: `Quantum analysis: ${agent.name}` })).toBeVisible();
});

test("status breakdowns are bars with counts and shares, and a deployment status opens the list filtered to it", async ({ page }) => {
  await page.goto("/");
  const deployments = page.getByRole("list", { name: "Deployments by status" });
  const rows = deployments.getByRole("listitem");
  expect(await rows.count()).toBeGreaterThan(1);
  // Each part: its status, its count and its share of all ("12 40.0%"); the shares add up to 100%.
  const texts = await rows.allInnerTexts();
  const shares = texts.map((text) => Number(/([\d.]+)%\s*$/.exec(text.trim())?.[1]));
  for (const share of shares) expect(share).toBeGreaterThan(0);
  expect(Math.abs(shares.reduce((sum, share) => sum + share, 0) - 100)).toBeLessThanOrEqual(0.1 * shares.length);
  // The largest part's bar fills its track; the others are shorter.
  const widths = await deployments.locator("[aria-hidden='true'] > span").evaluateAll((fills) => fills.map((fill) => (fill as HTMLElement).style.width));
  expect(widths).toContain("100%");
  await expect(page.getByRole("list", { name: "Tasks by status" }).getByRole("listitem").first()).toBeVisible();
  await expect(page.getByRole("list", { name: "Agents by AI engine" }).getByRole("listitem").first()).toBeVisible();

  const first = rows.first().getByRole("link");
  const status = ((await first.textContent()) ?? "").trim().replaceAll(" ", "_");
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/deployments\\?status=${status}$`));
  await expect(page.locator("#filter-status")).toHaveValue(status);
});
