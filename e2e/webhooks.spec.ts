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
    await signIn(page);
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
    // The endpoint takes every event type: the app's own events (a sweep marking tasks overdue or
    // deployments stale, late in a long run) may be delivered to it meanwhile, so the test's own
    // delivery is picked out by its type.
    const testRow = log.getByRole("row").filter({ hasText: "webhook.test" });
    await expect(testRow.filter({ hasText: "succeeded" })).toBeVisible({ timeout: 15_000 });
    await expect(testRow.getByRole("cell", { name: "204" })).toBeVisible();
    expect(receiver.received.filter((request) => request.body?.type === "webhook.test").map((request) => request.verified)).toEqual([true]);
    expect(receiver.received.every((request) => request.verified)).toBe(true);
  } finally {
    await receiver.close();
  }
});
