// A webhook delivery waiting behind an earlier one for the same record (deliveries for one record
// are ordered) starts as soon as the earlier one succeeds: its settle makes the waiting job due and
// wakes the worker. The order wait here is ten minutes and the worker's poll a minute, so only that
// release can send it before the test ends; the test awaits the worker's idle hook, never the clock.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "../../lib/db";
import { JobWorker, wakeWorkers, whenJobsIdle, type AnyJobKind } from "../../lib/jobs";
import { moveTaskStatus } from "../../lib/tasks/move-task-status";
import { createWebhookEndpoint, resetWebhooksConfig, WEBHOOK_DELIVER_KIND, webhookDeliverJob } from "../../lib/webhooks";
import { useApiTest } from "../helpers/api";
import { unique } from "../helpers/factories";
import { startReceiver, type Receiver } from "../webhooks/receiver";

const SETTINGS = {
  WEBHOOKS_ALLOW_PRIVATE_URLS: "true",
  WEBHOOKS_TIMEOUT: "8s",
  WEBHOOKS_RETRY_SCHEDULE: "10m",
  WEBHOOKS_DISABLE_AFTER_FAILURES: "100",
  WEBHOOKS_DISABLE_AFTER: "1d",
  WEBHOOKS_ORDER_WAIT: "10m",
};

useApiTest();

let receiver: Receiver;
let worker: JobWorker | undefined;

beforeAll(async () => {
  Object.assign(process.env, SETTINGS);
  resetWebhooksConfig();
  receiver = await startReceiver();
});
afterEach(async () => {
  await worker?.stop(0);
  worker = undefined;
});
afterAll(async () => {
  await receiver.close();
  for (const name of Object.keys(SETTINGS)) delete process.env[name];
  resetWebhooksConfig();
});

const jobOf = (deliveryId: string) => prisma.job.findFirstOrThrow({ where: { kind: WEBHOOK_DELIVER_KIND, status: "QUEUED", payload: { path: ["deliveryId"], equals: deliveryId } } });

describe("ordered deliveries", () => {
  it("a delivery queued behind a succeeded one starts without waiting for its next look", async () => {
    const endpoint = await createWebhookEndpoint({ url: receiver.url(), eventTypes: ["task.status_changed"] }, null);
    receiver.trust(endpoint.secret);
    const taskId = unique("task-release");
    await prisma.task.create({ data: { id: taskId, description: "Released", status: "pending", entityType: "Agent", entityId: "agent-x" } });
    await moveTaskStatus(taskId, "assigned");
    await moveTaskStatus(taskId, "in_progress");
    const [first, second] = await prisma.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, orderBy: { eventSeq: "asc" } });
    // Hold the first back, so that the second is looked at while the first is still pending.
    await prisma.job.update({ where: { id: (await jobOf(first.id)).id }, data: { runAfter: new Date(Date.now() + 3600_000) } });

    worker = new JobWorker({ kinds: [webhookDeliverJob as AnyJobKind], concurrency: 2, leaseMs: 5_000, pollMs: 60_000, log: () => {} }).start();
    await whenJobsIdle();
    // The second waits its turn: nothing sent, its next look ten minutes away.
    expect(receiver.received).toHaveLength(0);
    const waiting = await jobOf(second.id);
    expect(waiting.payload).toMatchObject({ deliveryId: second.id, waits: 1 });
    // Its next look: the order wait (ten minutes) after the earlier one's time, at the soonest.
    expect(waiting.runAfter.getTime()).toBeGreaterThanOrEqual(first.scheduledAt.getTime() + 10 * 60_000);

    // The first goes out and succeeds; its settle releases the second at once.
    await prisma.job.update({ where: { id: (await jobOf(first.id)).id }, data: { runAfter: new Date() } });
    wakeWorkers();
    await whenJobsIdle();
    expect(receiver.received.map((request) => request.body.data.data.to)).toEqual(["assigned", "in_progress"]);
    const states = await prisma.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, orderBy: { eventSeq: "asc" }, select: { state: true } });
    expect(states.map((row) => row.state)).toEqual(["SUCCEEDED", "SUCCEEDED"]);
  });
});
