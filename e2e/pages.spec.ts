// Every dashboard page, at a phone width and a desktop width, signed out and signed in: no serious or
// critical accessibility violation (axe), no console error, no failed request, no horizontal overflow.
// A full-page screenshot of each visit is attached to the report and kept under test-results/.
import AxeBuilder from "@axe-core/playwright";
import { test, expect, type APIRequestContext, type Page } from "@playwright/test";
import { OPERATOR, signIn } from "./auth";

// Signed in as the admin, who may open every page (settings/users is for admins only).
const ADMIN = { email: "admin@syndicate.local", password: OPERATOR.password };

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
  "/usecases",
  "/wallet",
  "/quantum",
  "/quantum/circuit",
  "/api-reference",
  "/settings",
  "/settings/users",
  "/settings/address-book",
  "/settings/webhooks",
  "/signin",
  "/activity",
];

/** The first seeded record of a list, read through the public API (lists answer a JSON array). */
const firstId = async (request: APIRequestContext, list: string) => {
  const response = await request.get(`${list}?limit=1`);
  expect(response.ok(), `${list} answers`).toBe(true);
  const [first] = (await response.json()) as { id: string }[];
  expect(first, `${list} has seeded data`).toBeTruthy();
  return encodeURIComponent(first.id);
};

const detailPages = async (request: APIRequestContext) => {
  const [agent, squad, syndicate, item, deployment] = await Promise.all(
    ["/api/agents", "/api/squads", "/api/syndicates", "/api/marketplace", "/api/deployments"].map((list) => firstId(request, list)),
  );
  return [
    `/agents/${agent}`,
    `/agents/${agent}/edit`,
    `/squads/${squad}`,
    `/syndicates/${syndicate}`,
    `/marketplace/${item}`,
    `/marketplace/${item}/edit`,
    `/deployments/${deployment}`,
    `/deployments/${deployment}/edit`,
    `/quantum/agent/${agent}`,
    ...(await taskPages(request)),
  ];
};

/** The first seeded task that is in progress (its finish form) and the first completed one (its result, its edit form). */
const taskPages = async (request: APIRequestContext) => {
  const first = async (status: string) => {
    const response = await request.get(`/api/tasks?status=${status}&limit=1`);
    const [task] = (await response.json()) as { id: string }[];
    expect(task, `a seeded ${status} task`).toBeTruthy();
    return encodeURIComponent(task.id);
  };
  const [running, done] = await Promise.all([first("in_progress"), first("completed")]);
  return [`/tasks/${running}`, `/tasks/${done}`, `/tasks/${done}/edit`];
};

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

const checkPage = async (page: Page, path: string, label: string) => {
  const findings = watch(page);
  for (const { name, width, height } of WIDTHS) {
    await test.step(`${path} at ${width} px`, async () => {
      await page.setViewportSize({ width, height });
      const response = await page.goto(path);
      expect(response?.status(), `${path} answers`).toBeLessThan(400);
      // Charts and client lists load after the first paint; give them a moment to settle.
      await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);

      const overflow = await page.evaluate(() => ({
        scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
        innerWidth: window.innerWidth,
      }));
      const shot = await page.screenshot({ fullPage: true, path: test.info().outputPath(`${label}-${name}.png`) });
      await test.info().attach(`${label} ${name}`, { body: shot, contentType: "image/png" });
      expect(overflow.scrollWidth, `${path} is no wider than the ${width} px window`).toBeLessThanOrEqual(overflow.innerWidth);

      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
      expect(serious, `${path} at ${width} px: serious accessibility violations`).toEqual([]);
    });
  }
  expect(findings.console, `${path}: console errors`).toEqual([]);
  expect(findings.failed, `${path}: failed requests`).toEqual([]);
};

const labelOf = (path: string) => path.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-") || "overview";

for (const signedIn of [false, true]) {
  test.describe(signedIn ? "signed in" : "signed out", () => {
    test.beforeEach(async ({ page }) => {
      // Chromium asks for /favicon.ico on its own; the app's icon is app/icon.svg.
      await page.route("**/favicon.ico", (route) => route.fulfill({ status: 204, body: "" }));
      if (signedIn) await signIn(page, ADMIN.email, ADMIN.password);
    });

    for (const path of STATIC_PAGES) {
      test(`${path} passes the page checks`, async ({ page }) => {
        await checkPage(page, path, `${signedIn ? "in" : "out"}-${labelOf(path)}`);
      });
    }

    test("detail pages pass the page checks", async ({ page }) => {
      test.setTimeout(240_000);
      for (const path of await detailPages(page.request)) {
        await checkPage(page, path, `${signedIn ? "in" : "out"}-${labelOf(path)}`);
      }
    });
  });
}
