// Indexing in an answer's coverage: an answer about a wallet with nothing stored on a chain that
// has an explorer or a JSON-RPC endpoint configured starts a background job for it, and says so (status "indexing", the
// job and how far it got); without a source the chain stays "not-indexed" and the detail says why.
import type { Coverage, IndexingCoverage } from "../rules/coverage";
import { canIndexOnDemand } from "../sources";
import { enqueueWalletIndexing, walletIndexingJobs } from "./wallet-index-job";

const ACTIVE = new Set(["QUEUED", "RUNNING"]);

/** Pure: the coverage with the wallet's indexing jobs folded in. */
export const applyIndexing = (coverage: Coverage, jobs: IndexingCoverage[], unsourced: readonly string[]): Coverage => {
  const active = jobs.filter((job) => ACTIVE.has(job.status));
  const chains = coverage.chains.map((chain) => (chain.status === "not-indexed" && active.some((job) => job.chain === chain.chain) ? { ...chain, status: "indexing" as const } : chain));
  for (const job of active) {
    if (!chains.some((chain) => chain.chain === job.chain)) {
      chains.push({ chain: job.chain, status: "indexing", source: null, lastIndexedBlock: null, lastIndexedAt: null, transfers: 0, holdings: 0, nfts: 0 });
    }
  }
  const indexing = chains.filter((chain) => chain.status === "indexing").map((chain) => chain.chain);
  const status = coverage.status === "indexed" ? "indexed" : indexing.length > 0 ? "indexing" : "not-indexed";
  let detail = coverage.detail;
  if (indexing.length > 0) {
    const what = status === "indexing" ? "Nothing is stored yet" : "More is on its way";
    detail = `${what}: indexing ${indexing.join(", ")} in the background; the figures fill in when it completes. ${status === "indexing" ? "" : detail}`.trim();
  } else if (status === "not-indexed" && unsourced.length > 0) {
    detail = `${detail} No data source is configured for ${unsourced.join(", ")} (EXPLORER_URL_<CHAIN> or RPC_URL_<CHAIN>), so it is not indexed on demand.`;
  }
  return { ...coverage, status, detail, chains, indexing: jobs };
};

/**
 * Starts indexing where nothing is stored and a source is configured (when `start`), then folds the
 * wallet's jobs into the coverage. `scope`: the chains the answer is about.
 */
export const attachIndexing = async (input: { wallet: string; coverage: Coverage; scope: readonly string[]; filter: readonly string[] | null; userId?: string | null; start?: boolean }): Promise<Coverage> => {
  const indexed = new Set(input.coverage.chains.filter((chain) => chain.status === "indexed").map((chain) => chain.chain));
  const missing = input.scope.filter((chain) => !indexed.has(chain));
  const sourced = missing.filter(canIndexOnDemand);
  if (input.start !== false && sourced.length > 0) await enqueueWalletIndexing(input.wallet, sourced, input.userId ?? null);
  const jobs = await walletIndexingJobs(input.wallet, input.filter);
  // Only name the unsourced chains the caller asked for: "every chain" would be a long list.
  const unsourced = input.filter ? missing.filter((chain) => !canIndexOnDemand(chain)) : [];
  return applyIndexing(input.coverage, jobs, unsourced);
};
