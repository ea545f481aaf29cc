// Faults that heal (docs/operations.md): a job whose outcome cannot be written because the database
// is away is written again by the same worker, with back-off, once the database returns — it does
// not stay RUNNING (counted against its owner's cap) until a restart, and it is not run again. The
// database "goes away" the way a process sees it: the process's database is swapped for one that
// refuses connections while the job ends, and swapped back once the worker has reported a failed
// write. Work is awaited through the worker's log and idle hook, never by sleeping.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../lib/core/errors";
import { openDatabase, prisma, useDatabase, type DbHandle } from "../../lib/db";
import { JobWorker, resetJobsConfig, whenJobsIdle, type AnyJobKind, type JobLogLevel } from "../../lib/jobs";
import { walletIndexJob } from "../../lib/wallet";
import { enqueueIndexingPairs } from "../../lib/wallet/indexing/wallet-index-job";
import { useApiTest } from "../helpers/api";
import { userWithKey } from "../helpers/factories";
import { randomAddress } from "../wallet/factory";

const api = useApiTest();

// Nothing listens on port 1: every connection is refused at once.
let away: DbHandle;
beforeAll(() => {
  process.env.WALLET_INDEX_JOBS_ACTIVE_MAX = "1";
  resetJobsConfig();
  away = openDatabase({ mode: "server", url: "postgresql://nobody:none@127.0.0.1:1/away", poolSize: 1, timeouts: { connectMs: 500, statementMs: 1_000, transactionMs: 1_000 } });
});
afterAll(async () => {
  delete process.env.WALLET_INDEX_JOBS_ACTIVE_MAX;
  resetJobsConfig();
  await away.close().catch(() => {});
});

let worker: JobWorker | undefined;
afterEach(async () => {
  useDatabase(api.db);
  await worker?.stop(0);
  worker = undefined;
});

type Line = { level: JobLogLevel; msg: string } & Record<string, unknown>;

/**
 * A wallet.index kind (the real kind's events, a run of our own) whose job `jobId` takes the
 * database away just before it ends with `end`; the returned promise resolves once the worker has failed to write the
 * outcome twice, when the test brings the database back.
 */
const faultyRun = (jobId: string, end: () => unknown) => {
  let runs = 0;
  const lines: Line[] = [];
  let twice = () => {};
  const failedTwice = new Promise<void>((resolve) => (twice = resolve));
  const kind = {
    ...walletIndexJob,
    run: async ({ id }: { id: string }) => {
      // Only the job under test; another (the one queued once the cap is free) just ends.
      if (id !== jobId) return { chain: "eth-mainnet", records: 0 };
      runs += 1;
      useDatabase(away);
      return end();
    },
  } as unknown as AnyJobKind;
  worker = new JobWorker({
    kinds: [kind],
    concurrency: 1,
    leaseMs: 5_000,
    pollMs: 50,
    settleBackoffMs: () => 20,
    log: (level, msg, fields) => {
      lines.push({ level, msg, ...fields });
      if (lines.filter((line) => line.msg.includes("outcome failed")).length === 2) twice();
    },
  });
  return { worker, lines, failedTwice, runs: () => runs };
};

const setUp = async () => {
  const { user } = await userWithKey("viewer");
  const [jobId] = await enqueueIndexingPairs([{ chain: "eth-mainnet", address: randomAddress() }], user.id);
  // The cap (1) is reached while the job is active.
  await expect(enqueueIndexingPairs([{ chain: "eth-mainnet", address: randomAddress() }], user.id)).rejects.toMatchObject({ status: 429 });
  return { userId: user.id, jobId };
};

describe("database away while a job settles", () => {
  it("a DONE outcome is written once the database returns; the job is run once and no longer counts against the cap", async () => {
    const { userId, jobId } = await setUp();
    const summary = { chain: "eth-mainnet", records: 3 };
    const fault = faultyRun(jobId, () => summary);
    fault.worker.start();
    await fault.failedTwice;
    // Still RUNNING and held while the database is away (what the process keeps retrying).
    useDatabase(api.db);
    await whenJobsIdle();
    expect(await prisma.job.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({ status: "DONE", attempts: 1, result: summary, lockedBy: null, lockedUntil: null });
    expect(fault.runs()).toBe(1);
    // Freed: the user may start another.
    expect(await enqueueIndexingPairs([{ chain: "eth-mainnet", address: randomAddress() }], userId)).toHaveLength(1);
    // JSON-ready lines naming the job: the failed writes (warn, with the error), then the one that went through.
    const failed = fault.lines.filter((line) => line.msg.includes("outcome failed"));
    expect(failed[0]).toMatchObject({ level: "warn", jobId, kind: "wallet.index", outcome: "DONE", failures: 1 });
    expect(failed[0].err).toBeInstanceOf(Error);
    expect(fault.lines.find((line) => line.msg.includes("written after earlier failures"))).toMatchObject({ level: "info", jobId, outcome: "DONE" });
  });

  it("an ERROR outcome likewise: the job ends ERROR without a restart and is not run again", async () => {
    const { userId, jobId } = await setUp();
    const fault = faultyRun(jobId, () => {
      throw new AppError("validation_failed", "the address is not a wallet");
    });
    fault.worker.start();
    await fault.failedTwice;
    useDatabase(api.db);
    await whenJobsIdle();
    expect(await prisma.job.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({ status: "ERROR", attempts: 1, lockedBy: null, error: { status: 400, detail: "the address is not a wallet" } });
    expect(fault.runs()).toBe(1);
    expect(await enqueueIndexingPairs([{ chain: "eth-mainnet", address: randomAddress() }], userId)).toHaveLength(1);
  });
});
