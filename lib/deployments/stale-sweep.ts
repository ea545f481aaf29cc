// The stale sweep (a recurring job, once a minute across all instances): records deployment.stale
// once for each deployment that has become stale, and, when DEPLOYMENT_STALE_FAIL is on, moves the
// stale ones to failed through the status machine (history row and deployment.status_changed in
// the same transaction). Set-based, in batches; each batch is one transaction.
import { prisma, Prisma } from "../db";
import { defineJobKind } from "../jobs";
import { recordEvents } from "../outbox";
import { deploymentsConfig, staleAfterMs } from "./config";
import { toDeployment } from "./shape";
import { staleCutoff, staleness, type StaleClock } from "./rules";
import { DEPLOYMENT_MACHINE } from "./status-machine";

export const STALE_SWEEP_KIND = "deployments.stale-sweep";
/** How often the sweep runs. */
export const STALE_SWEEP_EVERY_MS = 60_000;
/** Deployments one transaction of the sweep handles; the sweep goes on until none is left. */
const BATCH = 500;

export type StaleSweepOptions = {
  /** Default: now and DEPLOYMENT_STALE_AFTER_MINUTES. */
  clock?: StaleClock;
  /** Also move them to failed. Default: DEPLOYMENT_STALE_FAIL. */
  fail?: boolean;
  batch?: number;
};

export type StaleSweepResult = { marked: number; failed: number };

/** A JS instant as the timestamp(3) columns store it (UTC without a zone). */
const at = (date: Date) => Prisma.sql`(${date.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;

/** One batch: lock it, mark the unmarked ones, fail them all if asked; what it did. */
const sweepBatch = async (clock: StaleClock, fail: boolean, batch: number): Promise<StaleSweepResult & { locked: number }> =>
  prisma.$transaction(async (tx) => {
    // Rows another sweep (or a status move) holds are skipped: the holder deals with them, and a
    // row is locked again only after re-checking the conditions, so each is handled once.
    const locked = await tx.$queryRaw<{ id: string; marked: boolean }[]>`
      SELECT id, "staleMarkedAt" IS NOT NULL AS marked FROM "Deployment"
      WHERE status = 'in_progress' AND "statusChangedAt" < ${at(staleCutoff(clock))}
        ${fail ? Prisma.empty : Prisma.sql`AND "staleMarkedAt" IS NULL`}
      ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED`;
    if (locked.length === 0) return { locked: 0, marked: 0, failed: 0 };
    const ids = locked.map((row) => row.id);
    const toMark = locked.filter((row) => !row.marked).map((row) => row.id);

    if (toMark.length) await tx.deployment.updateMany({ where: { id: { in: toMark } }, data: { staleMarkedAt: clock.now } });
    const markedRows = toMark.length ? await tx.deployment.findMany({ where: { id: { in: toMark } }, orderBy: { id: "asc" } }) : [];
    const staleEvents = markedRows.map((row) => ({ type: "deployment.stale", entityId: row.id, data: toDeployment(row, staleness(row.status, row.statusChangedAt, clock)) }));

    if (!fail) {
      await recordEvents(tx, staleEvents);
      return { locked: locked.length, marked: toMark.length, failed: 0 };
    }
    // The move a PATCH to failed makes, for the whole (locked, so still in_progress) batch at once:
    // status, time of the change, deploymentTime from the start when the pipeline reported none,
    // a history row and deployment.status_changed.
    if (!DEPLOYMENT_MACHINE.canMove("in_progress", "failed")) throw new Error("The deployment status machine no longer allows in_progress → failed.");
    await tx.$executeRaw`
      UPDATE "Deployment" SET status = 'failed', "updatedAt" = ${at(clock.now)}, "statusChangedAt" = ${at(clock.now)},
        "deploymentTime" = COALESCE("deploymentTime", CASE WHEN "deploymentDate" IS NULL THEN NULL
          ELSE GREATEST(0, EXTRACT(EPOCH FROM (${at(clock.now)} - "deploymentDate")))::double precision END)
      WHERE id IN (${Prisma.join(ids)}) AND status = 'in_progress'`;
    await tx.deploymentStatusChange.createMany({
      data: ids.map((deploymentId) => ({ deploymentId, fromStatus: "in_progress" as const, toStatus: "failed" as const, changedAt: clock.now })),
    });
    const failedRows = await tx.deployment.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    await recordEvents(tx, [
      ...staleEvents,
      ...failedRows.map((row) => ({
        type: "deployment.status_changed",
        entityId: row.id,
        data: { from: "in_progress", to: "failed", deployment: toDeployment(row, staleness(row.status, row.statusChangedAt, clock)) },
      })),
    ]);
    return { locked: locked.length, marked: toMark.length, failed: ids.length };
  });

/** Runs the sweep to the end: every deployment stale at the clock is marked (and failed, if asked) once. */
export const sweepStaleDeployments = async (options: StaleSweepOptions = {}): Promise<StaleSweepResult> => {
  const clock = options.clock ?? { now: new Date(), staleAfterMs: staleAfterMs() };
  const fail = options.fail ?? deploymentsConfig().DEPLOYMENT_STALE_FAIL;
  const batch = options.batch ?? BATCH;
  const total = { marked: 0, failed: 0 };
  for (;;) {
    const done = await sweepBatch(clock, fail, batch);
    total.marked += done.marked;
    total.failed += done.failed;
    if (done.locked < batch) return total;
  }
};

/** The recurring job that runs the sweep (registered in lib/startup/jobs.ts). */
export const staleDeploymentsSweepJob = defineJobKind<Record<string, never>, StaleSweepResult>({
  kind: STALE_SWEEP_KIND,
  schedule: { everyMs: STALE_SWEEP_EVERY_MS },
  run: () => sweepStaleDeployments(),
});
