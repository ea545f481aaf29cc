import { test, expect } from "./fixtures";

test("the overview renders the seeded data with no console errors", async ({ page, consoleErrors }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  const kpis = page.getByTestId("kpis");
  // Seeded demo data: agents and squads are counted, not zero.
  await expect(kpis.getByText("Agents", { exact: true })).toBeVisible();
  const agents = Number((await kpis.locator(".stat").first().locator(".stat-value").innerText()).replace(/,/g, ""));
  expect(agents).toBeGreaterThanOrEqual(60);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("an unknown page answers 404 with a way back", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "Back to the overview" })).toBeVisible();
});
