import { signIn } from "./auth";
import { answerFavicon, apiWrite, forgiveStatus } from "./auth-helpers";
import { expect, test } from "./fixtures";
import { seededLinks } from "./data";

test.beforeEach(({ page }) => answerFavicon(page));

test("an operator adds an item with lease terms and finds it in the filtered grid", async ({ page, consoleErrors }) => {
  await signIn(page);
  await page.goto("/marketplace/new");
  await expect(page.getByRole("button", { name: "Add item" })).toBeEnabled(); // hydrated
  await page.getByLabel("Name", { exact: true }).fill("E2E Vector Index");
  await expect(page.getByLabel("Id", { exact: true })).toHaveValue("e2e-vector-index");
  await page.getByLabel("Description").fill("Embeddings of every verified contract, refreshed nightly.");
  await page.getByLabel("Item type").selectOption("dataset");
  await page.getByLabel("Category").fill("E2E Datasets");
  await page.getByLabel("Version").fill("1.0.0");
  await page.getByLabel("URL").fill("https://data.example.com/vector-index");
  await page.getByLabel("Lease or sale").check();
  await page.getByLabel("Lease price (USD per month)").fill("90");
  await page.getByLabel("Sale price (USD)").fill("3500");
  await page.getByLabel("Financial", { exact: true }).check();
  await page.getByLabel("Healthcare", { exact: true }).check();
  await page.getByRole("button", { name: "Add item" }).click();

  await expect(page).toHaveURL(/\/marketplace\/e2e-vector-index$/);
  await expect(page.getByRole("heading", { level: 1, name: "E2E Vector Index" })).toBeVisible();
  const industries = page.getByRole("list", { name: "Supported industries" });
  await expect(industries.getByRole("listitem")).toHaveText(["Financial", "Healthcare"]);
  await expect(page.getByText("$90.00 per month")).toBeVisible();

  // The grid, filtered through its own form.
  await page.goto("/marketplace");
  await page.getByLabel("Item type").selectOption("dataset");
  await page.getByLabel("Category").selectOption("E2E Datasets");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/itemType=dataset/);
  const grid = page.getByRole("list", { name: "Marketplace items" });
  await expect(grid.getByRole("listitem")).toHaveCount(1);
  await expect(grid.getByRole("link", { name: "E2E Vector Index" })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("the form shows field-level messages from the shared schema before anything is sent", async ({ page, consoleErrors }) => {
  await signIn(page);
  await page.goto("/marketplace/new");
  await expect(page.getByRole("button", { name: "Add item" })).toBeEnabled(); // hydrated
  await page.getByLabel("URL").fill("ftp://files.example.com");
  await page.getByLabel("Fixed price").check();
  await page.getByRole("button", { name: "Add item" }).click();
  await expect(page.locator("#item-name-error")).toHaveText("Required");
  await expect(page.locator("#item-description-error")).toHaveText("Required");
  await expect(page.locator("#item-url-error")).toContainText("https://");
  await expect(page.locator("#item-price-error")).toHaveText("Required");
  await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/marketplace\/new$/);
  expect(consoleErrors).toEqual([]);
});

test("an operator edits an item, is refused deleting it while a task is open, then deletes it", async ({ page, baseURL, consoleErrors }) => {
  await signIn(page);
  const item = { id: "e2e-edit-me", name: "E2E Edit Me", description: "To be edited", itemType: "plugin", commerce: { price: 10 } };
  expect((await apiWrite(page.request, baseURL!, "POST", "/api/marketplace/addItem", item)).status()).toBe(201);
  const task = { id: "e2e-edit-me-review", description: "Review before removal", status: "in_progress", assignedEntity: { type: "MarketplaceItem", id: item.id } };
  expect((await apiWrite(page.request, baseURL!, "POST", "/api/tasks/assign", task)).status()).toBe(201);

  await page.goto(`/marketplace/${item.id}`);
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("button", { name: "Save changes" })).toBeEnabled(); // hydrated
  await expect(page.getByLabel("Id", { exact: true })).toHaveAttribute("readonly", "");
  await page.getByLabel("Name", { exact: true }).fill("E2E Edited");
  await page.getByLabel("Price (USD)", { exact: true }).fill("12.5");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E2E Edited" })).toBeVisible();
  await expect(page.getByText("$12.50").first()).toBeVisible();

  await page.getByRole("button", { name: "Delete item" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Conflict" })).toContainText("e2e-edit-me-review");
  await expect(page).toHaveURL(/\/marketplace\/e2e-edit-me$/);
  forgiveStatus(consoleErrors, 409); // the refused DELETE, shown in the dialog in the API's words
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  expect((await apiWrite(page.request, baseURL!, "PATCH", `/api/tasks/${task.id}/status`, { status: "completed" })).status()).toBe(200);
  await page.getByRole("button", { name: "Delete item" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/marketplace$/);
  expect((await page.request.get(`/api/marketplace/item/${item.id}`)).status()).toBe(404);
  expect(consoleErrors).toEqual([]);
});

test("seeded items show usage statistics and commerce; an unknown id is a 404 page", async ({ page, consoleErrors }) => {
  await page.goto("/marketplace");
  const grid = page.getByRole("list", { name: "Marketplace items" });
  expect(await grid.getByRole("listitem").count()).toBeGreaterThanOrEqual(16);
  await seededLinks(grid.getByRole("link")).first().click();
  await expect(page.getByRole("group", { name: "Usage statistics" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Commerce" })).toBeVisible();
  expect(consoleErrors).toEqual([]);

  const missing = await page.goto("/marketplace/no-such-item");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
  forgiveStatus(consoleErrors, 404);
});

test("the marketplace and use cases fit a phone screen", async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/marketplace", "/usecases"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await expect(page.getByRole("heading", { level: 1, name: "Industry use cases" })).toBeVisible();
  for (const industry of ["Financial", "Healthcare", "Logistics", "Supply Chain", "Social Media", "Gaming", "Education", "Public Services"]) {
    await expect(page.getByRole("heading", { level: 2, name: industry, exact: true })).toBeVisible();
  }
  // In the main landmark: while the page streams in, React holds a second, hidden copy of the
  // content outside it for a moment, and a page-wide lookup then finds two.
  await expect(page.getByRole("main").getByLabel("Financial metrics")).toContainText("15%");
  expect(consoleErrors).toEqual([]);
});
