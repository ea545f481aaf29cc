// Row selection and bulk delete on list pages: choosing rows brings up a bar naming how many; the
// delete asks first, naming them; what the API refuses (an agent with open tasks) stays chosen with
// the reason in the dialog, the rest is gone; viewers get no checkboxes.
import { signIn } from "./auth";
import { apiWrite, forgiveStatus } from "./auth-helpers";
import { expect, test } from "./fixtures";

test("agents chosen on the list are deleted together after a confirm; one with open tasks stays, saying why", async ({ page, baseURL, consoleErrors }) => {
  await signIn(page);
  const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const names = ["Alpha", "Beta", "Gamma"].map((word) => `E2E Bulk ${word} ${stamp}`);
  const ids = names.map((name) => name.toLowerCase().replaceAll(" ", "-"));
  for (const [k, id] of ids.entries()) {
    expect((await apiWrite(page.request, baseURL!, "POST", "/api/agents", { id, name: names[k], aiEngine: "gpt-4o" })).status()).toBe(201);
  }
  // Gamma has an open task: the API refuses to delete it (409).
  const task = { id: `task-e2e-bulk-${stamp}`, description: `Bulk errand ${stamp}`, status: "pending", assignedEntity: { type: "Agent", id: ids[2] } };
  expect((await apiWrite(page.request, baseURL!, "POST", "/api/tasks/assign", task)).status()).toBe(201);

  await page.goto(`/agents?q=${stamp}`);
  const table = page.getByRole("table", { name: "Agents" });
  await expect(table.locator("tbody tr")).toHaveCount(3);
  const all = page.getByRole("checkbox", { name: "Select every agent shown" });
  await expect(all).toBeEnabled();

  // One row, then all of them; the header box is mixed in between.
  await page.getByRole("checkbox", { name: `Select ${names[0]}` }).check();
  const bar = page.getByRole("region", { name: "Selection" });
  await expect(bar.getByRole("status")).toHaveText("1 agent selected");
  expect(await all.evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true);
  await all.check();
  await expect(bar.getByRole("status")).toHaveText("3 agents selected");

  await bar.getByRole("button", { name: "Delete 3 agents" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete 3 agents" });
  await expect(dialog).toContainText(`Delete “${names[0]}”, “${names[1]}” and “${names[2]}”? This cannot be undone.`);
  await dialog.getByRole("button", { name: "Delete 3 agents" }).click();

  // Two are gone; the third stays, still chosen, and the dialog says why in the API's words (it now
  // offers to delete the one left).
  const left = page.getByRole("dialog", { name: "Delete 1 agent" });
  await expect(left.getByRole("alert")).toContainText(`Deleted 2 of 3. Not deleted — “${names[2]}”:`);
  await expect(left.getByRole("alert")).toContainText(/open task/i);
  await left.getByRole("button", { name: "Cancel" }).click();
  await expect(left).toBeHidden();
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table).toContainText(names[2]);
  await expect(bar.getByRole("status")).toHaveText("1 agent selected");
  for (const id of ids.slice(0, 2)) expect((await page.request.get(`/api/agents/${id}/details`)).status()).toBe(404);
  expect((await page.request.get(`/api/agents/${ids[2]}/details`)).status()).toBe(200);

  // Clearing the selection hides the bar.
  await bar.getByRole("button", { name: "Clear selection" }).click();
  await expect(bar).toBeHidden();
  forgiveStatus(consoleErrors, 409); // the refused delete's answer, provoked on purpose
});

test("squads are chosen and deleted the same way, and a viewer gets no checkboxes", async ({ page, baseURL, browser }) => {
  await signIn(page);
  const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const names = [`E2E bulk squad one ${stamp}`, `E2E bulk squad two ${stamp}`];
  for (const name of names) {
    expect((await apiWrite(page.request, baseURL!, "POST", "/api/squads", { id: name.toLowerCase().replaceAll(" ", "-"), name, agents: [] })).status()).toBe(201);
  }
  await page.goto(`/squads?q=${stamp}`);
  const table = page.getByRole("table", { name: "Squads" });
  await expect(table.locator("tbody tr")).toHaveCount(2);
  await page.getByRole("checkbox", { name: "Select every squad shown" }).check();
  await page.getByRole("region", { name: "Selection" }).getByRole("button", { name: "Delete 2 squads" }).click();
  await page.getByRole("dialog", { name: "Delete 2 squads" }).getByRole("button", { name: "Delete 2 squads" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByText("Deleted 2 squads")).toBeVisible();
  await expect(page.getByText("No squads match")).toBeVisible();

  const viewer = await browser.newPage();
  await signIn(viewer, "viewer");
  await viewer.goto("/squads");
  await expect(viewer.getByRole("table", { name: "Squads" })).toBeVisible();
  await expect(viewer.getByRole("checkbox")).toHaveCount(0);
  await viewer.close();
});
