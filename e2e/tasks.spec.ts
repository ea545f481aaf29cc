import { signIn } from "./auth";
import { answerFavicon, apiWrite } from "./auth-helpers";
import { expect, test, type Page } from "./fixtures";

test.beforeEach(({ page }) => answerFavicon(page));

const column = (page: Page, title: string) => page.getByRole("region", { name: new RegExp(`^${title}`) });

test("an operator assigns a task found by entity name and moves it across the board", async ({ page, baseURL, consoleErrors }) => {
  await signIn(page);
  const item = { id: "e2e-board-item", name: "E2E Board Connector", description: "Target of the board test", itemType: "plugin" };
  expect((await apiWrite(page.request, baseURL!, "POST", "/api/marketplace/addItem", item)).status()).toBe(201);

  await page.goto("/tasks/new");
  await expect(page.getByRole("button", { name: "Assign task" })).toBeEnabled(); // hydrated
  await page.getByLabel("Description").fill("E2E review the connector docs");
  await expect(page.getByLabel("Task id")).toHaveValue("task-e2e-review-the-connector-docs");
  await page.getByLabel("Entity type").selectOption("MarketplaceItem");
  await page.getByLabel("Find by name").fill("board conn");
  const choice = page.getByRole("radio", { name: /E2E Board Connector/ });
  await expect(choice).toBeVisible();
  await choice.check();
  await expect(page.getByRole("status").filter({ hasText: "Assigning to" })).toContainText("E2E Board Connector");
  await page.getByLabel("Priority").selectOption("high");
  await page.getByRole("button", { name: "Assign task" }).click();

  // The board opens with the new card at the head of its lane, marked, its link focused.
  await expect(page).toHaveURL(/\/tasks\?new=task-e2e-review-the-connector-docs$/);
  const card = page.getByRole("listitem").filter({ hasText: "E2E review the connector docs" });
  await expect(column(page, "Pending").getByRole("listitem").first()).toContainText("E2E review the connector docs");
  await expect(card).toHaveAttribute("data-new", "true");
  await expect(card.getByRole("link", { name: "E2E review the connector docs" })).toBeFocused();
  await expect(card.getByRole("link", { name: "E2E Board Connector" })).toBeVisible();

  for (const [button, target] of [
    ["Mark assigned", "Assigned"],
    ["Start", "In progress"],
    ["Complete", "Completed"],
  ] as const) {
    // A card's moves are behind its "Move" menu.
    await card.getByRole("button", { name: "Move" }).click();
    await card.getByRole("button", { name: button }).click();
    // Completing is final: it asks first.
    if (button === "Complete") await page.getByRole("dialog", { name: "Complete task" }).getByRole("button", { name: "Complete task" }).click();
    await expect(column(page, target).getByText("E2E review the connector docs")).toBeVisible();
  }
  // Completed is final: no moves left on the card.
  await expect(card.getByRole("button")).toHaveCount(0);

  const read = await page.request.get("/api/tasks/task-e2e-review-the-connector-docs");
  const history = (await read.json()).statusHistory.map((change: { to: string }) => change.to);
  expect(history).toEqual(["pending", "assigned", "in_progress", "completed"]);
  expect(consoleErrors).toEqual([]);
});

test("a task can be cancelled from an open column; the form refuses a missing entity", async ({ page, baseURL, consoleErrors }) => {
  await signIn(page);
  const task = { id: "e2e-cancel-me", description: "E2E task to cancel", status: "assigned", assignedEntity: { type: "MarketplaceItem", id: "item-0001" } };
  expect((await apiWrite(page.request, baseURL!, "POST", "/api/tasks/assign", task)).status()).toBe(201);
  await page.goto("/tasks");
  const card = page.getByRole("listitem").filter({ hasText: "E2E task to cancel" });
  const menu = card.getByRole("button", { name: "Move" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(card.getByRole("group")).toHaveCount(0);
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(card.getByRole("group").getByRole("button")).toHaveText(["Start", "Cancel"]);
  // Escape closes the menu and focus returns to it.
  await page.keyboard.press("Escape");
  await expect(card.getByRole("group")).toHaveCount(0);
  await expect(menu).toBeFocused();
  await menu.click();
  // Cancelling is final: it asks first, naming the task; "Keep as is" leaves it where it was.
  await card.getByRole("button", { name: "Cancel", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel task" });
  await expect(dialog).toContainText("“E2E task to cancel” will be cancelled");
  await dialog.getByRole("button", { name: "Keep as is" }).click();
  await expect(dialog).toBeHidden();
  await expect(column(page, "Assigned").getByText("E2E task to cancel")).toBeVisible();
  await card.getByRole("button", { name: "Cancel", exact: true }).click();
  await dialog.getByRole("button", { name: "Cancel task" }).click();
  await expect(column(page, "Cancelled").getByText("E2E task to cancel")).toBeVisible();

  await page.goto("/tasks/new");
  await expect(page.getByRole("button", { name: "Assign task" })).toBeEnabled(); // hydrated
  await page.getByLabel("Description").fill("Nobody to do it");
  await page.getByRole("button", { name: "Assign task" }).click();
  await expect(page.locator("#task-entity-error")).toHaveText("Choose who the task is for");
  expect(consoleErrors).toEqual([]);
});

test("the board has a column per status holding the seeded tasks, and fits a phone screen", async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/tasks");
  for (const title of ["Pending", "Assigned", "In progress", "Completed", "Failed", "Cancelled"]) {
    await expect(column(page, title)).toBeVisible();
    expect(await column(page, title).getByRole("listitem").count()).toBeGreaterThan(0);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Anonymous visitors see the board but no move buttons.
  await expect(column(page, "Pending").getByRole("button")).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
