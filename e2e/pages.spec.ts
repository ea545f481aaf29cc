// Every dashboard page, at a phone width and a desktop width, signed out and signed in: no serious or
// critical accessibility violation (axe), no console error, no failed request, no horizontal overflow.
// A visit that fails leaves its screenshot (and, outside CI, its trace) under test-results/
// (playwright.config.ts); a passing one leaves nothing (a full-page screenshot of each of some 280
// visits cost a third of the browser tests' time).
import { test, expect, type Page } from "@playwright/test";
import { signIn } from "./auth";
import { expectAccessible } from "./axe";
import { runAwaitingApproval } from "./agent-work";
import { seeded } from "./data";
import { inFlight, settled } from "./settle";

const WIDTHS = [
  { name: "phone", width: 375, height: 812 },
  { name: "desktop", width: 1280, height: 900 },
] as const;

const STATIC_PAGES = [
  "/",
  "/agents",
  "/agents/new",
  "/squads",
  "/squads/new",
  "/syndicates",
  "/syndicates/new",
  "/marketplace",
  "/marketplace/new",
  "/deployments",
  "/deployments/new",
  "/tasks",
  "/tasks/new",
  "/runs",
  "/approvals",
  "/usecases",
  "/wallet",
  "/quantum",
  "/quantum/circuit",
  "/api-reference",
  "/settings",
  "/settings/users",
  "/settings/address-book",
  "/settings/webhooks",
  "/settings/engines",
  "/signin",
  "/activity",
];

/** A seeded record's pages (":id" is the first seeded record of `list`). */
const DETAIL_PAGES = [
  { path: "/agents/:id", list: "/api/agents" },
  { path: "/agents/:id/edit", list: "/api/agents" },
  { path: "/squads/:id", list: "/api/squads" },
  { path: "/syndicates/:id", list: "/api/syndicates" },
  { path: "/marketplace/:id", list: "/api/marketplace" },
  { path: "/marketplace/:id/edit", list: "/api/marketplace" },
  { path: "/deployments/:id", list: "/api/deployments" },
  { path: "/deployments/:id/edit", list: "/api/deployments" },
  { path: "/quantum/agent/:id", list: "/api/agents" },
  // A task in progress (its finish form) and a completed one (its result, its edit form).
  { path: "/tasks/:id", list: "/api/tasks?status=in_progress" },
  { path: "/tasks/:id", list: "/api/tasks?status=completed" },
  { path: "/tasks/:id/edit", list: "/api/tasks?status=completed" },
];

type Findings = { console: string[]; failed: string[] };

const watch = (page: Page): Findings => {
  const findings: Findings = { console: [], failed: [] };
  page.on("console", (message) => {
    if (message.type() === "error") findings.console.push(message.text());
  });
  page.on("pageerror", (error) => findings.console.push(error.message));
  page.on("requestfailed", (request) => {
    // A navigation that supersedes a prefetch or a poll cancels it: that is not a failure a user sees.
    if (request.failure()?.errorText === "net::ERR_ABORTED") return;
    findings.failed.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) findings.failed.push(`${response.request().method()} ${response.url()}: ${response.status()}`);
  });
  return findings;
};

const checkPage = async (page: Page, path: string) => {
  const findings = watch(page);
  const open = inFlight(page);
  for (const { width, height } of WIDTHS) {
    await test.step(`${path} at ${width} px`, async () => {
      await page.setViewportSize({ width, height });
      const response = await page.goto(path);
      expect(response?.status(), `${path} answers`).toBeLessThan(400);
      await settled(page, open);

      const overflow = await page.evaluate(() => ({
        scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
        innerWidth: window.innerWidth,
      }));
      expect(overflow.scrollWidth, `${path} is no wider than the ${width} px window`).toBeLessThanOrEqual(overflow.innerWidth);

      await expectAccessible(page, `${path} at ${width} px: serious accessibility violations`);
    });
  }
  expect(findings.console, `${path}: console errors`).toEqual([]);
  expect(findings.failed, `${path}: failed requests`).toEqual([]);
};

// Every visit stands alone (its own browser context, read-only): they run in parallel.
test.describe.configure({ mode: "parallel" });

for (const signedIn of [false, true]) {
  test.describe(signedIn ? "signed in" : "signed out", () => {
    test.beforeEach(async ({ page }) => {
      // Chromium asks for /favicon.ico on its own; the app's icon is app/icon.svg.
      await page.route("**/favicon.ico", (route) => route.fulfill({ status: 204, body: "" }));
      // As the admin, who may open every page (settings/users is for admins only).
      if (signedIn) await signIn(page, "admin");
    });

    for (const path of STATIC_PAGES) {
      test(`${path} passes the page checks`, async ({ page }) => {
        await checkPage(page, path);
      });
    }

    // A run page needs a run: the visit makes one of its own (an agent that reported steps and waits for a
    // decision), so the page shows a trace and a pending request whatever the seed holds. Signed out,
    // the page says runs need a credential.
    test("/runs/:id (a run awaiting approval) passes the page checks", async ({ page, playwright, baseURL }) => {
      const { runId } = await runAwaitingApproval(playwright, baseURL!, signedIn ? "pages-in" : "pages-out");
      await checkPage(page, `/runs/${encodeURIComponent(runId)}`);
    });

    for (const { path: template, list } of DETAIL_PAGES) {
      test(`${template} (${list}) passes the page checks`, async ({ page }) => {
        const path = template.replace(":id", encodeURIComponent((await seeded(page.request, list)).id));
        await checkPage(page, path);
      });
    }
  });
}
