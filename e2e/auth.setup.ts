// The "setup" project: each seeded role signs in through the form once, and the session cookies it
// got are kept for the run (e2e/auth.ts `signIn`). A form that no longer signs in fails here first.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { expect, test as setup } from "@playwright/test";
import { signInThroughForm, stateFile, USERS, type Role } from "./auth";

for (const role of Object.keys(USERS) as Role[]) {
  setup(`the ${role} signs in through the form`, async ({ page }) => {
    await page.route("**/favicon.ico", (route) => route.fulfill({ status: 204, body: "" }));
    const { email, password } = USERS[role];
    await signInThroughForm(page, email, password, "/settings");
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByText(email).first()).toBeVisible();
    await mkdir(path.dirname(stateFile(role)), { recursive: true });
    await page.context().storageState({ path: stateFile(role) });
  });
}
