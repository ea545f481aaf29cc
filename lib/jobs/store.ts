// The job table's operations: enqueue, claim (FOR UPDATE SKIP LOCKED), renew a lease, finish,
// fail or retry, hand back, cancel. Times are the database's clock in UTC (the columns are
// timestamp without time zone holding UTC, as Prisma writes them), so that several processes
// agree on when a lease ran out.
import { prisma, Prisma, type JobStatus } from "../db";
import { AppError, ERROR_TITLE, isAppError, notFound } from "../core/errors";

export type JobRow = Prisma.JobGetPayload<object>;

const NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;
const later = (ms: number) => Prisma.sql`(${NOW} + (${ms}::int * interval '1 millisecond'))`;

export const ACTIVE_STATUSES: JobStatus[] = ["QUEUED", "RUNNING"];
export const FINAL_STATUSES: JobStatus[] = ["DONE", "ERROR", "CANCELLED"];

export type EnqueueInput = { kind: string; payload: unknown; userId?: string | null; maxAttempts?: number };

/** A new QUEUED job; `client` is a transaction's client when the enqueue is part of one. */
export const enqueueJob = (input: EnqueueInput, client: Prisma.TransactionClient = prisma) =>
  client.job.create({
    data: {
      kind: input.kind,
      payload: input.payload as Prisma.InputJsonValue,
      userId: input.userId ?? null,
      maxAttempts: input.maxAttempts ?? 3,
      runAfter: new Date(),
    },
  });

export const findJob = (id: string) => prisma.job.findUnique({ where: { id } });

export const getJob = async (id: string, what = "Job") => {
  const job = await findJob(id);
  if (!job) throw notFound(what, id);
  return job;
};

/**
 * Claims the next job of one of `kinds` for `workerId`: a QUEUED one whose runAfter has come, or
 * a RUNNING one whose lease ran out (its worker died). Several workers claiming at once each get
 * a different job (SKIP LOCKED), never the same.
 */
export const claimJob = async (workerId: string, kinds: string[], leaseMs: number): Promise<JobRow | null> => {
  if (kinds.length === 0) return null;
  // A job whose cancel was asked while its worker was gone ends here rather than running again.
  await prisma.$executeRaw`
    UPDATE "Job" SET status = 'CANCELLED'::"JobStatus", "finishedAt" = ${NOW}, "lockedBy" = NULL, "lockedUntil" = NULL
    WHERE status = 'RUNNING'::"JobStatus" AND "cancelRequested" AND "lockedUntil" < ${NOW}`;
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    UPDATE "Job" AS j
    SET status = 'RUNNING'::"JobStatus", attempts = j.attempts + 1, "lockedBy" = ${workerId},
        "lockedUntil" = ${later(leaseMs)}, "startedAt" = COALESCE(j."startedAt", ${NOW})
    FROM (
      SELECT id FROM "Job"
      WHERE kind IN (${Prisma.join(kinds)})
        AND ((status = 'QUEUED'::"JobStatus" AND "runAfter" <= ${NOW})
          OR (status = 'RUNNING'::"JobStatus" AND "lockedUntil" < ${NOW} AND NOT "cancelRequested"
              -- never a job this worker still runs (its renewal was late, not its process dead)
              AND "lockedBy" IS DISTINCT FROM ${workerId}))
      ORDER BY "runAfter", "createdAt", id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    ) AS next
    WHERE j.id = next.id
    RETURNING j.id`;
  if (rows.length === 0) return null;
  return prisma.job.findUnique({ where: { id: rows[0].id } });
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
  const { count } = await prisma.job.updateMany({ where: held(id, workerId), data: { progress: progress as Prisma.InputJsonValue } });
  if (count === 0) throw new AppError("conflict", `Job '${id}' is no longer held by this worker.`);
};

export const completeJob = (id: string, workerId: string, result: unknown) =>
  prisma.job.updateMany({
    where: held(id, workerId),
    data: { status: "DONE", result: (result ?? null) as Prisma.InputJsonValue, finishedAt: new Date(), ...released },
  });

export type JobError = { status: number; title: string; detail: string; errors?: { path: string; message: string }[] };

/** What a failure says to the job's owner: an AppError as it is, anything else without internals. */
export const describeJobError = (error: unknown): JobError =>
  isAppError(error)
    ? { status: error.status, title: ERROR_TITLE[error.code], detail: error.message, ...(error.errors ? { errors: error.errors } : {}) }
    : { status: 500, title: ERROR_TITLE.internal, detail: "The job failed unexpectedly; the server log has the details." };

export const failJob = (id: string, workerId: string, error: JobError) =>
  prisma.job.updateMany({
    where: held(id, workerId),
    data: { status: "ERROR", error: error as Prisma.InputJsonValue, finishedAt: new Date(), ...released },
  });

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
  prisma.job.updateMany({ where: held(id, workerId), data: { status: "CANCELLED", finishedAt: new Date(), ...released } });

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
  const queued = await prisma.job.updateMany({
    where: { id, status: "QUEUED" },
    data: { status: "CANCELLED", cancelRequested: true, finishedAt: new Date(), ...released },
  });
  if (queued.count === 0) {
    const running = await prisma.job.updateMany({ where: { id, status: "RUNNING" }, data: { cancelRequested: true } });
    if (running.count === 0) {
      const now = await getJob(id);
      if (FINAL_STATUSES.includes(now.status)) throw new AppError("conflict", `Job '${id}' has already finished (${now.status}); there is nothing to cancel.`);
    }
  }
  return getJob(id);
};
