// What an answer covers: per chain how far the stored facts reach (the ingester's last scanned
// block and when it scanned it, or for imported and seeded data the highest stored block and its
// time), the as-of time of every price behind the balance, and the holdings left out (spam,
// unpriced) with the reason. A wallet with no stored facts on the requested chains is "not
// indexed": its zeros mean "unknown", not "empty".
import type { MetricsContext } from "./context";
import type { ExcludedHolding, PositionRow } from "./positions";
import type { CursorFact } from "./types";

export type ChainCoverage = {
  chain: string;
  /** indexing: nothing stored yet, and a background job is reading the chain's data source now. */
  status: "indexed" | "not-indexed" | "indexing";
  /** ingester: scanned by the JSON-RPC ingester; explorer: read from an account API; stored: imported or seeded facts; null: nothing. */
  source: "ingester" | "explorer" | "stored" | null;
  /** The ingester's last scanned block, else the highest block among the stored transfers (decimal string). */
  lastIndexedBlock: string | null;
  /** When the ingester scanned up to that block, else the time of the latest stored transfer. */
  lastIndexedAt: string | null;
  transfers: number;
  holdings: number;
  nfts: number;
};

export type PriceCoverage = { chain: string; tokenAddress: string; symbol: string; priceUsd: number; asOf: string; stale: boolean };

export type ExcludedCoverage = ExcludedHolding & { detail: string };

/** A background indexing job of the wallet on one chain (the latest one), as the answer saw it. */
export type IndexingCoverage = {
  chain: string;
  jobId: string;
  status: "QUEUED" | "RUNNING" | "DONE" | "ERROR" | "CANCELLED";
  /** What the job has read so far: records per source action, and the block range. */
  progress: { stage: string; records: number; fromBlock: string | null; toBlock: string | null };
  /** Why it failed (the last attempt), or null. */
  error: string | null;
  updatedAt: string;
};

export type Coverage = {
  /** indexing: nothing stored yet on the requested chains, and indexing has started. */
  status: "indexed" | "not-indexed" | "indexing";
  /** One sentence a user can act on. */
  detail: string;
  chains: ChainCoverage[];
  prices: {
    /** The oldest as-of time among the prices used for the balance (what the balance is only as fresh as). */
    oldestAsOf: string | null;
    newestAsOf: string | null;
    /** Prices older than this many hours at the time of the answer are marked stale. */
    staleAfterHours: number;
    used: PriceCoverage[];
  };
  excluded: ExcludedCoverage[];
  /** Background indexing of this wallet (active jobs, and the latest one per chain). */
  indexing: IndexingCoverage[];
};

const iso = (date: Date) => date.toISOString();

const excludedDetail = (item: ExcludedHolding) =>
  item.reason === "spam"
    ? `${item.symbol} on ${item.chain} is marked as a spam token; its balance is not counted.`
    : `${item.symbol} on ${item.chain} has no stored USD price at or before the time of the answer; its balance is not counted.`;

export const computeCoverage = (
  ctx: MetricsContext,
  input: { cursors: readonly CursorFact[]; rows: readonly PositionRow[]; excluded: readonly ExcludedHolding[]; staleAfterHours: number },
): Coverage => {
  type Tally = { transfers: number; holdings: number; nfts: number; maxBlock: bigint | null; latest: Date | null };
  const tallies = new Map<string, Tally>();
  const tally = (chain: string) => {
    let entry = tallies.get(chain);
    if (!entry) tallies.set(chain, (entry = { transfers: 0, holdings: 0, nfts: 0, maxBlock: null, latest: null }));
    return entry;
  };
  for (const transfer of ctx.transfers) {
    const entry = tally(transfer.chain);
    entry.transfers += 1;
    if (transfer.blockNumber !== undefined && (entry.maxBlock === null || transfer.blockNumber > entry.maxBlock)) entry.maxBlock = transfer.blockNumber;
    if (entry.latest === null || transfer.timestamp > entry.latest) entry.latest = transfer.timestamp;
  }
  for (const holding of ctx.holdings) tally(holding.chain).holdings += 1;
  for (const nft of ctx.nfts) tally(nft.chain).nfts += 1;
  const inScope = (chain: string) => ctx.chainFilter === null || ctx.chainFilter.includes(chain);
  const cursors = new Map(input.cursors.filter((cursor) => inScope(cursor.chain)).map((cursor) => [cursor.chain, cursor]));

  const slugs = ctx.chainFilter ?? [...new Set([...tallies.keys(), ...cursors.keys()])].sort();
  const chains = slugs.map((chain): ChainCoverage => {
    const entry = tallies.get(chain);
    const cursor = cursors.get(chain);
    const counts = { transfers: entry?.transfers ?? 0, holdings: entry?.holdings ?? 0, nfts: entry?.nfts ?? 0 };
    if (cursor) return { chain, status: "indexed", source: cursor.source === "explorer" ? "explorer" : "ingester", lastIndexedBlock: cursor.lastBlock.toString(), lastIndexedAt: iso(cursor.updatedAt), ...counts };
    if (entry) return { chain, status: "indexed", source: "stored", lastIndexedBlock: entry.maxBlock?.toString() ?? null, lastIndexedAt: entry.latest ? iso(entry.latest) : null, ...counts };
    return { chain, status: "not-indexed", source: null, lastIndexedBlock: null, lastIndexedAt: null, ...counts };
  });

  const staleMs = input.staleAfterHours * 3_600_000;
  const used = input.rows.flatMap((row): PriceCoverage[] => {
    if (row.priceUsd === null) return [];
    const asOf = ctx.prices.latestAsOf(row.chain, row.tokenAddress);
    if (!asOf) return [];
    return [{ chain: row.chain, tokenAddress: row.tokenAddress, symbol: row.symbol, priceUsd: row.priceUsd, asOf: iso(asOf), stale: ctx.now.getTime() - asOf.getTime() > staleMs }];
  });
  const times = used.map((price) => price.asOf).sort();
  const indexed = chains.filter((chain) => chain.status === "indexed");
  const status = indexed.length > 0 ? "indexed" : "not-indexed";
  const where = ctx.chainFilter ? `on ${ctx.chainFilter.join(", ")}` : "on any chain";
  const stale = used.filter((price) => price.stale).length;
  const detail =
    status === "not-indexed"
      ? `Nothing is stored for ${ctx.wallet} ${where}: the wallet is not indexed, so its zeros mean "unknown", not "empty".`
      : `Indexed on ${indexed.map((chain) => chain.chain).join(", ")}` +
        (chains.length > indexed.length ? `; not indexed on ${chains.filter((chain) => chain.status === "not-indexed").map((chain) => chain.chain).join(", ")}` : "") +
        `. ${used.length} price${used.length === 1 ? "" : "s"} used` +
        (stale > 0 ? `, ${stale} older than ${input.staleAfterHours} h` : "") +
        (input.excluded.length > 0 ? `; ${input.excluded.length} holding${input.excluded.length === 1 ? "" : "s"} left out (spam or unpriced)` : "") +
        ".";

  const excluded = input.excluded.map((item) => ({ ...item, detail: excludedDetail(item) }));
  return {
    status,
    detail,
    chains,
    prices: { oldestAsOf: times[0] ?? null, newestAsOf: times[times.length - 1] ?? null, staleAfterHours: input.staleAfterHours, used },
    excluded,
    indexing: [],
  };
};
