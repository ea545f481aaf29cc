// Squads and syndicates in the browser: lists and details render; an operator builds a squad,
// edits its members and sees the aggregated metrics the API recomputes.
import type { APIRequestContext } from "@playwright/test";
import { formatPercent as percent } from "@/lib/format";
import { signIn } from "./auth";
import { expect, test, type Page } from "./fixtures";
import { seededLinks } from "./data";

type Summary = { id: string; name: string };
type Agent = { id: string; name: string; experiencePoints: number; performanceMetrics: { uptime: number; completionRate: number } };

const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** Two seeded agents whose names are unique, so that a search finds exactly them. */
const twoAgents = async (request: APIRequestContext): Promise<Agent[]> => {
  const summaries = (await (await request.get("/api/agents?limit=40")).json()) as Summary[];
  const counts = new Map<string, number>();
  for (const agent of summaries) counts.set(agent.name, (counts.get(agent.name) ?? 0) + 1);
  const picked = summaries.filter((agent) => counts.get(agent.name) === 1).slice(0, 2);
  return Promise.all(picked.map(async (agent) => (await (await request.get(`/api/agents/${agent.id}/details`)).json()) as Agent));
};

const stat = (page: Page, label: string) => page.getByTestId("squad-metrics").locator(".stat", { hasText: label }).locator(".stat-value");

const expectMetrics = async (page: Page, agents: Agent[]) => {
  const mean = (pick: (agent: Agent) => number) => (agents.length ? agents.reduce((sum, agent) => sum + pick(agent), 0) / agents.length : 0);
  await expect(stat(page, "Agents")).toHaveText(String(agents.length));
  await expect(stat(page, "Total experience points")).toHaveText(integer.format(agents.reduce((sum, agent) => sum + agent.experiencePoints, 0)));
  await expect(stat(page, "Average uptime")).toHaveText(percent(mean((agent) => agent.performanceMetrics.uptime)));
  await expect(stat(page, "Overall completion rate")).toHaveText(percent(mean((agent) => agent.performanceMetrics.completionRate)));
};

const addMember = async (page: Page, agent: Agent) => {
  await page.getByLabel("Find agents by name").fill(agent.name);
  await page.getByRole("button", { name: `Add ${agent.name}`, exact: true }).click();
  await expect(page.getByRole("list", { name: "Selected agents" }).getByText(agent.name, { exact: true })).toBeVisible();
};

test("the squad list and a squad's page render with members, stacked roles and metrics", async ({ page, consoleErrors }) => {
  await page.goto("/squads");
  await expect(page.getByRole("heading", { level: 1, name: "Squads" })).toBeVisible();
  const rows = page.getByRole("table", { name: "Squads" }).locator("tbody tr");
  expect(await rows.count()).toBeGreaterThanOrEqual(12);
  const link = seededLinks(rows).first().getByRole("link");
  const name = await link.innerText();
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("table", { name: "Members" }).locator("tbody tr").first()).toBeVisible();
  await expect(page.getByRole("list", { name: "Stacked roles" }).locator(":scope > li").first()).toBeVisible();
  await expect(stat(page, "Total experience points")).not.toHaveText("0");
  expect(consoleErrors).toEqual([]);
});

test("an operator creates a squad, edits its members and sees the metrics change", async ({ page, consoleErrors }) => {
  await signIn(page);
  const [first, second] = await twoAgents(page.request);
  const id = `e2e-squad-${Date.now()}`;

  await page.goto("/squads/new");
  await page.getByLabel("Id", { exact: true }).fill(id);
  await page.getByLabel("Squad name").fill("E2E Strike Team");
  await addMember(page, first);
  await page.getByRole("button", { name: "Create squad" }).click();
  await expect(page).toHaveURL(new RegExp(`/squads/${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "E2E Strike Team" })).toBeVisible();
  await expectMetrics(page, [first]);

  // Add the second agent: the page shows the metrics the API recomputed for both.
  await addMember(page, second);
  await page.getByRole("button", { name: "Save squad" }).click();
  await expect(page.getByText("Saved; metrics recomputed.")).toBeVisible();
  await expectMetrics(page, [first, second]);
  await expect(page.getByRole("table", { name: "Members" }).getByRole("link", { name: second.name, exact: true })).toBeVisible();

  // Remove the first: only the second remains in the metrics.
  await page.getByRole("button", { name: `Remove ${first.name}`, exact: true }).click();
  await page.getByRole("button", { name: "Save squad" }).click();
  await expectMetrics(page, [second]);
  await page.reload();
  await expectMetrics(page, [second]);

  await page.getByRole("button", { name: "Delete squad" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/squads$/);
  expect(consoleErrors).toEqual([]);
});

test("syndicates list and detail show each squad and the syndicate's metrics", async ({ page, consoleErrors }) => {
  // Signed in: the edit form is for operators and admins only.
  await signIn(page);
  await page.goto("/syndicates");
  await expect(page.getByRole("heading", { level: 1, name: "Syndicates" })).toBeVisible();
  const rows = page.getByRole("table", { name: "Syndicates" }).locator("tbody tr");
  expect(await rows.count()).toBeGreaterThanOrEqual(4);
  // The squad count's column, found by its header (an operator's table starts with a checkbox column).
  const headers = await page.getByRole("table", { name: "Syndicates" }).locator("thead th").allInnerTexts();
  const squadsColumn = headers.findIndex((text) => text.trim() === "Squads");
  expect(squadsColumn).toBeGreaterThan(0);
  const squadCount = Number(await rows.first().locator("td").nth(squadsColumn).innerText());
  const link = rows.first().getByRole("link");
  const name = await link.innerText();
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("table", { name: "Members" })).toHaveCount(squadCount);
  await expect(page.getByTestId("syndicate-metrics").locator(".stat")).toHaveCount(4);
  await expect(page.getByRole("form", { name: "Edit syndicate" })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("squad and syndicate pages fit a phone screen (wide tables scroll inside their cards)", async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  for (const list of ["/squads", "/syndicates"]) {
    await page.goto(list);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await seededLinks(page.locator("tbody tr")).first().getByRole("link").click();
    await expect(page.getByRole("table", { name: "Members" }).first()).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  }
  expect(consoleErrors).toEqual([]);
});

test("an unknown squad or syndicate is a 404 page", async ({ page }) => {
  expect((await page.goto("/squads/no-such-squad"))?.status()).toBe(404);
  expect((await page.goto("/syndicates/no-such-syndicate"))?.status()).toBe(404);
});
