// Role-aware screens: write controls only for operators and admins, a sign-in prompt where it helps,
// and /signin knows who is signed in.
import { test, expect, type Page } from "./fixtures";
import { OPERATOR, signIn } from "./auth";
import { seeded } from "./data";

const firstAgent = (page: Page) => seeded(page.request, "/api/agents");
const firstSquad = (page: Page) => seeded(page.request, "/api/squads");

test.beforeEach(async ({ page }) => {
  await page.route("**/favicon.ico", (route) => route.fulfill({ status: 204, body: "" }));
});

test("a signed-out visitor sees no write controls, and a form page asks them to sign in", async ({ page }) => {
  for (const [list, name] of [["/agents", "New agent"], ["/squads", "New squad"], ["/syndicates", "New syndicate"], ["/marketplace", "Add item"], ["/deployments", "New deployment"]] as const) {
    await page.goto(list);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name, exact: true }), `${list} offers no "${name}"`).toHaveCount(0);
  }
  const agent = await firstAgent(page);
  await page.goto(`/agents/${encodeURIComponent(agent.id)}`);
  await expect(page.getByRole("heading", { level: 1, name: agent.name })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Delete/ })).toHaveCount(0);

  const squad = await firstSquad(page);
  await page.goto(`/squads/${encodeURIComponent(squad.id)}`);
  await expect(page.getByRole("heading", { level: 1, name: squad.name })).toBeVisible();
  await expect(page.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Edit squad" })).toHaveCount(0);

  await page.goto("/agents/new");
  await expect(page.getByRole("form", { name: "Create agent" })).toHaveCount(0);
  const prompt = page.getByRole("note");
  await expect(prompt).toContainText("Sign in as an operator to create agents.");
  await prompt.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/signin\?next=%2Fagents%2Fnew$/);
});

test("a viewer is told their role only reads, and sees no write controls", async ({ page }) => {
  await signIn(page, "viewer");
  await page.goto("/squads/new");
  await expect(page.getByRole("note")).toContainText("Your role (viewer) can look but not create squads");
  await expect(page.getByRole("form", { name: "Create squad" })).toHaveCount(0);
  await page.goto("/agents");
  await expect(page.getByRole("heading", { level: 1, name: "Agents" })).toBeVisible();
  await expect(page.getByRole("link", { name: "New agent" })).toHaveCount(0);
  const squad = await firstSquad(page);
  await page.goto(`/squads/${encodeURIComponent(squad.id)}`);
  await expect(page.getByRole("heading", { level: 1, name: squad.name })).toBeVisible();
  await expect(page.getByRole("button", { name: /Delete/ })).toHaveCount(0);
});

test("an operator gets the write controls on lists and detail pages", async ({ page }) => {
  await signIn(page);
  await page.goto("/agents");
  await page.getByRole("link", { name: "New agent" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New agent" })).toBeVisible();
  await expect(page.getByRole("note")).toHaveCount(0);
  const squad = await firstSquad(page);
  await page.goto(`/squads/${encodeURIComponent(squad.id)}`);
  await expect(page.getByRole("button", { name: /Delete/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Edit squad" })).toBeVisible();
});

test("/signin says who is signed in instead of showing the form again", async ({ page }) => {
  await signIn(page);
  await page.goto("/signin");
  await expect(page.getByRole("status")).toContainText(`You are signed in as ${OPERATOR.email} (operator)`);
  await expect(page.getByLabel("Password")).toHaveCount(0);
  await page.getByRole("link", { name: "Go to the overview" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
});
