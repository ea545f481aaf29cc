// GET /api/wallets/{address}/indexing: how far the wallet is indexed per chain and its background
// jobs — what the wallet page polls while a job runs. Four queries whatever the history's size.
import { prisma } from "../../db";
import { checkChains, listKnownChains } from "../list-known-chains";
import type { TWalletIndexing } from "./schemas";
import { canIndexOnDemand, chainSources } from "../sources";
import { walletIndexingJobs } from "./wallet-index-job";

const ACTIVE = new Set(["QUEUED", "RUNNING"]);

export const getWalletIndexing = async (address: string, requested: string[] | undefined): Promise<TWalletIndexing> => {
  const wallet = address.toLowerCase();
  const known = await listKnownChains();
  const filter = checkChains(requested, known, "query");
  const chainWhere = filter ? { chain: { in: filter } } : {};
  const [cursors, stored, holdings, jobs] = await Promise.all([
    prisma.ingestCursor.findMany({ where: { address: wallet, ...chainWhere }, select: { chain: true, lastBlock: true, updatedAt: true, source: true } }),
    prisma.walletTransfer.groupBy({ by: ["chain"], where: { ...chainWhere, OR: [{ fromAddress: wallet }, { toAddress: wallet }] }, _max: { blockNumber: true, timestamp: true } }),
    prisma.tokenHolding.groupBy({ by: ["chain"], where: { walletAddress: wallet, ...chainWhere } }),
    walletIndexingJobs(wallet, filter),
  ]);
  const scope = filter ?? known.map((chain) => chain.slug);
  const chains = scope.map((chain) => {
    const cursor = cursors.find((row) => row.chain === chain);
    const transfers = stored.find((row) => row.chain === chain);
    const active = jobs.some((job) => job.chain === chain && ACTIVE.has(job.status));
    const sources = chainSources(chain);
    const base = { chain, canIndexOnDemand: canIndexOnDemand(chain), rpcConfigured: sources.rpcUrl !== null };
    if (cursor) return { ...base, status: "indexed" as const, source: cursor.source === "explorer" ? ("explorer" as const) : ("ingester" as const), lastIndexedBlock: cursor.lastBlock.toString(), lastIndexedAt: cursor.updatedAt.toISOString() };
    if (transfers || holdings.some((row) => row.chain === chain)) {
      return { ...base, status: "indexed" as const, source: "stored" as const, lastIndexedBlock: transfers?._max.blockNumber?.toString() ?? null, lastIndexedAt: transfers?._max.timestamp?.toISOString() ?? null };
    }
    return { ...base, status: active ? ("indexing" as const) : ("not-indexed" as const), source: null, lastIndexedBlock: null, lastIndexedAt: null };
  });
  const visible = filter ? chains : chains.filter((chain) => chain.status !== "not-indexed" || chain.canIndexOnDemand);
  const status = visible.some((chain) => chain.status === "indexed") ? "indexed" : visible.some((chain) => chain.status === "indexing") ? "indexing" : "not-indexed";
  return { wallet_address: wallet, status, active: jobs.some((job) => ACTIVE.has(job.status)), chains: visible, jobs };
};
