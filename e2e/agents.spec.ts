// Agents in the browser: the list (search, filters, paging), a detail page with its chart, and
// an operator's create → edit → delete round trip.
import { signIn } from "./auth";
import { expect, test } from "./fixtures";

test("the list filters by search, specialization and role, and pages", async ({ page, consoleErrors }) => {
  await page.goto("/agents");
  await expect(page.getByRole("heading", { level: 1, name: "Agents" })).toBeVisible();
  const rows = page.getByRole("table", { name: "Agents" }).locator("tbody tr");
  await expect(rows).toHaveCount(25);
  await expect(page.getByText(/Page 1 of \d+ · 1–25 of \d+/)).toBeVisible();

  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(page.getByRole("link", { name: "First page" })).toBeVisible();

  await page.goto("/agents");
  await page.getByLabel("Role").selectOption("Healer");
  await page.getByLabel("Specialization").selectOption("Healer");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/role=Healer/);
  await expect(page).toHaveURL(/specialization=Healer/);
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (const cell of await rows.locator("td:nth-child(4)").allInnerTexts()) expect(cell).toBe("Healer");

  const firstName = await rows.first().locator("td").first().innerText();
  await page.getByRole("searchbox", { name: "Search" }).fill(firstName);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/q=/);
  await expect(rows.first().locator("td").first()).toHaveText(firstName);
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/agents$/);
  expect(consoleErrors).toEqual([]);
});

test("a detail page shows five roles, metrics, the history chart and ownership", async ({ page, consoleErrors }) => {
  await page.goto("/agents");
  const link = page.getByRole("table", { name: "Agents" }).locator("tbody tr").first().getByRole("link");
  const name = await link.innerText();
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("list", { name: "Roles", exact: true }).locator(":scope > li")).toHaveCount(5);
  const metrics = page.getByTestId("agent-metrics");
  await expect(metrics.getByText("Uptime")).toBeVisible();
  await expect(metrics.getByText("Completion rate")).toBeVisible();
  // The chart is drawn in the browser: its lines are there.
  const chart = page.getByTestId("history-chart");
  await expect(chart.locator(".recharts-line")).toHaveCount(2);
  await expect(page.getByRole("heading", { name: "Ownership and version" })).toBeVisible();
  await page.getByText("Show the figures").click();
  await expect(page.locator("table caption", { hasText: "History, oldest first" })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("an unknown agent is a 404 page", async ({ page }) => {
  const response = await page.goto("/agents/no-such-agent");
  expect(response?.status()).toBe(404);
});

test("an operator creates, edits and deletes an agent", async ({ page, consoleErrors }) => {
  await signIn(page);
  const id = `e2e-agent-${Date.now()}`;
  await page.goto("/agents/new");

  // The shared schema speaks before anything is sent.
  await page.getByRole("button", { name: "Create agent" }).click();
  await expect(page.locator("#agent-id-error")).toHaveText("Required");
  await expect(page.locator("#agent-name-error")).toHaveText("Required");

  await page.getByLabel("Id", { exact: true }).fill(id);
  await page.getByLabel("Name", { exact: true }).fill("E2E Sentinel");
  await page.getByLabel("AI engine", { exact: true }).fill("GPT-4o");
  await page.getByLabel("Uptime (%)").fill("98.5");
  await page.getByLabel("Completion rate (%)").fill("87");
  await page.getByLabel("Owner").fill("0xe2e");
  await page.getByRole("button", { name: "Create agent" }).click();

  await expect(page).toHaveURL(new RegExp(`/agents/${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "E2E Sentinel" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Roles", exact: true }).locator(":scope > li")).toHaveCount(5);
  await expect(page.getByTestId("agent-metrics").getByText("98.5%")).toBeVisible();
  await expect(page.getByText("No history recorded yet.")).toBeVisible();

  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${id}/edit$`));
  await expect(page.getByLabel("Id", { exact: true })).toHaveValue(id);
  await page.getByLabel("Name", { exact: true }).fill("E2E Sentinel Prime");
  await page.getByLabel("Uptime (%)").fill("150");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("#agent-uptime-error")).toHaveText("At most 100");
  await page.getByLabel("Uptime (%)").fill("99.9");
  await page.getByLabel("Role 1 name").fill("Strategist");
  await page.getByLabel("Specialization").fill("");
  await page.getByRole("button", { name: "Save changes" }).click();

  await expect(page).toHaveURL(new RegExp(`/agents/${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "E2E Sentinel Prime" })).toBeVisible();
  await expect(page.getByTestId("agent-metrics").getByText("99.9%")).toBeVisible();
  await expect(page.getByRole("list", { name: "Roles", exact: true }).getByRole("heading", { level: 3 }).first()).toHaveText("Strategist");

  await page.getByRole("button", { name: "Delete agent" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await page.goto(`/agents?q=${id}`);
  await expect(page.getByText("No agents match these filters.")).toBeVisible();
  expect((await page.request.get(`/api/agents/${id}/details`)).status()).toBe(404);
  expect(consoleErrors).toEqual([]);
});

test("a signed-out visitor is told to sign in instead of being given a form that would fail", async ({ page }) => {
  await page.goto("/agents/new");
  await expect(page.getByRole("form", { name: "Create agent" })).toHaveCount(0);
  await expect(page.getByRole("note").getByRole("link", { name: "Sign in" })).toBeVisible();
});

test("the list and a detail page fit a phone screen", async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/agents");
  await expect(page.getByRole("heading", { level: 1, name: "Agents" })).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByRole("table", { name: "Agents" }).locator("tbody tr").first().getByRole("link").click();
  await expect(page.getByTestId("history-chart").locator(".recharts-line")).toHaveCount(2);
  expect(await overflow()).toBeLessThanOrEqual(0);
  expect(consoleErrors).toEqual([]);
});
