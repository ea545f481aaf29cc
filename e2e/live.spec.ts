// Live updates from the event stream (GET /api/events/stream): an open deployment page and the task
// board follow changes another client makes through the API, without a reload and without polling;
// a signed-out visitor (no stream) still sees changes, by polling as before.
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { signIn } from "./auth";
import { answerFavicon, apiWrite } from "./auth-helpers";
import { expect, test } from "./fixtures";

test.beforeEach(({ page }) => answerFavicon(page));

/** Another client: an API key of the signed-in user, used from a request context of its own (no cookies). */
const otherClient = async (page: Page, playwright: PlaywrightWorkerArgs["playwright"], baseURL: string): Promise<APIRequestContext> => {
  const created = await apiWrite(page.request, baseURL, "POST", "/api/keys", { name: `e2e live ${Date.now()}` });
  expect(created.status()).toBe(201);
  const { key } = (await created.json()) as { key: string };
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
};

const newDeployment = async (page: Page, baseURL: string, id: string) => {
  const body = { id, name: "E2E Live", version: "1.0.0", industry: "Logistics", useCase: "Live stream check", deployedBy: "e2e", deploymentStatus: "queued" };
  expect((await apiWrite(page.request, baseURL, "POST", "/api/deployments/dapp/deploy", body)).status()).toBe(201);
};

/** Counts the page's requests whose path is `path` (GET), and its event-stream connections. */
const countRequests = (page: Page, path: string) => {
  const counts = { gets: 0, streams: 0 };
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() === "GET" && url.pathname === path) counts.gets += 1;
    if (url.pathname === "/api/events/stream") counts.streams += 1;
  });
  return counts;
};

test("the deployment page shows a status change made by another client, from the stream, without polling", async ({ page, baseURL, playwright, consoleErrors }) => {
  await signIn(page);
  const id = `e2e-live-${Date.now()}`;
  await newDeployment(page, baseURL!, id);
  const counts = countRequests(page, `/api/deployments/dapp/${id}/status`);
  await page.goto(`/deployments/${id}`);
  const status = page.getByTestId("deployment-status");
  await expect(status).toHaveText("queued");
  await expect(page.getByTestId("deployment-live")).toHaveAttribute("data-live", "stream");
  await page.evaluate(() => Object.assign(window, { __notReloaded: true }));

  // Longer than two polling periods (2 s each): a page that polled would have asked again meanwhile.
  await page.waitForTimeout(4_500);
  // One read when the stream came up (for changes between the render and the stream's start); none since.
  expect(counts.gets).toBeLessThanOrEqual(1);
  const beforeMove = counts.gets;

  const other = await otherClient(page, playwright, baseURL!);
  expect((await other.patch(`/api/deployments/dapp/${id}/status`, { data: { status: "in_progress" } })).status()).toBe(200);
  await expect(status).toHaveText("in progress");
  await expect(page.getByRole("list", { name: "Status history" }).getByRole("listitem").nth(1)).toContainText("queued → in progress");
  // The event brought exactly one read of the status; the page was not reloaded; one stream connection throughout.
  expect(counts.gets).toBe(beforeMove + 1);
  expect(await page.evaluate(() => (window as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
  expect(counts.streams).toBe(1);
  await other.dispose();
  expect(consoleErrors).toEqual([]);
});

test("the task board shows a move made by another client without a reload", async ({ page, baseURL, playwright, consoleErrors }) => {
  await signIn(page);
  const id = `e2e-live-task-${Date.now()}`;
  const description = `E2E live board ${id.slice(-6)}`;
  const task = { id, description, status: "pending", assignedEntity: { type: "MarketplaceItem", id: "item-0001" } };
  expect((await apiWrite(page.request, baseURL!, "POST", "/api/tasks/assign", task)).status()).toBe(201);
  await page.goto(`/tasks?q=${encodeURIComponent(description)}`);
  const lane = (title: string) => page.getByRole("region", { name: new RegExp(`^${title}`) });
  await expect(lane("Pending").getByText(description)).toBeVisible();
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-live", "stream");
  await page.evaluate(() => Object.assign(window, { __notReloaded: true }));

  const other = await otherClient(page, playwright, baseURL!);
  expect((await other.patch(`/api/tasks/${id}/status`, { data: { status: "assigned" } })).status()).toBe(200);
  await expect(lane("Assigned").getByText(description)).toBeVisible();
  await expect(lane("Pending").getByText(description)).toHaveCount(0);
  expect((await other.patch(`/api/tasks/${id}/status`, { data: { status: "in_progress" } })).status()).toBe(200);
  await expect(lane("In progress").getByText(description)).toBeVisible();
  expect(await page.evaluate(() => (window as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
  await other.dispose();
  expect(consoleErrors).toEqual([]);
});

test("signed out, the deployment page has no stream and falls back to polling", async ({ browser, page, baseURL, consoleErrors }) => {
  // Set up as an operator in a context of its own; watch as a signed-out visitor.
  const setup = await browser.newPage();
  await signIn(setup);
  const id = `e2e-live-out-${Date.now()}`;
  await newDeployment(setup, baseURL!, id);
  const counts = countRequests(page, `/api/deployments/dapp/${id}/status`);
  await page.goto(`/deployments/${id}`);
  await expect(page.getByTestId("deployment-status")).toHaveText("queued");
  await expect(page.getByTestId("deployment-live")).toHaveAttribute("data-live", "polling");
  expect((await apiWrite(setup.request, baseURL!, "PATCH", `/api/deployments/dapp/${id}/status`, { status: "in_progress" })).status()).toBe(200);
  await expect(page.getByTestId("deployment-status")).toHaveText("in progress");
  expect(counts.streams).toBe(0);
  expect(counts.gets).toBeGreaterThan(0);
  await setup.close();
  expect(consoleErrors).toEqual([]);
});
