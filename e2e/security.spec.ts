// Security findings as a user meets them, against the production build: redirects after
// sign-in stay on this origin, the 11th wrong password is refused (429, shown on the page),
// signing out ends the session on the server, and malformed requests are 4xx problems.
import { expect, test, type Page } from "@playwright/test";
import { stateFile, USERS } from "./auth";
import { apiWrite } from "./auth-helpers";

const ADMIN = USERS.admin;

const submitSignIn = async (page: Page, email: string, password: string) => {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
};

// One test per hostile target: six sign-ins in one test outran its time on a loaded CI machine.
for (const next of ["/%5Cevil.example/x", "/%09/evil.example", "//evil.example/x", "https://evil.example/", "/%5C%5Cevil.example", "/\\evil.example"]) {
  test(`after sign-in, a hostile next=${next} never leaves this origin`, async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/signin?next=${next}`);
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    await expect(page).not.toHaveURL(/\/signin/);
    expect(new URL(page.url()).origin, next).toBe(new URL(baseURL!).origin);
    await context.close();
  });
}

// The CSRF token a first visit reads can be outdated by the time the password is sent (another
// /api/auth request of that visit set a new CSRF cookie meanwhile); next-auth then answers 200
// with "?csrf=true". The form tries once more with a fresh token, and never takes that answer
// for a sign-in.
test("a stale CSRF token on the first try still signs in; one that stays stale is said, not taken for a sign-in", async ({ page }) => {
  let stale = 1;
  await page.route("**/api/auth/csrf", async (route) => {
    if (stale-- > 0) return route.fulfill({ json: { csrfToken: "stale" } });
    return route.continue();
  });
  await page.goto("/signin?next=/settings");
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/^[^?]*\/settings$/);
  expect((await page.request.get("/api/keys")).status()).toBe(200);

  await page.context().clearCookies();
  stale = 99;
  await page.goto("/signin?next=/settings");
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByText("The sign-in could not be confirmed; reload the page and try again.")).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);
  expect((await page.request.get("/api/keys")).status()).toBe(401);
});

test("the 11th wrong password in the window is refused with 429 and Retry-After, shown on the sign-in page", async ({ page }) => {
  const email = `locked-${Date.now()}@example.test`;
  await page.goto("/signin");
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    const answer = page.waitForResponse((response) => response.url().includes("/api/auth/callback/credentials"));
    await submitSignIn(page, email, `wrong password ${attempt}`);
    expect((await answer).status()).toBe(401);
    await expect(page.getByText("Wrong email or password.")).toBeVisible();
  }
  const answer = page.waitForResponse((response) => response.url().includes("/api/auth/callback/credentials"));
  await submitSignIn(page, email, "wrong password 11");
  const refused = await answer;
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect(refused.headers()["content-type"]).toBe("application/problem+json");
  await expect(page.getByText(/Too many failed sign-ins\. Try again in \d+ (minutes|seconds)\./)).toBeVisible();
});

test("signing out revokes the session: the old cookie is refused on the next request", async ({ page, playwright, baseURL }) => {
  // A user of its own: signing out ends every session of its user, and the seeded accounts' sessions
  // are in use by the tests running alongside (e2e/auth.ts).
  const user = { email: `signout-${Date.now()}@example.test`, password: "sign-out-password", role: "viewer" };
  const asAdmin = await playwright.request.newContext({ baseURL, storageState: stateFile("admin") });
  expect((await apiWrite(asAdmin, baseURL!, "POST", "/api/users", user)).status()).toBe(201);
  await asAdmin.dispose();

  await page.goto("/signin?next=/settings");
  await submitSignIn(page, user.email, user.password);
  await expect(page).toHaveURL(/^[^?]*\/settings$/);
  const token = (await page.context().cookies()).find((cookie) => cookie.name.endsWith("next-auth.session-token"));
  expect(token).toBeDefined();
  const cookie = `${token!.name}=${token!.value}`;
  const api = await playwright.request.newContext({ baseURL });
  expect((await api.get("/api/keys", { headers: { cookie } })).status()).toBe(200);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();

  const after = await api.get("/api/keys", { headers: { cookie } });
  expect(after.status()).toBe(401);
  expect(after.headers()["content-type"]).toBe("application/problem+json");
  await api.dispose();
});

test("malformed requests get 4xx problem+json from the real server, never a 500", async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  for (const path of ["/api/agents/%/details", "/api/agents/%E0%A4%A/details", "/api/agents/%FF", "/quantum/%ED%A0%80", "/api/squads/a%00b/details"]) {
    const response = await api.get(path);
    expect(response.status(), path).toBe(400);
    expect(response.headers()["content-type"], path).toBe("application/problem+json");
  }
  const badCookie = await api.get("/api/agents", { headers: { cookie: "next-auth.session-token=%E0%A4%A" } });
  expect(badCookie.status()).toBe(401);
  const spoofed = await api.get("/api/agents", { headers: { "x-forwarded-for": "not an address, 10.0.0.1" } });
  expect(spoofed.status()).toBe(200);
  await api.dispose();
});
