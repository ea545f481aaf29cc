// Signing in as a user does: through the /signin page (email, password, "Sign in"). The session
// cookie then belongs to the browser context, so pages and their API calls act as that user.
import { expect, type Page } from "@playwright/test";

export const OPERATOR = { email: "operator@syndicate.local", password: process.env.E2E_ADMIN_PASSWORD ?? "e2e-admin-password" };

export const signIn = async (page: Page, email = OPERATOR.email, password = OPERATOR.password, next = "/") => {
  await page.goto(`/signin?next=${encodeURIComponent(next)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/signin/);
};
