// Webhook delivery end to end against a local receiver that verifies signatures: a task move is
// delivered signed; a failure is retried after its back-off and the log shows every attempt; a slow
// receiver times out; sustained failure disables the endpoint; deliveries for one record keep event
// order; a rolled-back change delivers nothing; two workers deliver once.
//
// Back-offs are checked as data, never by the clock: each retry's row is scheduled at the failed
// attempt's end plus the schedule's step, and its job waits until then (runAfter). The schedules
// here are minutes long, so that a retry never comes due by itself while the test looks at it;
// `deliverAll()` lets the back-offs pass by making the waiting jobs due at once.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "../../lib/db";
import { JobWorker, wakeWorkers, whenJobsIdle } from "../../lib/jobs";
import { recordEvent } from "../../lib/events";
import { moveTaskStatus } from "../../lib/tasks/move-task-status";
import {
  createWebhookEndpoint,
  listWebhookDeliveries,
  resetWebhooksConfig,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
  WEBHOOK_DELIVER_KIND,
  webhookDeliverJob,
} from "../../lib/webhooks";
import { useApiTest } from "../helpers/api";
import { unique, userWithKey } from "../helpers/factories";
import { startReceiver, type Receiver } from "./receiver";

const SETTINGS = {
  WEBHOOKS_ALLOW_PRIVATE_URLS: "true",
  WEBHOOKS_TIMEOUT: "8s",
  WEBHOOKS_RETRY_SCHEDULE: "1m,2m,1m,1m",
  WEBHOOKS_DISABLE_AFTER_FAILURES: "100",
  WEBHOOKS_DISABLE_AFTER: "1d",
  WEBHOOKS_ORDER_WAIT: "50ms",
};
const configure = (overrides: Partial<typeof SETTINGS> = {}) => {
  Object.assign(process.env, SETTINGS, overrides);
  resetWebhooksConfig();
};

useApiTest();

let receiver: Receiver;
const workers: JobWorker[] = [];
const startWorker = (workerId?: string) => {
  const worker = new JobWorker({ kinds: [webhookDeliverJob as never], concurrency: 2, leaseMs: 5_000, pollMs: 20, workerId, log: () => {} }).start();
  workers.push(worker);
  return worker;
};

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  for (const name of Object.keys(SETTINGS)) delete process.env[name];
  resetWebhooksConfig();
});
beforeEach(() => configure());
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop(0)));
  await prisma.webhookEndpoint.deleteMany({});
  await prisma.job.deleteMany({});
  receiver.reset();
});

const register = async (options: { eventTypes?: string[]; path?: string } = {}) => {
  const endpoint = await createWebhookEndpoint({ url: receiver.url(options.path), eventTypes: options.eventTypes ?? ["task.status_changed"] }, null);
  receiver.trust(endpoint.secret);
  return endpoint;
};

const newTask = async () => {
  const id = unique("task-hook");
  await prisma.task.create({ data: { id, description: "Hooked", status: "pending", entityType: "Agent", entityId: "agent-x" } });
  return id;
};

/** The log, oldest first. */
const log = async (endpointId: string) => (await listWebhookDeliveries(endpointId, { limit: 100 })).items.reverse();

const MINUTE = 60_000;

/** How long after the attempt before it the log's row `later` was scheduled (its back-off). */
const backoff = (entries: { scheduledAt: string; finishedAt: string | null }[], later: number) =>
  Date.parse(entries[later].scheduledAt) - Date.parse(entries[later - 1].finishedAt!);

/** The delivery jobs still waiting (a retry's back-off, a later delivery's turn). */
const waitingJobs = () => prisma.job.findMany({ where: { kind: WEBHOOK_DELIVER_KIND, status: "QUEUED" }, select: { runAfter: true } });

/**
 * Delivers until nothing is left: the workers settle what is due, then every delivery job still
 * waiting is made due at once (its back-off has passed, as far as the test is concerned), and so
 * on until none waits.
 */
const deliverAll = async () => {
  for (;;) {
    await whenJobsIdle();
    const { count } = await prisma.job.updateMany({ where: { kind: WEBHOOK_DELIVER_KIND, status: "QUEUED" }, data: { runAfter: new Date(Date.now() - 1_000) } });
    if (count === 0) return;
    wakeWorkers();
  }
};

describe("webhook delivery", () => {
  it("a task status move reaches a registered endpoint, correctly signed", async () => {
    const endpoint = await register();
    startWorker();
    const taskId = await newTask();
    await moveTaskStatus(taskId, "assigned");
    await whenJobsIdle();
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request.verified).toBe(true);
    const event = await prisma.event.findFirstOrThrow({ where: { entityId: taskId, type: "task.status_changed" } });
    expect(request.id).toBe(event.id);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.body).toMatchObject({
      type: "task.status_changed",
      timestamp: event.createdAt.toISOString(),
      data: { id: event.id, type: "task.status_changed", entity: { type: "task", id: taskId }, data: { from: "pending", to: "assigned", task: { id: taskId, status: "assigned" } } },
    });
    const [entry] = await log(endpoint.id);
    expect(entry).toMatchObject({ state: "succeeded", attempt: 1, statusCode: 204, eventId: event.id, eventType: "task.status_changed", error: null, durationMs: expect.any(Number) });
    // Signed at the attempt's start (the receiver refuses stale timestamps).
    expect(request.headers["webhook-timestamp"]).toBe(String(Math.floor(Date.parse(entry.startedAt!) / 1000)));
  });

  it("a failed attempt is retried after its back-off, and the log shows both attempts", async () => {
    const endpoint = await register();
    receiver.answerNext({ status: 500, body: "boom" });
    startWorker();
    const taskId = await newTask();
    await moveTaskStatus(taskId, "assigned");
    await whenJobsIdle();
    // The first attempt failed; the second waits out its back-off (a minute) and has not gone yet.
    const waiting = await log(endpoint.id);
    expect(waiting.map((entry) => [entry.attempt, entry.state])).toEqual([
      [1, "failed"],
      [2, "pending"],
    ]);
    expect(backoff(waiting, 1)).toBe(MINUTE);
    expect((await waitingJobs()).map((job) => job.runAfter.toISOString())).toEqual([waiting[1].scheduledAt]);
    expect(receiver.received).toHaveLength(1);
    await deliverAll();
    const entries = await log(endpoint.id);
    expect(entries.map((entry) => [entry.attempt, entry.state, entry.statusCode])).toEqual([
      [1, "failed", 500],
      [2, "succeeded", 204],
    ]);
    expect(entries[0]).toMatchObject({ error: "the receiver answered 500", responseBody: "boom" });
    // The same message both times: the receiver de-duplicates by webhook-id.
    expect(receiver.received.map((request) => [request.id, request.verified])).toEqual([
      [entries[0].eventId, true],
      [entries[0].eventId, true],
    ]);
    expect(await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ consecutiveFailures: 0, enabled: true });
  });

  it("retries follow the schedule, and stop when it runs out", async () => {
    configure({ WEBHOOKS_RETRY_SCHEDULE: "1m,5m" });
    const endpoint = await register();
    receiver.answerAlways({ status: 503 });
    startWorker();
    await moveTaskStatus(await newTask(), "assigned");
    await deliverAll();
    const entries = await log(endpoint.id);
    expect(entries.map((entry) => [entry.attempt, entry.state, entry.statusCode])).toEqual([
      [1, "failed", 503],
      [2, "failed", 503],
      [3, "failed", 503],
    ]);
    expect(backoff(entries, 1)).toBe(MINUTE);
    expect(backoff(entries, 2)).toBe(5 * MINUTE);
    // Nothing more is queued after the last attempt.
    expect(await prisma.webhookDelivery.count({ where: { endpointId: endpoint.id, state: "PENDING" } })).toBe(0);
    expect(receiver.received).toHaveLength(3);
  });

  it("a receiver slower than the timeout fails the attempt without a status code", async () => {
    configure({ WEBHOOKS_RETRY_SCHEDULE: "", WEBHOOKS_TIMEOUT: "1s" });
    const endpoint = await register();
    receiver.answerNext({ status: 200, delayMs: 4_000 });
    startWorker();
    await moveTaskStatus(await newTask(), "assigned");
    await whenJobsIdle();
    const [entry] = await log(endpoint.id);
    expect(entry).toMatchObject({ state: "failed", statusCode: null, error: "no complete answer within 1000 ms" });
  });

  it("sustained failure disables the endpoint with a reason and cancels what was pending", async () => {
    configure({ WEBHOOKS_DISABLE_AFTER_FAILURES: "3", WEBHOOKS_DISABLE_AFTER: "0ms", WEBHOOKS_RETRY_SCHEDULE: "1m,1m,1m,1m,1m" });
    const endpoint = await register();
    receiver.answerAlways({ status: 500 });
    startWorker();
    await moveTaskStatus(await newTask(), "assigned");
    await deliverAll();
    const disabled = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(disabled.enabled).toBe(false);
    expect(disabled.disabledReason).toMatch(/^Disabled automatically: 3 failed attempts in a row/);
    const entries = await log(endpoint.id);
    expect(entries.map((entry) => entry.state)).toEqual(["failed", "failed", "failed", "cancelled"]);
    // New events are not delivered to it, and nothing more was sent.
    await moveTaskStatus(await newTask(), "assigned");
    expect(await prisma.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(4);
    expect(receiver.received).toHaveLength(3);
    // Re-enabling is the operator's: it clears the reason and the count, and new events flow again.
    receiver.answerAlways({ status: 204 });
    await updateWebhookEndpoint(endpoint.id, { enabled: true });
    await moveTaskStatus(await newTask(), "assigned");
    await deliverAll();
    expect(receiver.received).toHaveLength(4);
    expect(await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 });
    expect(await prisma.webhookDelivery.count({ where: { endpointId: endpoint.id, state: "SUCCEEDED" } })).toBe(1);
  });

  it("deliveries of one endpoint for one record go out in event order, a later one waiting for an earlier retry", async () => {
    const endpoint = await register();
    receiver.answerNext({ status: 500 });
    startWorker();
    const taskId = await newTask();
    await moveTaskStatus(taskId, "assigned");
    await moveTaskStatus(taskId, "in_progress");
    await moveTaskStatus(taskId, "completed");
    await deliverAll();
    expect(receiver.received.filter((request) => request.body?.data?.entity?.id === taskId)).toHaveLength(4);
    const moves = receiver.received.map((request) => request.body.data.data.to);
    // The first move failed once; the later ones waited for its retry rather than overtaking it.
    expect(moves).toEqual(["assigned", "assigned", "in_progress", "completed"]);
    const entries = await log(endpoint.id);
    expect(entries.map((entry) => `${entry.attempt} ${entry.state}`).sort()).toEqual(["1 failed", "1 succeeded", "1 succeeded", "2 succeeded"]);
  });

  it("a change that rolls back delivers nothing", async () => {
    const endpoint = await register({ eventTypes: [] });
    const jobsBefore = await prisma.job.count();
    await expect(
      prisma.$transaction(async (tx) => {
        await recordEvent(tx, { type: "task.deleted", entityId: "task-never", data: { id: "task-never" } });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await prisma.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
    expect(await prisma.job.count()).toBe(jobsBefore);
  });

  it("two workers claiming together deliver each event once", async () => {
    const endpoint = await register({ eventTypes: [] });
    const tasks = await Promise.all(Array.from({ length: 6 }, () => newTask()));
    for (const taskId of tasks) await moveTaskStatus(taskId, "assigned");
    startWorker("worker-a");
    startWorker("worker-b");
    await whenJobsIdle();
    expect(await prisma.webhookDelivery.count({ where: { endpointId: endpoint.id, state: "SUCCEEDED" } })).toBe(6);
    const ids = receiver.received.map((request) => request.id);
    expect(new Set(ids).size).toBe(6);
    expect(ids).toHaveLength(6);
    expect(receiver.received.every((request) => request.verified)).toBe(true);
  });

  it("an endpoint receives only the types it asked for, never events private to one user", async () => {
    const onlyCreated = await register({ eventTypes: ["task.created"] });
    const everything = await register({ eventTypes: [], path: "/all" });
    await prisma.$transaction((tx) => recordEvent(tx, { type: "task.updated", entityId: "t-private", data: { id: "t-private" }, visibleTo: "someone" }));
    await moveTaskStatus(await newTask(), "assigned");
    expect(await prisma.webhookDelivery.count({ where: { endpointId: onlyCreated.id } })).toBe(0);
    expect(await prisma.webhookDelivery.findMany({ where: { endpointId: everything.id }, select: { eventType: true } })).toEqual([{ eventType: "task.status_changed" }]);
  });

  it("a test goes to its endpoint only; after a rotation both the new and the previous secret verify", async () => {
    const first = await register({ path: "/first" });
    const other = await register({ eventTypes: [], path: "/other" });
    const rotated = await rotateWebhookSecret(first.id);
    startWorker();
    receiver.trust(rotated.secret);
    const { user } = await userWithKey("operator");
    const queued = await sendWebhookTest(first.id, user.id);
    expect(queued).toMatchObject({ endpointId: first.id, eventType: "webhook.test", attempt: 1, state: "pending" });
    await whenJobsIdle();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({ verified: true, body: { type: "webhook.test", data: { data: { endpointId: first.id } } } });
    receiver.trust(first.secret);
    const signatures = String(receiver.received[0].headers["webhook-signature"]).split(" ");
    expect(signatures).toHaveLength(2);
    const { Webhook } = await import("standardwebhooks");
    const headers = Object.fromEntries(["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => [name, String(receiver.received[0].headers[name])]));
    expect(() => new Webhook(first.secret).verify(receiver.received[0].raw, headers)).not.toThrow();
    expect(() => new Webhook(rotated.secret).verify(receiver.received[0].raw, headers)).not.toThrow();
    expect(await prisma.webhookDelivery.count({ where: { endpointId: other.id } })).toBe(0);
  });
});
