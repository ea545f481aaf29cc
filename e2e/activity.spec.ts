// The activity page: an agent created through the API shows up as "Agent created", linked to the
// agent's page, by the signed-in user who made it; the type filter narrows the list; signed-out
// visitors are asked to sign in.
import { signIn } from "./auth";
import { answerFavicon, apiWrite } from "./auth-helpers";
import { expect, test } from "./fixtures";

test.beforeEach(({ page }) => answerFavicon(page));

test("an agent created through the API appears on the activity page, linked to its page", async ({ page, baseURL, consoleErrors }) => {
  await signIn(page);
  const id = `e2e-activity-${Date.now().toString(36)}`;
  const created = await apiWrite(page.request, baseURL!, "POST", "/api/agents", {
    id,
    name: "Activity Agent",
    aiEngine: "GPT-4o",
    ownershipMetadata: { owner: "0xabc", leased: false },
  });
  expect(created.status()).toBe(201);

  await page.goto("/activity?type=agent.created");
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
  await expect(page.getByLabel("Event", { exact: true })).toHaveValue("agent.created");
  const table = page.getByRole("table", { name: "Events" });
  const row = table.getByRole("row").filter({ hasText: id });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Agent created");
  // The time, relative in the cell, exact in its datetime attribute.
  await expect(row.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  // Every row shown is of the chosen type.
  await expect(table.locator("tbody tr:not([data-event-type='agent.created'])")).toHaveCount(0);

  await row.getByRole("link", { name: /Activity Agent/ }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${id}$`));
  expect(consoleErrors).toEqual([]);
});

test("signed-out visitors are asked to sign in", async ({ page }) => {
  await page.goto("/activity");
  const note = page.locator(".note").filter({ hasText: "to see the activity" });
  await expect(note).toBeVisible();
  await expect(note.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin?next=/activity");
});
