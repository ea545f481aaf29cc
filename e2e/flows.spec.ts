// The flows a new operator tries, on the form kit and the confirm dialog: a create that fails
// validation and then succeeds (focus on the first bad field, its message gone once fixed, a toast,
// the new record's page), a duplicate id shown at the id field, delete with confirmation (Escape and
// Cancel keep the record, Delete removes it), an offline click refused at once, the API key's Copy
// button, and the write controls a viewer or a signed-out visitor does not get. (e2e/roles.spec.ts
// covers the list pages' New links and the agents/squads form prompts.)
import { signIn } from "./auth";
import { forgiveStatus } from "./auth-helpers";
import { expect, test, type Page } from "./fixtures";
import { seeded } from "./data";

const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]", { hasText: text });

test.beforeEach(async ({ page }) => {
  await page.route("**/favicon.ico", (route) => route.fulfill({ status: 204, body: "" }));
});

test("an agent: a validation error, then success; its id again is a conflict at the id field; delete asks first", async ({ page, consoleErrors }) => {
  await signIn(page);
  const id = `e2e-flow-agent-${Date.now()}`;
  await page.goto("/agents/new");
  const create = page.getByRole("button", { name: "Create agent" });
  await expect(create).toBeEnabled(); // hydrated

  // Name left empty and an uptime out of range: focus goes to the first bad field, in plain words.
  await page.getByLabel("Id", { exact: true }).fill(id);
  await page.getByLabel("AI engine", { exact: true }).fill("GPT-4o");
  await page.getByLabel("Uptime (%)").fill("150");
  await create.click();
  const name = page.getByLabel("Name", { exact: true });
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Required");
  await expect(page.locator("#agent-uptime-error")).toHaveText("At most 100");
  await expect(page.getByText(/Invalid input|expected number/)).toHaveCount(0);

  // Fixing a field takes its message away at once; the other keeps its own.
  await name.fill("Flow Sentinel");
  await expect(page.locator("#agent-name-error")).toHaveCount(0);
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#agent-uptime-error")).toBeVisible();
  await page.getByLabel("Uptime (%)").fill("99");
  await expect(page.locator("#agent-uptime-error")).toHaveCount(0);
  await create.click();
  await expect(toast(page, "Agent created")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/agents/${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Flow Sentinel" })).toBeVisible();

  // The same id again: the API's 409 is shown at the id field, which gets focus; nothing at the bottom.
  await page.goto("/agents/new");
  await expect(create).toBeEnabled();
  await page.getByLabel("Id", { exact: true }).fill(id);
  await page.getByLabel("Name", { exact: true }).fill("Flow Twin");
  await page.getByLabel("AI engine", { exact: true }).fill("GPT-4o");
  await create.click();
  const idField = page.getByLabel("Id", { exact: true });
  await expect(page.locator("#agent-id-error")).toContainText("already exists");
  await expect(idField).toBeFocused();
  await expect(page.getByRole("form", { name: "Create agent" }).getByRole("alert")).toHaveCount(0);
  forgiveStatus(consoleErrors, 409);
  await idField.fill(`${id}-2`);
  await expect(page.locator("#agent-id-error")).toHaveCount(0);

  // Delete asks in a dialog: Escape and Cancel keep the agent (focus back on the button), Delete removes it.
  await page.goto(`/agents/${id}`);
  const remove = page.getByRole("button", { name: "Delete agent" });
  await expect(remove).toBeEnabled();
  await remove.click();
  const dialog = page.getByRole("dialog", { name: "Delete agent" });
  await expect(dialog).toContainText("Flow Sentinel");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused(); // focus stays inside
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();
  await remove.click();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect((await page.request.get(`/api/agents/${id}/details`)).status()).toBe(200);

  await remove.click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(toast(page, "Agent “Flow Sentinel” deleted")).toBeVisible();
  expect((await page.request.get(`/api/agents/${id}/details`)).status()).toBe(404);
  expect(consoleErrors).toEqual([]);
});

test("a squad: created after a validation error, then deleted after confirming", async ({ page, consoleErrors }) => {
  await signIn(page);
  const agent = await seeded(page.request, "/api/agents");
  const id = `e2e-flow-squad-${Date.now()}`;
  await page.goto("/squads/new");
  const create = page.getByRole("button", { name: "Create squad" });
  await expect(create).toBeEnabled();
  await create.click();
  // Both empty: focus goes to the first field in error in page order, the name (the id follows it).
  const nameField = page.getByLabel("Squad name");
  await expect(nameField).toBeFocused();
  await expect(page.locator("#squad-id-error")).toHaveText("Required");
  const idField = page.getByLabel("Id", { exact: true });
  await idField.fill(id);
  await expect(page.locator("#squad-id-error")).toHaveCount(0);
  await nameField.fill("Flow Squad");
  // Typed by hand, the id is no longer the name's suggestion.
  await expect(idField).toHaveValue(id);
  await page.getByLabel("Find agents by name").fill(agent.name);
  await page.getByRole("button", { name: `Add ${agent.name}`, exact: true }).click();
  await create.click();
  await expect(toast(page, "Squad created")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/squads/${id}$`));

  const remove = page.getByRole("button", { name: "Delete squad" });
  await remove.click();
  const dialog = page.getByRole("dialog", { name: "Delete squad" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Flow Squad" })).toBeVisible();
  await remove.click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/squads$/);
  await expect(toast(page, "Squad “Flow Squad” deleted")).toBeVisible();
  expect((await page.request.get(`/api/squads/${id}/details`)).status()).toBe(404);
  expect(consoleErrors).toEqual([]);
});

test("a click made offline fails at once with a plain message, and nothing is saved later", async ({ page, context, consoleErrors }) => {
  await signIn(page);
  const id = `e2e-flow-offline-${Date.now()}`;
  await page.goto("/agents/new");
  await expect(page.getByRole("button", { name: "Create agent" })).toBeEnabled();
  await page.getByLabel("Id", { exact: true }).fill(id);
  await page.getByLabel("Name", { exact: true }).fill("Offline Agent");
  await page.getByLabel("AI engine", { exact: true }).fill("GPT-4o");
  await context.setOffline(true);
  await page.getByRole("button", { name: "Create agent" }).click();
  await expect(page.getByRole("form", { name: "Create agent" }).getByRole("alert")).toContainText("You are offline — nothing was saved.");
  await context.setOffline(false);
  // Requests the page made on its own while offline (prefetches) failed, as they should.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((line) => !line.includes("ERR_INTERNET_DISCONNECTED")));
  await page.waitForTimeout(1500); // a paused mutation would be replayed now
  expect((await page.request.get(`/api/agents/${id}/details`)).status()).toBe(404);
  await expect(page).toHaveURL(/\/agents\/new$/);
  expect(consoleErrors).toEqual([]);
});

test("a new API key has a Copy button; revoking asks first", async ({ page, context, consoleErrors }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page);
  await page.goto("/settings");
  await page.getByLabel("Name", { exact: true }).fill("flow copy key");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(toast(page, "API key created")).toBeVisible();
  const key = (await page.getByTestId("new-api-key").innerText()).trim();
  await page.getByRole("button", { name: "Copy key" }).click();
  await expect(toast(page, "Copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  const row = page.locator(".kv li").filter({ hasText: "flow copy key" });
  await row.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
  await expect(toast(page, "API key revoked")).toBeVisible();
  await expect(row.getByText(/revoked/)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("a viewer and a signed-out visitor get no write controls on an item, and form pages ask to sign in", async ({ page }) => {
  const item = await seeded(page.request, "/api/marketplace");
  const controls = async () => {
    await page.goto(`/marketplace/${encodeURIComponent(item.id)}`);
    await expect(page.getByRole("heading", { level: 1, name: item.name })).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  };
  await controls();
  for (const [path, form] of [["/deployments/new", "Start a deployment"], ["/tasks/new", "Assign a task"], ["/marketplace/new", "Add marketplace item"]] as const) {
    await page.goto(path);
    await expect(page.getByRole("form", { name: form })).toHaveCount(0);
    await expect(page.getByRole("note").getByRole("link", { name: "Sign in" })).toBeVisible();
  }
  await signIn(page, "viewer");
  await controls();
  await page.goto("/tasks/new");
  await expect(page.getByRole("form", { name: "Assign a task" })).toHaveCount(0);
  await expect(page.getByRole("note")).toContainText("Your role (viewer) can look but not");
});
