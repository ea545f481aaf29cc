// The task board's drag and drop, by keyboard: a card picked up with Space travels only between the lanes
// its status may move to, drops with Space (persisted through the task move API), and Escape cancels.
import { signIn } from "./auth";
import { answerFavicon, apiWrite, forgiveStatus } from "./auth-helpers";
import { expect, test, type Page } from "./fixtures";
import { keyboardSensorListening } from "./settle";

test.beforeEach(({ page }) => answerFavicon(page));

const lane = (page: Page, title: string) => page.getByRole("region", { name: new RegExp(`^${title}`) });
const LANES = ["Pending", "Assigned", "In progress", "Completed", "Failed", "Cancelled"] as const;

/** Signed in as an operator, a new overdue pending task on a board filtered to it; its drag handle, hydrated. */
const boardWithNewTask = async (page: Page, baseURL: string, description: string) => {
  await signIn(page);
  const id = `e2e-dnd-${Date.now()}-${description.length}`;
  const task = { id, description, status: "pending", dueDate: "2020-01-02T00:00:00.000Z", assignedEntity: { type: "MarketplaceItem", id: "item-0001" } };
  expect((await apiWrite(page.request, baseURL, "POST", "/api/tasks/assign", task)).status()).toBe(201);
  await page.goto(`/tasks?q=${encodeURIComponent(description)}`);
  const handle = page.getByRole("button", { name: `Drag “${description}”` });
  await expect(handle).toBeEnabled(); // hydrated
  return { id, handle };
};

test("a pending task moves to Assigned by keyboard drag and drop and stays there after a reload", async ({ page, baseURL }) => {
  const { id, handle } = await boardWithNewTask(page, baseURL!, "E2E drag me to assigned");
  const card = lane(page, "Pending").getByRole("listitem").filter({ hasText: "E2E drag me to assigned" });
  await expect(card.getByText("overdue since Jan 2, 2020")).toBeVisible();

  await handle.focus();
  await page.keyboard.press("Space");
  // Picked up: the lanes a pending task may not move to are shown as unavailable.
  await expect(lane(page, "Pending")).toHaveAttribute("data-drop", "origin");
  await keyboardSensorListening(page);
  for (const title of ["Assigned", "Cancelled"]) await expect(lane(page, title)).toHaveAttribute("data-drop", "available");
  for (const title of ["In progress", "Completed", "Failed"]) {
    await expect(lane(page, title)).toHaveAttribute("data-drop", "unavailable");
    await expect(lane(page, title)).toContainText("Cannot move here from Pending");
  }
  await expect(page.getByText(/“E2E drag me to assigned” .*Pending\. It can move to Assigned, Cancelled\./)).toBeAttached();

  await page.keyboard.press("ArrowRight");
  await expect(lane(page, "Assigned")).toHaveAttribute("data-over", "true");
  await page.keyboard.press("Space");

  await expect(lane(page, "Assigned").getByRole("listitem").filter({ hasText: "E2E drag me to assigned" })).toBeVisible();
  await expect(lane(page, "Pending").getByText("E2E drag me to assigned")).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Moved “E2E drag me to assigned” to Assigned." })).toBeVisible();
  for (const title of LANES) await expect(lane(page, title)).not.toHaveAttribute("data-drop", /./);

  await page.reload();
  await expect(lane(page, "Assigned").getByText("E2E drag me to assigned")).toBeVisible();
  const stored = await (await page.request.get(`/api/tasks/${id}`)).json();
  expect(stored.statusHistory.map((change: { to: string }) => change.to)).toEqual(["pending", "assigned"]);
});

test("arrow keys skip the lanes a move is not legal to, and Escape puts the card back", async ({ page, baseURL }) => {
  const { id, handle } = await boardWithNewTask(page, baseURL!, "E2E skip illegal lanes");
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(lane(page, "Pending")).toHaveAttribute("data-drop", "origin");
  await keyboardSensorListening(page);
  await page.keyboard.press("ArrowRight"); // Assigned
  await expect(lane(page, "Assigned")).toHaveAttribute("data-over", "true");
  await page.keyboard.press("ArrowRight"); // past In progress, Completed and Failed: Cancelled
  await expect(lane(page, "Cancelled")).toHaveAttribute("data-over", "true");
  for (const title of ["In progress", "Completed", "Failed"]) await expect(lane(page, title)).not.toHaveAttribute("data-over", "true");
  await page.keyboard.press("Escape");
  await expect(page.getByText("Cancelled. “E2E skip illegal lanes” stays in Pending.")).toBeAttached();
  await expect(lane(page, "Pending").getByText("E2E skip illegal lanes")).toBeVisible();
  expect((await (await page.request.get(`/api/tasks/${id}`)).json()).status).toBe("pending");
});

test("a drop on a final lane asks first: kept as is it stays, confirmed it moves", async ({ page, baseURL, consoleErrors }) => {
  const { id, handle } = await boardWithNewTask(page, baseURL!, "E2E drop me on cancelled");
  const dropOnCancelled = async () => {
    await handle.focus();
    await page.keyboard.press("Space");
    await expect(lane(page, "Pending")).toHaveAttribute("data-drop", "origin");
    await keyboardSensorListening(page);
    await page.keyboard.press("ArrowRight"); // Assigned
    await expect(lane(page, "Assigned")).toHaveAttribute("data-over", "true");
    await page.keyboard.press("ArrowRight"); // Cancelled
    await expect(lane(page, "Cancelled")).toHaveAttribute("data-over", "true");
    await page.keyboard.press("Space");
  };
  await dropOnCancelled();
  const dialog = page.getByRole("dialog", { name: "Cancel task" });
  await expect(dialog).toContainText("“E2E drop me on cancelled” will be cancelled");
  await dialog.getByRole("button", { name: "Keep as is" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Not moved: “E2E drop me on cancelled” stays in Pending." })).toBeVisible();
  await expect(lane(page, "Pending").getByText("E2E drop me on cancelled")).toBeVisible();
  expect((await (await page.request.get(`/api/tasks/${id}`)).json()).status).toBe("pending");

  await dropOnCancelled();
  await dialog.getByRole("button", { name: "Cancel task" }).click();
  await expect(lane(page, "Cancelled").getByText("E2E drop me on cancelled")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Moved “E2E drop me on cancelled” to Cancelled." })).toBeVisible();
  expect((await (await page.request.get(`/api/tasks/${id}`)).json()).status).toBe("cancelled");
  expect(consoleErrors).toEqual([]);
});

test("a refused drop leaves the card in its lane and says why", async ({ page, baseURL, consoleErrors }) => {
  // A board that has not heard of the change yet: its live stream is held (never answered), so the
  // cancel below does not redraw the board before the drop, as it otherwise would within a second.
  await page.route("**/api/events/stream**", () => {});
  const { id, handle } = await boardWithNewTask(page, baseURL!, "E2E moved elsewhere meanwhile");
  // Someone else cancels the task after this page was drawn: the board's move to Assigned is now illegal.
  expect((await apiWrite(page.request, baseURL!, "PATCH", `/api/tasks/${id}/status`, { status: "cancelled" })).status()).toBe(200);
  await handle.focus();
  // Each key waits for the board to take the previous one: a key pressed before the sensor listens is lost.
  await page.keyboard.press("Space");
  await expect(lane(page, "Pending")).toHaveAttribute("data-drop", "origin");
  await keyboardSensorListening(page);
  await page.keyboard.press("ArrowRight");
  await expect(lane(page, "Assigned")).toHaveAttribute("data-over", "true");
  await page.keyboard.press("Space");
  await expect(page.getByRole("alert").filter({ hasText: "Conflict" })).toContainText("cancelled");
  await expect(page.getByRole("status").filter({ hasText: "could not be moved; it stays in Pending" })).toBeVisible();
  await expect(lane(page, "Pending").getByText("E2E moved elsewhere meanwhile")).toBeVisible();
  forgiveStatus(consoleErrors, 409); // the refused move's answer, provoked on purpose
});

test("viewers and visitors get no drag handles", async ({ page }) => {
  await page.goto("/tasks");
  await expect(page.getByRole("button", { name: /^Drag / })).toHaveCount(0);
});
