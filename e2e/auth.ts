// Signing in. The sign-in form is driven once per run and role by e2e/auth.setup.ts (the "setup"
// project, which every other project waits for), and the session cookies it got are kept in a file;
// `signIn(page, role)` gives a test's browser context those cookies, as a browser that signed in
// earlier has them. Pages and their API calls then act as that user, and no test pays for the form.
// Tests of the form itself (redirects, wrong passwords, sign-out) drive it with `signInThroughForm`.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

const PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "e2e-admin-password";

/** The seeded accounts (scripts/e2e-server.mjs gives all three one password). */
export const USERS = {
  admin: { email: "admin@syndicate.local", password: PASSWORD },
  operator: { email: "operator@syndicate.local", password: PASSWORD },
  viewer: { email: "viewer@syndicate.local", password: PASSWORD },
} as const;
export type Role = keyof typeof USERS;

export const OPERATOR = USERS.operator;

/**
 * Where a role's signed-in browser state is kept: per run (the port is this run's own, chosen in
 * playwright.config.ts and inherited by the workers), under the ignored .cache folder.
 */
export const stateFile = (role: Role) => path.join(process.cwd(), ".cache", "e2e-auth", `${process.env.E2E_PORT ?? "3100"}-${role}.json`);

/** The sign-in form, as a user fills it; waits until it has left /signin. */
export const signInThroughForm = async (page: Page, email: string, password: string, next = "/") => {
  await page.goto(`/signin?next=${encodeURIComponent(next)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/signin/);
};

/** Signed in as `role` (operator unless said): the context gets the session the setup project made. */
export const signIn = async (page: Page, role: Role = "operator") => {
  const state = JSON.parse(await readFile(stateFile(role), "utf8")) as { cookies: Parameters<ReturnType<Page["context"]>["addCookies"]>[0] };
  await page.context().addCookies(state.cookies);
};
