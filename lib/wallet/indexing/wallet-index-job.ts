// Indexing as background jobs (lib/jobs, docs/jobs.md): kind "wallet.index", one job per chain
// and wallet, read from the chain's explorer, else from its JSON-RPC node. An answer about a wallet
// that has nothing stored on a chain with a configured source starts one, and linked wallets are
// refreshed on a schedule (refresh-job.ts); while a job of the same chain and wallet is queued or
// running no second one is made (an advisory lock per chain and wallet serialises the check and
// the insert across instances); the engine's claim makes sure one worker runs it at a time.
import { prisma, type Prisma } from "../../db";
import { defineJobKind, enqueueJobs, jobsConfig, wakeWorkers, ACTIVE_STATUSES, type JobRow } from "../../jobs";
import { AppError, isAppError } from "../../core/errors";
import type { IndexingCoverage } from "../rules/coverage";
import { canIndexOnDemand, chainSources } from "../sources";
import { indexWalletFromExplorer, type IndexProgress, type IndexSummary } from "./index-from-explorer";
import { indexWalletFromRpc } from "./index-from-rpc";

export const WALLET_INDEX_KIND = "wallet.index";

export type WalletIndexPayload = { chain: string; address: string };

export const walletIndexJob = defineJobKind<WalletIndexPayload, IndexSummary>({
  kind: WALLET_INDEX_KIND,
  maxAttempts: 5,
  // A provider that is down, slow or rate limiting (503) is tried again later; a refused input is not.
  retryable: (error) => !isAppError(error) || error.status === 503,
  // The explorer when the chain has one (it sees internal transactions too), else the chain's JSON-RPC node.
  run: ({ payload, progress, signal, saveProgress }) =>
    chainSources(payload.chain).explorer ? indexWalletFromExplorer({ ...payload, progress, signal, saveProgress }) : indexWalletFromRpc({ ...payload, signal, saveProgress }),
  events: {
    started: (job) => indexingEvent("wallet_indexing.started", job),
    progressed: (job) => indexingEvent("wallet_indexing.progressed", job),
    finished: (job, status) => indexingEvent("wallet_indexing.finished", job, { status }),
  },
});

const payloadWhere = (address: string, chain?: string): Prisma.JobWhereInput => ({
  kind: WALLET_INDEX_KIND,
  AND: [{ payload: { path: ["address"], equals: address } }, ...(chain ? [{ payload: { path: ["chain"], equals: chain } }] : [])],
});

export type IndexingPair = { chain: string; address: string };

const pairKey = (pair: IndexingPair) => `${pair.chain}:${pair.address}`;

/** What a refused request's Retry-After says: an indexing job takes from seconds to minutes. */
const INDEXING_RETRY_AFTER_SECONDS = 30;

/** Failed jobs hold back a new one this long (a wrong key or a provider that is down would otherwise get a job per request). */
export const FAILURE_PAUSE_MS = 10 * 60_000;

/**
 * Queues indexing for each (chain, address) pair that has no job queued or running, nor one that
 * failed in the last 10 minutes; answers the ids of the jobs made. One transaction: advisory locks
 * on every pair (taken in a fixed order), one query for the pairs that are busy, then the inserts
 * for the rest, in the same transaction — so concurrent callers on any number of instances make one job per pair.
 *
 * A user's requests may have at most WALLET_INDEX_JOBS_ACTIVE_MAX jobs queued or running: a request
 * that would start more is a 429 (with Retry-After) and starts none. The user's row is locked first
 * (then the pairs), so racing requests of one user count one after the other and cannot pass the
 * cap together — as the quantum jobs' quota does. Jobs of no user (the scheduled refresh) have no cap.
 */
export const enqueueIndexingPairs = async (pairs: readonly IndexingPair[], userId: string | null): Promise<string[]> => {
  const unique = [...new Map(pairs.map((pair) => [pairKey(pair), { chain: pair.chain, address: pair.address.toLowerCase() }])).values()];
  if (unique.length === 0) return [];
  const keys = unique.map((pair) => `${WALLET_INDEX_KIND}:${pairKey(pair)}`).sort();
  const limit = jobsConfig().WALLET_INDEX_JOBS_ACTIVE_MAX;
  const made = await prisma.$transaction(async (tx) => {
    if (userId) await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
    await tx.$queryRaw`SELECT count(pg_advisory_xact_lock(hashtext(k)))::int AS locked FROM (SELECT k FROM unnest(${keys}::text[]) AS k ORDER BY k) AS sorted`;
    const busy = await tx.job.findMany({
      where: {
        kind: WALLET_INDEX_KIND,
        AND: [
          { OR: unique.map((pair) => ({ AND: [{ payload: { path: ["address"], equals: pair.address } }, { payload: { path: ["chain"], equals: pair.chain } }] })) },
          { OR: [{ status: { in: ACTIVE_STATUSES } }, { status: "ERROR", finishedAt: { gt: new Date(Date.now() - FAILURE_PAUSE_MS) } }] },
        ],
      },
      select: { payload: true },
    });
    const taken = new Set(busy.map((job) => pairKey(job.payload as WalletIndexPayload)));
    const fresh = unique.filter((pair) => !taken.has(pairKey(pair)));
    if (fresh.length === 0) return [];
    if (userId) {
      const active = await tx.job.count({ where: { userId, kind: WALLET_INDEX_KIND, status: { in: ACTIVE_STATUSES } } });
      if (active + fresh.length > limit) {
        throw new AppError(
          "rate_limited",
          `You have ${active} wallet-indexing jobs queued or running (at most ${limit}); this request would start ${fresh.length} more. Ask again once some have finished, or name fewer chains.`,
          { headers: { "retry-after": String(INDEXING_RETRY_AFTER_SECONDS) } },
        );
      }
    }
    // Through the engine's own enqueue (its defaults, and whatever it records with a job), in one insert.
    return enqueueJobs(
      fresh.map((pair) => ({ kind: WALLET_INDEX_KIND, payload: pair satisfies WalletIndexPayload, userId, maxAttempts: 5 })),
      tx,
    );
  });
  if (made.length > 0) wakeWorkers();
  return made;
};

/** Queues indexing of `address` on each chain that has none queued or running; answers the jobs made. */
export const enqueueWalletIndexing = (address: string, chains: readonly string[], userId: string | null): Promise<string[]> =>
  enqueueIndexingPairs(
    chains.map((chain) => ({ chain, address })),
    userId,
  );

const describe = (job: JobRow): IndexingCoverage => {
  const payload = job.payload as WalletIndexPayload;
  const progress = (job.progress ?? {}) as Partial<IndexProgress>;
  const error = job.error as { detail?: string } | null;
  return {
    chain: payload.chain,
    jobId: job.id,
    status: job.status,
    progress: { stage: job.status === "QUEUED" && !progress.stage ? "queued" : (progress.stage ?? "starting"), records: progress.records ?? 0, fromBlock: progress.fromBlock ?? null, toBlock: progress.toBlock ?? null },
    error: job.status === "DONE" ? null : (error?.detail ?? null),
    updatedAt: (job.finishedAt ?? job.startedAt ?? job.createdAt).toISOString(),
  };
};

/**
 * A wallet_indexing.* event: about the wallet (entity id = its address), carrying the job as the
 * indexing endpoint lists it. Private to the user whose request started the job (and admins), and
 * never sent to webhooks: which addresses someone looks at is theirs (docs/security.md, "Private
 * events"). A job nobody asked for (the scheduled refresh of linked wallets) records none.
 */
const indexingEvent = (type: string, job: JobRow, extra: object = {}) => {
  if (!job.userId) return null;
  const address = (job.payload as WalletIndexPayload).address;
  return { type, entityId: address, data: { address, ...describe(job), ...extra }, visibleTo: job.userId };
};

/** Per chain the wallet's active indexing job, else its latest one; one query. */
export const walletIndexingJobs = async (address: string, chains: readonly string[] | null): Promise<IndexingCoverage[]> => {
  const jobs = await prisma.job.findMany({ where: payloadWhere(address), orderBy: { createdAt: "desc" }, take: 200 });
  const byChain = new Map<string, JobRow>();
  for (const job of jobs) {
    const chain = (job.payload as WalletIndexPayload).chain;
    if (chains && !chains.includes(chain)) continue;
    const current = byChain.get(chain);
    if (!current || (!ACTIVE_STATUSES.includes(current.status) && ACTIVE_STATUSES.includes(job.status))) byChain.set(chain, job);
  }
  return [...byChain.values()].map(describe).sort((a, b) => a.chain.localeCompare(b.chain));
};

/** The chains in scope that can be indexed on demand (an explorer is configured). */
export const indexableChains = (chains: readonly string[]) => chains.filter(canIndexOnDemand);
