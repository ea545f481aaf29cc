import { test, expect } from "./fixtures";

const PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "e2e-admin-password";

const signInThroughPage = async (page: import("@playwright/test").Page, email: string, password: string) => {
  await page.goto("/signin?next=/settings");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
};

test("a wrong password is refused with a message, and nobody is signed in", async ({ page }) => {
  await signInThroughPage(page, "admin@syndicate.local", "not-the-password");
  await expect(page.getByText("Wrong email or password.")).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
});

test("an operator signs in, creates an API key in settings, scoped to writing agents, and writes with it", async ({ page, playwright }) => {
  await signInThroughPage(page, "operator@syndicate.local", PASSWORD);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText("operator@syndicate.local").first()).toBeVisible();

  // Least privilege by default: a viewer's key that reads, for 30 days. This one may also write agents.
  await expect(page.getByLabel("Role")).toHaveValue("viewer");
  await expect(page.getByLabel("Expires")).toHaveValue("30");
  await page.getByLabel("Name").fill("e2e pipeline");
  await page.getByLabel("Role").selectOption("operator");
  await page.getByLabel("Access").selectOption("custom");
  await expect(page.getByRole("checkbox", { name: "read agents", exact: true })).toBeChecked();
  await page.getByRole("checkbox", { name: "write agents", exact: true }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("new-api-key").innerText()).trim();
  expect(key).toMatch(/^sk_syn_/);
  const listed = page.getByRole("listitem").filter({ hasText: "e2e pipeline" });
  await expect(listed).toContainText("agents:write");
  await expect(listed).toContainText(/expires /);

  // Outside the browser: an external client with that key creates an agent, and may not assign a task.
  const api = await playwright.request.newContext({ baseURL: page.url().replace(/\/settings$/, "") });
  const body = { id: "e2e-key-agent", name: "Made with a key", aiEngine: "GPT-4o" };
  const withKey = await api.post("/api/agents", { data: body, headers: { authorization: `Bearer ${key}` } });
  expect(withKey.status()).toBe(201);
  expect((await withKey.json()).roles).toHaveLength(5);
  const outOfScope = await api.post("/api/tasks/assign", { data: {}, headers: { authorization: `Bearer ${key}` } });
  expect(outOfScope.status()).toBe(403);
  expect((await outOfScope.json()).detail).toContain("do not include tasks:write");
  const without = await api.post("/api/agents", { data: { ...body, id: "e2e-anonymous-agent" } });
  expect(without.status()).toBe(401);
  expect(without.headers()["content-type"]).toBe("application/problem+json");
  expect((await api.get("/api/agents/e2e-anonymous-agent/details")).status()).toBe(404);

  // Revoke it in the dashboard: it stops working at once.
  const row = page.getByRole("listitem").filter({ hasText: "e2e pipeline" });
  await row.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
  await expect(row.getByText(/revoked/)).toBeVisible();
  expect((await api.get("/api/keys", { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);
  await api.dispose();
});

test("a viewer's key is refused a write with 403", async ({ page, playwright }) => {
  await signInThroughPage(page, "viewer@syndicate.local", PASSWORD);
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByLabel("Name").fill("viewer key");
  await page.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("new-api-key").innerText()).trim();
  const api = await playwright.request.newContext({ baseURL: page.url().replace(/\/settings$/, "") });
  const response = await api.post("/api/agents", {
    data: { id: "e2e-viewer-agent", name: "Not allowed", aiEngine: "GPT-4o" },
    headers: { authorization: `Bearer ${key}` },
  });
  expect(response.status()).toBe(403);
  expect(response.headers()["content-type"]).toBe("application/problem+json");
  expect((await response.json()).title).toBe("Forbidden");
  // Reading is still allowed with it.
  expect((await api.get("/api/agents?limit=1", { headers: { authorization: `Bearer ${key}` } })).status()).toBe(200);
  await api.dispose();
});

test("the API reference renders the OpenAPI document", async ({ page }) => {
  await page.goto("/api-reference");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  await expect(page.getByText("Syndicate API")).toBeVisible();
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await page.getByText("/api/keys").first().click();
  await expect(page.getByText("Request body").first()).toBeVisible();
});

test("an unknown API path answers a 404 problem, not a page", async ({ request }) => {
  const response = await request.get("/api/no-such-thing");
  expect(response.status()).toBe(404);
  expect(response.headers()["content-type"]).toBe("application/problem+json");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
});
