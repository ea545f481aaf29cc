// The job table's operations: enqueue, claim (FOR UPDATE SKIP LOCKED), renew a lease, finish,
// fail or retry, hand back, cancel. Times are the database's clock in UTC (the columns are
// timestamp without time zone holding UTC, as Prisma writes them), so that several processes
// agree on when a lease ran out.
import { prisma, Prisma, type JobStatus } from "../db";
import { AppError, ERROR_TITLE, isAppError, notFound } from "../core/errors";
import { recordEvents, type EventInput } from "../outbox";
import { lifecycleEventsOf, type JobOutcome, type JobRow } from "./kinds";
import { wakeWorkers } from "./registry";

export type { JobRow };

const NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;
const later = (ms: number) => Prisma.sql`(${NOW} + (${ms}::int * interval '1 millisecond'))`;

export const ACTIVE_STATUSES: JobStatus[] = ["QUEUED", "RUNNING"];
export const FINAL_STATUSES: JobStatus[] = ["DONE", "ERROR", "CANCELLED"];

export type EnqueueInput = {
  kind: string;
  payload: unknown;
  userId?: string | null;
  maxAttempts?: number;
  /** At most one job ever has this key: a second enqueue with it is a 409 (see enqueueOnce). */
  dedupeKey?: string;
  /** Not claimed before this time (default: now); a webhook retry waits out its back-off this way. */
  runAfter?: Date;
};

/** The row of a new QUEUED job. */
const jobData = (input: EnqueueInput, now: Date) => ({
  kind: input.kind,
  payload: input.payload as Prisma.InputJsonValue,
  userId: input.userId ?? null,
  maxAttempts: input.maxAttempts ?? 3,
  runAfter: input.runAfter ?? now,
  dedupeKey: input.dedupeKey ?? null,
});

/**
 * This process's workers start a job queued outside a transaction at once; inside one, the caller
 * wakes them after its commit (wakeWorkers), since before it they would not see the job yet.
 */
const wakeIfCommitted = (client: Prisma.TransactionClient) => {
  if (client === prisma) wakeWorkers();
};

/** A new QUEUED job; `client` is a transaction's client when the enqueue is part of one. */
export const enqueueJob = async (input: EnqueueInput, client: Prisma.TransactionClient = prisma) => {
  const job = await client.job.create({ data: jobData(input, new Date()) });
  wakeIfCommitted(client);
  return job;
};

/** Several new QUEUED jobs in one statement (a fan-out inside the caller's transaction); answers their ids. */
export const enqueueJobs = async (inputs: EnqueueInput[], client: Prisma.TransactionClient = prisma): Promise<string[]> => {
  if (inputs.length === 0) return [];
  const now = new Date();
  const made = await client.job.createManyAndReturn({ data: inputs.map((input) => jobData(input, now)), select: { id: true } });
  wakeIfCommitted(client);
  return made.map((job) => job.id);
};

/**
 * Queues each job whose dedupeKey no job has yet, in one statement; the others are skipped, so that
 * several instances asking at once queue one. Answers how many were queued.
 */
export const enqueueOnce = async (inputs: (EnqueueInput & { dedupeKey: string })[], client: Prisma.TransactionClient = prisma) => {
  if (inputs.length === 0) return 0;
  const now = new Date();
  const { count } = await client.job.createMany({ data: inputs.map((input) => jobData(input, now)), skipDuplicates: true });
  if (count > 0) wakeIfCommitted(client);
  return count;
};

/** The dedupeKey of a recurring kind's job for the slot `now` falls in. */
export const scheduleKey = (kind: string, everyMs: number, now = Date.now()) => `schedule:${kind}:${Math.floor(now / everyMs)}`;

/** How long the finished jobs of recurring kinds are kept (they would otherwise pile up, one per slot). */
const SCHEDULED_KEPT_MS = 24 * 3600_000;

/** Queues the current slot's job of each recurring kind (once across instances) and forgets old ones. */
export const queueScheduled = async (kinds: { kind: string; schedule?: { everyMs: number; payload?: unknown } }[], now = Date.now()) => {
  const recurring = kinds.filter((kind) => kind.schedule);
  if (recurring.length === 0) return 0;
  const queued = await enqueueOnce(
    recurring.map((kind) => ({ kind: kind.kind, payload: kind.schedule!.payload ?? {}, maxAttempts: 1, dedupeKey: scheduleKey(kind.kind, kind.schedule!.everyMs, now) })),
  );
  await prisma.job.deleteMany({
    where: { dedupeKey: { startsWith: "schedule:" }, status: { in: FINAL_STATUSES }, finishedAt: { lt: new Date(now - SCHEDULED_KEPT_MS) } },
  });
  return queued;
};

type Stage = "started" | "progressed" | "finished";

/** The lifecycle events the jobs' kinds declare for `stage`, recorded in `tx` (after the status update). */
const recordLifecycle = async (tx: Prisma.TransactionClient, jobs: JobRow[], stage: Stage) => {
  const events = jobs.flatMap((job): EventInput[] => {
    const hooks = lifecycleEventsOf(job.kind);
    const event = stage === "finished" ? hooks?.finished?.(job, job.status as JobOutcome) : hooks?.[stage]?.(job);
    return event ? [event] : [];
  });
  await recordEvents(tx, events);
};

/** Updates the job while `where` holds and records `stage`'s event, in one transaction; answers the count like updateMany. */
const updateRecording = (where: Prisma.JobWhereInput, data: Prisma.JobUpdateManyMutationInput, stage: Stage) =>
  prisma.$transaction(async (tx) => {
    const rows = await tx.job.updateManyAndReturn({ where, data });
    await recordLifecycle(tx, rows, stage);
    return { count: rows.length };
  });

export const findJob = (id: string) => prisma.job.findUnique({ where: { id } });

export const getJob = async (id: string, what = "Job") => {
  const job = await findJob(id);
  if (!job) throw notFound(what, id);
  return job;
};

/**
 * Who was served least recently, as the claiming worker remembers it: kinds, and owners (a user's
 * id, or "" for jobs of no user), each list oldest first. Names missing from a list count as never
 * served. The worker keeps these (worker.ts); the store only orders by them.
 */
export type ServedOrder = { kinds: string[]; owners: string[] };

/**
 * Claims the next job of one of `kinds` for `workerId`: a QUEUED one whose runAfter has come, or
 * a RUNNING one whose lease ran out (its worker died). Several workers claiming at once each get
 * a different job (SKIP LOCKED), never the same.
 *
 * Which job, fairly (docs/jobs.md, "Fair claiming"): of the claimable jobs, one of the kind with
 * the fewest RUNNING jobs (of these kinds, across all instances), then of the kind this worker
 * served least recently; within it, one of the owner with the fewest running jobs, then of the
 * owner served least recently; then the oldest. So one user's flood of jobs does not hold back
 * another user's first one, and a flood of one kind does not starve another kind — also in a lane
 * of one slot, where the running counts are all 0 and the rotation decides.
 */
export const claimJob = async (workerId: string, kinds: string[], leaseMs: number, served: ServedOrder = { kinds: [], owners: [] }): Promise<JobRow | null> => {
  if (kinds.length === 0) return null;
  // The claim and the lifecycle events it causes commit together.
  return prisma.$transaction(async (tx) => {
    // A job whose cancel was asked while its worker was gone ends here rather than running again.
    const ended = await tx.$queryRaw<{ id: string }[]>`
      UPDATE "Job" SET status = 'CANCELLED'::"JobStatus", "finishedAt" = ${NOW}, "lockedBy" = NULL, "lockedUntil" = NULL
      WHERE status = 'RUNNING'::"JobStatus" AND "cancelRequested" AND "lockedUntil" < ${NOW}
      RETURNING id`;
    if (ended.length > 0) await recordLifecycle(tx, await tx.job.findMany({ where: { id: { in: ended.map((row) => row.id) } } }), "finished");
    // One statement: the loads (RUNNING jobs per kind and per owner, a small set found through the
    // status index) join the candidates, which are ordered and locked; only the candidate rows are
    // locked (FOR UPDATE OF c), so instances claiming together still each get a different job.
    const rows = await tx.$queryRaw<{ id: string; first: boolean }[]>`
      UPDATE "Job" AS j
      SET status = 'RUNNING'::"JobStatus", attempts = j.attempts + 1, "lockedBy" = ${workerId},
          "lockedUntil" = ${later(leaseMs)}, "startedAt" = COALESCE(j."startedAt", ${NOW})
      FROM (
        WITH running AS (
          SELECT kind, COALESCE("userId", '') AS owner FROM "Job"
          WHERE status = 'RUNNING'::"JobStatus" AND kind IN (${Prisma.join(kinds)})
        ),
        kind_load AS (SELECT kind, count(*) AS n FROM running GROUP BY kind),
        owner_load AS (SELECT owner, count(*) AS n FROM running GROUP BY owner)
        SELECT c.id, c."startedAt" FROM "Job" AS c
        LEFT JOIN kind_load ON kind_load.kind = c.kind
        LEFT JOIN owner_load ON owner_load.owner = COALESCE(c."userId", '')
        WHERE c.kind IN (${Prisma.join(kinds)})
          AND ((c.status = 'QUEUED'::"JobStatus" AND c."runAfter" <= ${NOW})
            OR (c.status = 'RUNNING'::"JobStatus" AND c."lockedUntil" < ${NOW} AND NOT c."cancelRequested"
                -- never a job this worker still runs (its renewal was late, not its process dead)
                AND c."lockedBy" IS DISTINCT FROM ${workerId}))
        ORDER BY COALESCE(kind_load.n, 0), array_position(${served.kinds}::text[], c.kind) NULLS FIRST,
                 COALESCE(owner_load.n, 0), array_position(${served.owners}::text[], COALESCE(c."userId", '')) NULLS FIRST,
                 c."runAfter", c."createdAt", c.id
        LIMIT 1
        FOR UPDATE OF c SKIP LOCKED
      ) AS next
      WHERE j.id = next.id
      RETURNING j.id, (next."startedAt" IS NULL) AS first`;
    if (rows.length === 0) return null;
    const job = await tx.job.findUniqueOrThrow({ where: { id: rows[0].id } });
    // Started once per job: not again when a retry or a dead worker's job is claimed again.
    if (rows[0].first) await recordLifecycle(tx, [job], "started");
    return job;
  });
};

/** Extends the claim. null when the claim is lost (another worker holds the job, or it ended). */
export const renewLease = async (id: string, workerId: string, leaseMs: number): Promise<{ cancelRequested: boolean } | null> => {
  const rows = await prisma.$queryRaw<{ cancelRequested: boolean }[]>`
    UPDATE "Job" SET "lockedUntil" = ${later(leaseMs)}
    WHERE id = ${id} AND "lockedBy" = ${workerId} AND status = 'RUNNING'::"JobStatus"
    RETURNING "cancelRequested"`;
  return rows[0] ?? null;
};

const held = (id: string, workerId: string): Prisma.JobWhereInput => ({ id, lockedBy: workerId, status: "RUNNING" });

const released = { lockedBy: null, lockedUntil: null } as const;

export const saveJobProgress = async (id: string, workerId: string, progress: unknown) => {
  const { count } = await updateRecording(held(id, workerId), { progress: progress as Prisma.InputJsonValue }, "progressed");
  if (count === 0) throw new AppError("conflict", `Job '${id}' is no longer held by this worker.`);
};

export const completeJob = (id: string, workerId: string, result: unknown) =>
  updateRecording(held(id, workerId), { status: "DONE", result: (result ?? null) as Prisma.InputJsonValue, finishedAt: new Date(), ...released }, "finished");

export type JobError = { status: number; title: string; detail: string; errors?: { path: string; message: string }[] };

/** What a failure says to the job's owner: an AppError as it is, anything else without internals. */
export const describeJobError = (error: unknown): JobError =>
  isAppError(error)
    ? { status: error.status, title: ERROR_TITLE[error.code], detail: error.message, ...(error.errors ? { errors: error.errors } : {}) }
    : { status: 500, title: ERROR_TITLE.internal, detail: "The job failed unexpectedly; the server log has the details." };

export const failJob = (id: string, workerId: string, error: JobError) =>
  updateRecording(held(id, workerId), { status: "ERROR", error: error as Prisma.InputJsonValue, finishedAt: new Date(), ...released }, "finished");

/** Back to QUEUED, to be claimed again no sooner than `delayMs` from now. */
export const retryJob = (id: string, workerId: string, delayMs: number, error: JobError) =>
  prisma.job.updateMany({
    where: held(id, workerId),
    data: { status: "QUEUED", runAfter: new Date(Date.now() + delayMs), error: error as Prisma.InputJsonValue, ...released },
  });

/** Handed back by a stopping worker: QUEUED again, and this claim does not count. */
export const releaseJob = (id: string, workerId: string) =>
  prisma.job.updateMany({ where: held(id, workerId), data: { status: "QUEUED", attempts: { decrement: 1 }, ...released } });

export const markCancelled = (id: string, workerId: string) =>
  updateRecording(held(id, workerId), { status: "CANCELLED", finishedAt: new Date(), ...released }, "finished");

/**
 * Asks for a job to stop. A QUEUED job is CANCELLED at once; a RUNNING one is flagged, and its
 * worker stops it (at once in this process, else at its next lease renewal) and marks it
 * CANCELLED. A finished job is a 409. Answers the job as it is after the request.
 */
export const requestCancel = async (id: string): Promise<JobRow> => {
  const job = await getJob(id);
  if (FINAL_STATUSES.includes(job.status)) {
    throw new AppError("conflict", `Job '${id}' has already finished (${job.status}); there is nothing to cancel.`);
  }
  const queued = await updateRecording({ id, status: "QUEUED" }, { status: "CANCELLED", cancelRequested: true, finishedAt: new Date(), ...released }, "finished");
  if (queued.count === 0) {
    const running = await prisma.job.updateMany({ where: { id, status: "RUNNING" }, data: { cancelRequested: true } });
    if (running.count === 0) {
      const now = await getJob(id);
      if (FINAL_STATUSES.includes(now.status)) throw new AppError("conflict", `Job '${id}' has already finished (${now.status}); there is nothing to cancel.`);
    }
  }
  return getJob(id);
};
