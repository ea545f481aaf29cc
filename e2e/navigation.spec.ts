// Getting around: ⌘K search opens a record by name (or a page, or an action), breadcrumbs say where a page sits, an unknown record
// says so inside the dashboard, and the bar at the top shows while a page loads.
import { answerFavicon } from "./auth-helpers";
import { expect, test, type Page } from "./fixtures";
import { seeded } from "./data";

test.beforeEach(({ page }) => answerFavicon(page));

/** A seeded agent, read through the public API. */
const anAgent = (page: Page) => seeded(page.request, "/api/agents");

test("Ctrl+K finds an agent by name and Enter opens its page", async ({ page }) => {
  const agent = await anAgent(page);
  await page.goto("/");
  await expect(page.getByRole("button", { name: /Search/ })).toBeEnabled();
  const dialog = page.getByRole("dialog", { name: "Search" });
  // The shortcut's listener is attached just after hydration; on a slow run a first press can come before it.
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.keyboard.press("Control+K");
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  const input = dialog.getByRole("combobox");
  await expect(input).toBeFocused();
  await input.fill(agent.name.toUpperCase());
  const option = dialog.getByRole("option", { name: new RegExp(agent.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }).first();
  await expect(option).toBeVisible();
  await expect(dialog.getByRole("group", { name: "Agents" })).toBeVisible();
  await expect(dialog.getByRole("status")).toContainText(/\d+ match/);
  // The first match is chosen; arrow keys move the choice, Enter opens it.
  await expect(dialog.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await input.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/agents/${encodeURIComponent(agent.id)}$`));
  await expect(page.getByRole("heading", { level: 1, name: agent.name })).toBeVisible();
  await expect(dialog).toBeHidden();
});

test("the palette finds pages and actions too, and keeps a choice while one types", async ({ page }) => {
  await page.goto("/agents");
  const trigger = page.getByRole("button", { name: /Search/ });
  await expect(trigger).toBeEnabled();
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Search" });
  const input = dialog.getByRole("combobox");
  await expect(input).toBeFocused();
  // Typed a key at a time: after every key something is chosen, so Enter always opens a match.
  for (const text of ["q", "qu", "qua", "quan"]) {
    await input.fill(text);
    await expect(dialog.getByRole("option", { selected: true })).toHaveCount(1);
  }
  await expect(dialog.getByRole("group", { name: "Pages" }).getByRole("option", { name: /Quantum/ })).toBeVisible();
  await expect(dialog.getByRole("group", { name: "Actions" }).getByRole("option", { name: /Run a circuit/ })).toBeVisible();
  // The first match is chosen; the arrow keys move the choice (records named "Quantum …" come after).
  await expect(dialog.getByRole("group", { name: "Pages" }).getByRole("option", { name: /Quantum/ })).toHaveAttribute("aria-selected", "true");
  await input.press("ArrowDown");
  await expect(dialog.getByRole("group", { name: "Actions" }).getByRole("option", { name: /Run a circuit/ })).toHaveAttribute("aria-selected", "true");
  await input.press("Enter");
  await expect(page).toHaveURL(/\/quantum\/circuit$/);
  await expect(dialog).toBeHidden();
});

test("on a phone the Search button opens the palette; Escape closes it and nothing matches says so", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/agents");
  const trigger = page.getByRole("button", { name: /Search/ });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Search" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("combobox").fill("zz-no-record-has-this-zz");
  await expect(dialog.getByRole("status")).toHaveText("Nothing matches “zz-no-record-has-this-zz”.");
  await expect(dialog.getByRole("option")).toHaveCount(0);
  const width = await dialog.evaluate((element) => element.getBoundingClientRect().right);
  expect(width).toBeLessThanOrEqual(375);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

test("a detail page and its edit page show breadcrumbs named after the record", async ({ page }) => {
  const agent = await anAgent(page);
  await page.goto(`/agents/${encodeURIComponent(agent.id)}`);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("listitem")).toHaveText(["Agents", agent.name]);
  await expect(crumbs.getByText(agent.name)).toHaveAttribute("aria-current", "page");

  await page.goto(`/agents/${encodeURIComponent(agent.id)}/edit`);
  await expect(crumbs.getByRole("listitem")).toHaveText(["Agents", agent.name, "Edit"]);
  await crumbs.getByRole("link", { name: agent.name }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${encodeURIComponent(agent.id)}$`));
  await crumbs.getByRole("link", { name: "Agents" }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(page.getByRole("heading", { level: 1, name: "Agents" })).toBeVisible();
});

test("an unknown record is a not-found state inside the dashboard", async ({ page, consoleErrors }) => {
  const response = await page.goto("/agents/no-such-agent-anywhere");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
  await expect(page.getByText("There is no record with this id.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  // The browser reports the 404 document itself as a console error; that is the expected answer here.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((line) => !line.includes("status of 404")));
});

test("a path id or a filter holding a NUL byte is a not-found page or an ignored filter, never an error page", async ({ page, consoleErrors }) => {
  for (const path of ["/quantum/agent/%00", "/quantum/squad/a%00b"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
  }
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((line) => !line.includes("status of 404")));

  for (const [path, heading] of [["/agents?q=%00&role=%00", "Agents"], ["/marketplace?category=%00", "Marketplace"], ["/squads?q=a%00", "Squads"]]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Ignored" })).toContainText("could not be understood");
  }
});

test("a slow page shows a loading state (the top bar, then its skeleton) until it has rendered", async ({ page }) => {
  // Hold the next page's server answer back for a moment, as a busy server would — its prefetch too
  // (installed after the first visit, a prefetch that finished meanwhile left nothing to wait for).
  await page.route("**/squads**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto("/");
  const squads = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Squads" });
  await expect(squads).toBeVisible();
  await squads.click();
  await expect(page.getByRole("progressbar", { name: "Loading page" }).or(page.getByTestId("page-skeleton")).first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Squads" })).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByTestId("page-skeleton")).toHaveCount(0);
});
