// Waiting until a page shows what it will show, without waiting for the network to go quiet: a
// signed-in page keeps its live event stream open (networkidle never comes), and the links in view are
// prefetched in the background, which is server work the page does not show.
import { expect, type Page, type Request } from "@playwright/test";

/** Requests a page makes that never end (the live event stream) or that only warm the cache for a later navigation (link prefetches). */
export const background = (request: Request) => new URL(request.url()).pathname === "/api/events/stream" || request.headers()["next-router-prefetch"] !== undefined;

/** Counts the page's requests in flight (background ones aside). */
export const inFlight = (page: Page) => {
  const open = new Set<Request>();
  page.on("request", (request) => {
    if (!background(request)) open.add(request);
  });
  const done = (request: Request) => open.delete(request);
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return open;
};

/**
 * Waits until the page shows what it will show: loaded, no skeleton, progress bar or "Loading…" left
 * (charts are drawn once measured, client lists once fetched), and none of its own requests still out.
 */
export const settled = async (page: Page, open: Set<Request>) => {
  await page.waitForLoadState("load");
  await expect(page.locator(".skeleton, [data-testid='page-skeleton'], [role='progressbar'], [aria-busy='true']")).toHaveCount(0);
  await expect(page.getByText(/^Loading\b.*…$/)).toHaveCount(0);
  await expect.poll(() => open.size, { message: "requests still in flight" }).toBe(0);
};

/**
 * What sticks out past the window's right edge (tag, class, right edge; the first eight), or nothing
 * when the page is no wider than the window. Polled by a test until it is empty, so a chart that
 * follows a new width once its resize observer fires is not taken for an overflow.
 */
export const overflowing = (page: Page) =>
  page.evaluate(() =>
    document.documentElement.scrollWidth <= window.innerWidth
      ? []
      : [...document.querySelectorAll("body *")]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 8)
          .map((element) => `${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""} → ${Math.round(element.getBoundingClientRect().right)}`),
  );

/**
 * Resolves once the task board's keyboard sensor listens for the arrow keys, after a card was picked up
 * with Space (its lane marked `data-drop="origin"`). dnd-kit adds that listener in a timer of its own
 * (`setTimeout(…, 0)`) after the pickup, and an arrow pressed before it is lost: it failed a loaded CI
 * run. A zero timer of ours, queued after the pickup's, fires after it (an order, not a wait).
 */
export const keyboardSensorListening = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
