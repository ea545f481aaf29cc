// Linked wallets are refreshed on a schedule: the recurring job kind "wallet.refresh" (docs/jobs.md,
// "Recurring jobs") runs every WALLET_REFRESH_SWEEP_MINUTES (10) and queues a wallet.index job for
// each linked wallet (UserWallet, any user) and chain with a configured source whose last indexing
// is older than WALLET_REFRESH_MINUTES (360) — never indexed, or its cursor and its latest finished
// job both older than that. One query finds them, oldest first, at most WALLET_REFRESH_BATCH (50)
// per run (the next run takes the rest); the queueing keeps the rule of one active job per chain
// and wallet (enqueueIndexingPairs), and a pair whose job failed in the last 10 minutes waits.
// It broadcasts nothing: its jobs belong to no user (userId null), so they record no
// wallet_indexing events at all (those are private to the user who asked; wallet-index-job.ts),
// and the sweep's own kind declares none. Which wallets users have linked stays theirs.
import { prisma, Prisma } from "../../db";
import { defineJobKind } from "../../jobs";
import { walletEnv } from "../config";
import { listKnownChains } from "../list-known-chains";
import { canIndexOnDemand } from "../sources";
import { enqueueIndexingPairs, FAILURE_PAUSE_MS, WALLET_INDEX_KIND, type IndexingPair } from "./wallet-index-job";

export const WALLET_REFRESH_KIND = "wallet.refresh";

export type RefreshSummary = { chains: string[]; due: number; queued: number };

/** Timestamps are stored as UTC wall time (timestamp without time zone), so compare with one. */
const utc = (date: Date) => Prisma.sql`${date.toISOString()}::timestamp`;

/** The linked (chain, address) pairs due for a refresh at `now`, oldest first, at most `limit`. */
export const dueLinkedWallets = async (chains: readonly string[], now: Date, limit: number): Promise<IndexingPair[]> => {
  if (chains.length === 0) return [];
  const cutoff = new Date(now.getTime() - walletEnv().WALLET_REFRESH_MINUTES * 60_000);
  const failedSince = new Date(now.getTime() - FAILURE_PAUSE_MS);
  return prisma.$queryRaw<IndexingPair[]>`
    SELECT p.chain, p.address
    FROM (SELECT DISTINCT uw.address, c.chain FROM "UserWallet" uw CROSS JOIN unnest(${[...chains]}::text[]) AS c(chain)) AS p
    LEFT JOIN "IngestCursor" ic ON ic.chain = p.chain AND ic.address = p.address
    WHERE (ic."updatedAt" IS NULL OR ic."updatedAt" < ${utc(cutoff)})
      AND NOT EXISTS (
        SELECT 1 FROM "Job" j
        WHERE j.kind = ${WALLET_INDEX_KIND} AND j.payload->>'address' = p.address AND j.payload->>'chain' = p.chain
          AND (j.status IN ('QUEUED', 'RUNNING')
               OR (j.status = 'DONE' AND j."finishedAt" >= ${utc(cutoff)})
               OR (j.status = 'ERROR' AND j."finishedAt" > ${utc(failedSince)})))
    ORDER BY ic."updatedAt" ASC NULLS FIRST, p.address, p.chain
    LIMIT ${limit}`;
};

/** One sweep: queues indexing of the linked wallets that are due, on every chain with a source. */
export const refreshLinkedWallets = async (now = new Date()): Promise<RefreshSummary> => {
  const chains = (await listKnownChains()).map((chain) => chain.slug).filter(canIndexOnDemand);
  const due = await dueLinkedWallets(chains, now, walletEnv().WALLET_REFRESH_BATCH);
  // No user: a refresh tells nobody (no events), whoever linked the wallet.
  const queued = await enqueueIndexingPairs(due, null);
  return { chains, due: due.length, queued: queued.length };
};

export const walletRefreshJob = defineJobKind<Record<string, never>, RefreshSummary>({
  kind: WALLET_REFRESH_KIND,
  // Read at every scheduling pass, so the interval comes from the environment (a bad value is
  // reported by the worker's scheduling and queues nothing).
  get schedule() {
    return { everyMs: walletEnv().WALLET_REFRESH_SWEEP_MINUTES * 60_000 };
  },
  run: () => refreshLinkedWallets(),
});
