// The webhook.deliver job: sends one attempt (one delivery-log row) and settles it. Each attempt is
// its own row and its own job: a failure writes the outcome, and — while the retry schedule lasts —
// a new PENDING row whose job waits out the back-off (runAfter). The job engine's claim (FOR UPDATE
// SKIP LOCKED) makes one worker of all instances send a row; a worker that dies mid-send is
// replaced after its lease, so a receiver may see the same webhook-id twice (at-least-once).
// A delivery waiting behind an earlier one for the same record is made due the moment that one
// settles (succeeded, or failed for good), and this process's worker is woken to send it.
import { prisma, Prisma } from "../db";
import { defineJobKind, enqueueJob, wakeWorkers } from "../jobs";
import { toEvent } from "../outbox";
import { webhooksConfig } from "./config";
import { WEBHOOK_DELIVER_KIND, enqueueDeliveries, type DeliverPayload } from "./queue-deliveries";
import { sendWebhook, type SendResult } from "./send-webhook";

type Outcome = { outcome: "skipped" | "cancelled" | "waiting" | "succeeded" | "failed" | "retrying" | "disabled" };

/** The body every delivery carries (Standard Webhooks: type, timestamp, data). */
export const webhookBody = (event: Parameters<typeof toEvent>[0]) => {
  const envelope = toEvent(event);
  return JSON.stringify({ type: envelope.type, timestamp: envelope.timestamp, data: envelope });
};

/** Marks a PENDING row as not sent. */
const cancel = (id: string, error: string) =>
  prisma.webhookDelivery.updateMany({ where: { id, state: "PENDING" }, data: { state: "CANCELLED", error, finishedAt: new Date() } });

/** Cancels every pending delivery of an endpoint (it was disabled). */
export const cancelPendingDeliveries = (tx: Pick<typeof prisma, "webhookDelivery">, endpointId: string, reason: string) =>
  tx.webhookDelivery.updateMany({ where: { endpointId, state: "PENDING" }, data: { state: "CANCELLED", error: reason, finishedAt: new Date() } });

const secretsOf = (endpoint: { secret: string; previousSecret: string | null; previousSecretUntil: Date | null }, at: Date) =>
  endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > at ? [endpoint.secret, endpoint.previousSecret] : [endpoint.secret];

const NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

type SettledDelivery = { id: string; endpointId: string; eventId: string; eventSeq: bigint; eventType: string; entityKey: string; attempt: number };

/**
 * The next delivery of this endpoint and record, when it waits behind this one (a "waiting" job,
 * whose payload counts its waits): due now rather than at its next look, so that it goes out as
 * soon as the earlier one has settled. Only a waiting job is moved, never a retry's back-off.
 * Answers how many jobs it moved (0 or 1).
 */
const releaseNext = (tx: Prisma.TransactionClient, delivery: SettledDelivery) => tx.$executeRaw`
  UPDATE "Job" SET "runAfter" = ${NOW}
  WHERE kind = ${WEBHOOK_DELIVER_KIND} AND status = 'QUEUED'::"JobStatus" AND "runAfter" > ${NOW}
    AND (payload->'waits') IS NOT NULL
    AND payload->>'deliveryId' = (
      SELECT id FROM "WebhookDelivery"
      WHERE "endpointId" = ${delivery.endpointId} AND "entityKey" = ${delivery.entityKey} AND state = 'PENDING'
        AND "eventSeq" > ${delivery.eventSeq} AND "scheduledAt" <= ${NOW}
      ORDER BY "eventSeq", attempt
      LIMIT 1)`;

/**
 * Writes an attempt's outcome; on failure queues the next attempt (while the schedule lasts) and
 * counts the failure against the endpoint, disabling it after sustained failure — all in one
 * transaction, the endpoint row locked by its update so that concurrent attempts count correctly.
 */
const settle = async (delivery: SettledDelivery, result: SendResult): Promise<Outcome> => {
  const config = webhooksConfig();
  const finishedAt = new Date();
  const settled = await prisma.$transaction(async (tx): Promise<Outcome & { released?: number }> => {
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id: delivery.id, state: "PENDING" },
      data: {
        state: result.ok ? "SUCCEEDED" : "FAILED",
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        error: result.error,
        responseBody: result.responseBody,
        startedAt: result.startedAt,
        finishedAt,
      },
    });
    if (count === 0) return { outcome: "skipped" }; // settled or cancelled meanwhile (the endpoint was disabled or deleted)
    if (result.ok) {
      await tx.webhookEndpoint.updateMany({ where: { id: delivery.endpointId, consecutiveFailures: { gt: 0 } }, data: { consecutiveFailures: 0, failingSince: null } });
      return { outcome: "succeeded", released: await releaseNext(tx, delivery) };
    }
    const delay = config.WEBHOOKS_RETRY_SCHEDULE[delivery.attempt - 1];
    if (delay !== undefined) {
      const scheduledAt = new Date(finishedAt.getTime() + delay);
      const next = await tx.webhookDelivery.create({
        data: {
          id: `whd_${crypto.randomUUID().replaceAll("-", "")}`,
          endpointId: delivery.endpointId,
          eventId: delivery.eventId,
          eventSeq: delivery.eventSeq,
          eventType: delivery.eventType,
          entityKey: delivery.entityKey,
          attempt: delivery.attempt + 1,
          scheduledAt,
        },
        select: { id: true },
      });
      await enqueueDeliveries(tx, [{ id: next.id, runAfter: scheduledAt }]);
    }
    const [counted] = await tx.$queryRaw<{ consecutiveFailures: number; failingSince: Date; enabled: boolean }[]>`
      UPDATE "WebhookEndpoint"
      SET "consecutiveFailures" = "consecutiveFailures" + 1, "failingSince" = COALESCE("failingSince", ${result.startedAt})
      WHERE id = ${delivery.endpointId}
      RETURNING "consecutiveFailures", "failingSince", enabled`;
    const sustained =
      counted &&
      counted.enabled &&
      counted.consecutiveFailures >= config.WEBHOOKS_DISABLE_AFTER_FAILURES &&
      finishedAt.getTime() - counted.failingSince.getTime() >= config.WEBHOOKS_DISABLE_AFTER;
    if (sustained) {
      const reason = `Disabled automatically: ${counted.consecutiveFailures} failed attempts in a row since ${counted.failingSince.toISOString()}. Fix the receiver, then enable the endpoint again.`;
      await tx.webhookEndpoint.update({ where: { id: delivery.endpointId }, data: { enabled: false, disabledReason: reason, disabledAt: finishedAt } });
      await cancelPendingDeliveries(tx, delivery.endpointId, "The endpoint was disabled after sustained failure.");
      return { outcome: "disabled" };
    }
    // Failed for good: nothing earlier is pending any more, so the next one may go too.
    if (delay === undefined) return { outcome: "failed", released: await releaseNext(tx, delivery) };
    return { outcome: "retrying" };
  });
  // This process's workers claim it at once (it is due now); other instances at their next poll.
  if (settled.released) wakeWorkers();
  return { outcome: settled.outcome };
};

export const webhookDeliverJob = defineJobKind<DeliverPayload, Outcome>({
  kind: WEBHOOK_DELIVER_KIND,
  run: async ({ payload, signal }) => {
    const config = webhooksConfig();
    const delivery = await prisma.webhookDelivery.findUnique({
      where: { id: payload.deliveryId },
      include: { endpoint: { select: { url: true, enabled: true, secret: true, previousSecret: true, previousSecretUntil: true } } },
    });
    if (!delivery || delivery.state !== "PENDING") return { outcome: "skipped" };
    if (!delivery.endpoint.enabled) {
      await cancel(delivery.id, "The endpoint is disabled.");
      return { outcome: "cancelled" };
    }
    // Deliveries of one endpoint for one record go out in event order: wait while an earlier one is pending.
    const waits = payload.waits ?? 0;
    const pause = Math.min(config.WEBHOOKS_ORDER_WAIT * 2 ** Math.min(waits, 20), Math.max(config.WEBHOOKS_ORDER_WAIT, 30_000));
    const waiting = await prisma.$transaction(async (tx) => {
      // The earlier rows are share-locked: an outcome being written for one of them is waited for,
      // so either it settled before this look (nothing to wait for), or this waiting job is in
      // place before its settle looks for it to release (releaseNext) — no wake is lost between.
      const earlierPending = () => tx.$queryRaw<{ scheduledMs: number }[]>`
        SELECT (EXTRACT(EPOCH FROM "scheduledAt") * 1000)::float8 AS "scheduledMs" FROM "WebhookDelivery"
        WHERE "endpointId" = ${delivery.endpointId} AND "entityKey" = ${delivery.entityKey} AND state = 'PENDING' AND "eventSeq" < ${delivery.eventSeq}
        ORDER BY "eventSeq"
        FOR SHARE`;
      let [earlier] = await earlierPending();
      // A settle this look waited for may have failed the row it locked and inserted the retry's row
      // in the same transaction: under READ COMMITTED the row it waited on is then re-read as FAILED,
      // while the new row is not in this statement's snapshot. A second look, with a snapshot taken
      // after that commit, sees the retry (on a PostgreSQL server this let a later delivery overtake
      // an earlier one's retry).
      if (!earlier) [earlier] = await earlierPending();
      if (!earlier) return false;
      // Its settle makes this job due at once (releaseNext). As a fallback (another instance's
      // worker, a retry's back-off) look again once the earlier one is due, then less and less
      // often while it is being sent (ORDER_WAIT doubling per look, at most 30 s).
      const due = Math.max(Date.now(), earlier.scheduledMs) + pause;
      await enqueueJob({ kind: WEBHOOK_DELIVER_KIND, payload: { deliveryId: delivery.id, waits: waits + 1 } satisfies DeliverPayload, runAfter: new Date(due) }, tx);
      return true;
    });
    if (waiting) return { outcome: "waiting" };
    const event = await prisma.event.findUnique({ where: { id: delivery.eventId } });
    if (!event) {
      await cancel(delivery.id, "The event no longer exists.");
      return { outcome: "cancelled" };
    }
    const result = await sendWebhook({
      url: delivery.endpoint.url,
      messageId: event.id,
      body: webhookBody(event),
      secrets: secretsOf(delivery.endpoint, new Date()),
      timeoutMs: config.WEBHOOKS_TIMEOUT,
      allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE_URLS,
      signal,
    });
    // Stopped (shutdown, lost claim): write nothing; the engine hands the job back and the row stays PENDING.
    if (signal.aborted) throw signal.reason;
    return settle(delivery, result);
  },
});
