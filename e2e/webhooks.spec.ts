// An operator registers a webhook endpoint (a receiver this test starts on 127.0.0.1, the one the
// integration tests use: it verifies signatures with standardwebhooks), sees its secret once, sends
// a test and sees the delivery succeed in the log.
import { test, expect } from "./fixtures";
import { signIn } from "./auth";
import { startReceiver } from "../tests/webhooks/receiver";

test("an operator registers an endpoint, copies its secret, sends a test and sees it delivered", async ({ page }) => {
  const receiver = await startReceiver();
  const url = receiver.url(`/hook-${Date.now()}`);
  try {
    await signIn(page, undefined, undefined, "/settings");
    await page.goto("/settings");
    await page.getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();

    await page.getByLabel("URL").fill(url);
    await page.getByLabel("Description").fill("e2e receiver");
    await page.getByRole("button", { name: "Register endpoint" }).click();
    const shown = page.getByTestId("webhook-secret");
    await expect(shown).toHaveText(/^whsec_/);
    const secret = (await shown.textContent()) ?? "";
    receiver.trust(secret);
    await expect(page.getByRole("button", { name: "Copy secret" })).toBeVisible();

    await page.getByRole("link", { name: url }).click();
    await expect(page.getByRole("heading", { name: "Webhook endpoint" })).toBeVisible();
    // The secret is never shown again.
    await expect(page.getByText(secret)).toHaveCount(0);
    await page.getByRole("button", { name: "Send test" }).click();
    const log = page.getByRole("region", { name: "Delivery attempts" });
    await expect(log.getByRole("row").filter({ hasText: "webhook.test" }).filter({ hasText: "succeeded" })).toBeVisible({ timeout: 15_000 });
    await expect(log.getByRole("cell", { name: "204" })).toBeVisible();
    expect(receiver.received.map((request) => [request.body?.type, request.verified])).toEqual([["webhook.test", true]]);
  } finally {
    await receiver.close();
  }
});
