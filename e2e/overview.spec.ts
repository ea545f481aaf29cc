import { signIn } from "./auth";
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
});

test("recent deployments, tasks and quantum runs on the overview link to their pages", async ({ page }) => {
  await signIn(page);
  const [agent] = (await (await page.request.get("/api/agents?limit=1")).json()) as { id: string; name: string }[];
  // A signed-in run is stored, so it appears among the recent runs.
  expect((await page.request.get(`/quantum/agent?agentId=${encodeURIComponent(agent.id)}&seed=1`)).ok()).toBe(true);

  await page.goto("/");
  const run = page.getByTestId("recent-runs").getByRole("link", { name: `agent ${agent.id}` }).first();
  await run.click();
  await expect(page.getByRole("heading", { level: 1, name: `Quantum analysis: ${agent.name}` })).toBeVisible();

  await page.goto("/");
  const deployment = page.getByTestId("recent-deployments").getByRole("link").first();
  const name = await deployment.innerText();
  await deployment.click();
  await expect(page).toHaveURL(/\/deployments\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);

  await page.goto("/");
  const task = page.getByTestId("recent-tasks").getByRole("link").first();
  const description = await task.innerText();
  await task.click();
  await expect(page).toHaveURL(/\/tasks\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(description);
});
