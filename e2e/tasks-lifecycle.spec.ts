// A task's lifecycle in the browser: completed with a result from its page, edited, the agent's page
// showing the record the completion moved, and deleted; while in progress it offers no edit or delete.
import { signIn } from "./auth";
import { answerFavicon, apiWrite } from "./auth-helpers";
import { expect, test } from "./fixtures";

test.beforeEach(({ page }) => answerFavicon(page));

test("an operator completes a task with a result, edits it, sees the agent's record move, and deletes it", async ({ page, baseURL, consoleErrors }) => {
  await signIn(page);
  const suffix = Date.now();
  const agent = {
    id: `e2e-outcome-agent-${suffix}`,
    name: `E2E Outcome Agent ${suffix}`,
    aiEngine: "gpt-4o",
    experiencePoints: 1000,
    performanceMetrics: { uptime: 99, completionRate: 80, averageResponseTime: 300, errorRate: 1 },
  };
  expect((await apiWrite(page.request, baseURL!, "POST", "/api/agents", agent)).status()).toBe(201);
  const id = `e2e-lifecycle-${suffix}`;
  const task = { id, description: "E2E reconcile the treasury", status: "in_progress", assignedEntity: { type: "Agent", id: agent.id } };
  expect((await apiWrite(page.request, baseURL!, "POST", "/api/tasks/assign", task)).status()).toBe(201);

  // In progress: the page offers finishing, not editing or deleting.
  await page.goto(`/tasks/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("E2E reconcile the treasury");
  await expect(page.getByText("In progress: finish or cancel it before editing or deleting it.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
  const complete = page.getByRole("group", { name: "Finish the task" }).getByRole("button", { name: "Complete" });
  await expect(complete).toBeEnabled(); // hydrated
  await page.getByLabel("Result summary (optional)").fill("Balances reconciled; one discrepancy reported.");
  await complete.click();

  const result = page.getByTestId("task-result");
  await expect(result).toContainText("Balances reconciled; one discrepancy reported.");
  await expect(page.locator(".badge-completed").first()).toHaveText("completed");

  // Edit: a new description and a longer result.
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(new RegExp(`/tasks/${id}/edit$`));
  const save = page.getByRole("button", { name: "Save task" });
  await expect(save).toBeEnabled(); // hydrated
  await page.getByLabel("Description").fill("E2E reconcile the treasury (reviewed)");
  await page.getByLabel("Result summary").fill("Balances reconciled; the discrepancy was a fee.");
  await page.getByLabel("Result details (JSON object, optional)").fill('{"discrepancies": 1}');
  await save.click();
  await expect(page).toHaveURL(new RegExp(`/tasks/${id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("E2E reconcile the treasury (reviewed)");
  await expect(result).toContainText("the discrepancy was a fee");
  await expect(result).toContainText('"discrepancies": 1');

  // The completion moved the agent's record: 80 % → 82 %, 1,000 → 1,100 XP.
  await page.getByRole("link", { name: agent.name }).click();
  const metrics = page.getByTestId("agent-metrics");
  await expect(metrics).toContainText("82.0%");
  await expect(metrics).toContainText("1,100");

  // Delete.
  await page.goto(`/tasks/${id}`);
  await page.getByRole("button", { name: "Delete task" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  expect((await page.request.get(`/api/tasks/${id}`)).status()).toBe(404);
  expect(consoleErrors).toEqual([]);
});

test("the board marks an overdue task and links to its page, which marks it too", async ({ page, baseURL, consoleErrors }) => {
  await signIn(page);
  const id = `e2e-overdue-${Date.now()}`;
  const task = { id, description: `E2E overdue ${id}`, status: "assigned", dueDate: "2020-03-04T10:00:00.000Z" };
  expect((await apiWrite(page.request, baseURL!, "POST", "/api/tasks/assign", task)).status()).toBe(201);
  await page.goto(`/tasks?q=${encodeURIComponent(task.description)}`);
  const card = page.getByRole("listitem").filter({ hasText: task.description });
  await expect(card.getByText("overdue since Mar 4, 2020")).toBeVisible();
  await card.getByRole("link", { name: task.description }).click();
  await expect(page).toHaveURL(new RegExp(`/tasks/${id}$`));
  await expect(page.getByText("overdue since Mar 4, 2020")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
