// The squad optimizer in the browser: an operator runs it on a weak squad, applies the best proposal
// after confirming, and sees the squad's risk fall; a viewer can run it but gets no Apply.
import type { APIRequestContext } from "@playwright/test";
import { signIn } from "./auth";
import { expectAccessible } from "./axe";
import { answerFavicon, apiWrite } from "./auth-helpers";
import { expect, test } from "./fixtures";

test.beforeEach(({ page }) => answerFavicon(page));

const weakAgent = (id: string, roleName: string) => ({
  id,
  name: `Weak ${id}`,
  aiEngine: "GPT-4o",
  experiencePoints: 500,
  roles: Array.from({ length: 5 }, () => ({ roleName, primaryFunction: `${roleName} duty`, skills: [] })),
  performanceMetrics: { uptime: 88, completionRate: 45, averageResponseTime: 3200, errorRate: 9 },
});

/** A squad of two weak new agents (written through the API as the signed-in operator). */
const weakSquad = async (request: APIRequestContext, baseURL: string) => {
  const stamp = Date.now();
  const agents = [weakAgent(`e2e-opt-a-${stamp}`, "Scout"), weakAgent(`e2e-opt-b-${stamp}`, "Builder")];
  for (const agent of agents) expect((await apiWrite(request, baseURL, "POST", "/api/agents", agent)).status()).toBe(201);
  const id = `e2e-opt-squad-${stamp}`;
  const squad = { id, name: `E2E Optimizer ${stamp}`, agents: agents.map((agent) => ({ id: agent.id })) };
  expect((await apiWrite(request, baseURL, "POST", "/api/squads", squad)).status()).toBe(201);
  return squad;
};

const riskOf = (text: string) => Number(/(\d+\.\d)\/100/.exec(text)?.[1]);

test("an operator optimizes a weak squad, applies the best proposal and sees a lower risk", async ({ page, baseURL, consoleErrors }) => {
  await signIn(page);
  const squad = await weakSquad(page.request, baseURL!);
  await page.goto(`/squads/${squad.id}`);
  const panel = page.getByTestId("squad-optimizer");
  await panel.getByRole("checkbox", { name: "Healer" }).check();
  await panel.getByRole("button", { name: "Optimize" }).click();

  const before = riskOf(await panel.getByTestId("optimizer-current-risk").innerText());
  const best = panel.getByTestId("optimizer-proposal").first();
  const heading = await best.getByRole("heading").innerText();
  const [, from, to] = /risk (\d+\.\d)\/100 → (\d+\.\d)\/100/.exec(heading) ?? [];
  expect(Number(from)).toBe(before);
  expect(Number(to)).toBeLessThan(before);

  await best.getByRole("button", { name: "Apply proposal 1" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`Replace the members of “${squad.name}”`);
  await dialog.getByRole("button", { name: "Apply", exact: true }).click();

  await expect(panel.getByTestId("optimizer-applied")).toContainText(`the squad's risk is now ${to}/100 (was ${from}/100)`);
  await expect(panel.getByTestId("optimizer-current-risk")).toContainText(`${to}/100`);
  // The squad was saved with the new membership, and the member table shows it.
  const details = (await (await page.request.get(`/api/squads/${squad.id}/details`)).json()) as { agents: { id: string; name: string }[] };
  expect(details.agents.map((agent) => agent.id)).not.toEqual(squad.agents.map((agent) => agent.id));
  const memberRows = page.getByRole("table", { name: "Members" }).locator("tbody tr");
  await expect(memberRows).toHaveCount(details.agents.length);
  for (const agent of details.agents) await expect(memberRows.getByRole("link", { name: agent.name, exact: true }).first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("a viewer sees the proposals but no Apply, on a phone-wide screen, accessibly", async ({ page, baseURL, consoleErrors }) => {
  await signIn(page);
  const squad = await weakSquad(page.request, baseURL!);
  await page.context().clearCookies();
  await signIn(page, "viewer");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/squads/${squad.id}`);
  const panel = page.getByTestId("squad-optimizer");
  await panel.getByRole("button", { name: "Optimize" }).click();
  await expect(panel.getByTestId("optimizer-proposal").first()).toBeVisible();
  await expect(panel.getByRole("button", { name: /^Apply/ })).toHaveCount(0);
  const width = await page.evaluate(() => ({ scroll: document.scrollingElement?.scrollWidth ?? 0, inner: window.innerWidth }));
  expect(width.scroll).toBeLessThanOrEqual(width.inner);
  await expectAccessible(page, "the squad optimizer", "[data-testid=squad-optimizer]");
  expect(consoleErrors).toEqual([]);
});
