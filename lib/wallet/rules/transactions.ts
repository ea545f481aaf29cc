// Transaction counts and counterparties. A transaction is a distinct (chain, tx hash) among the
// wallet's transfers (a swap's two legs are one transaction); a counterparty is the other side
// of a transfer, never the wallet itself nor the null address (mints and burns).
import { counterpartyOf, NULL_ADDRESS, txKeyOf, type MetricsContext } from "./context";
import type { TransferFact } from "./types";

export type Counterparty = {
  address: string;
  /** Distinct transactions with the wallet (the interaction count). */
  transactionCount: number;
  chains: string[];
  firstAt: Date;
  lastAt: Date;
  /** The wallet's transfers with it, oldest first. */
  transfers: TransferFact[];
  /** A contract on any requested chain (AddressInfo.isContract). */
  isContract: boolean;
};

export type TransactionSummary = {
  totalTransactions: number;
  transactionsByChain: Record<string, number>;
  transactionsByLayer: { Layer1: number; Layer2: number };
};

export const summarizeTransactions = (ctx: MetricsContext): TransactionSummary => {
  const perChain = new Map<string, Set<string>>();
  for (const transfer of ctx.transfers) {
    let set = perChain.get(transfer.chain);
    if (!set) perChain.set(transfer.chain, (set = new Set()));
    set.add(txKeyOf(transfer));
  }
  // The requested chains are all listed (0 when idle); without a filter, the chains with activity.
  const slugs = ctx.chainFilter ?? [...perChain.keys()];
  const counts = slugs.map((slug) => [slug, perChain.get(slug)?.size ?? 0] as const).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const byLayer = { Layer1: 0, Layer2: 0 };
  for (const [slug, count] of counts) {
    const layer = ctx.chains.get(slug)?.layer;
    if (layer) byLayer[layer] += count;
  }
  return {
    totalTransactions: counts.reduce((sum, [, count]) => sum + count, 0),
    transactionsByChain: Object.fromEntries(counts),
    transactionsByLayer: byLayer,
  };
};

export const collectCounterparties = (ctx: MetricsContext): Map<string, Counterparty> => {
  const result = new Map<string, Counterparty & { txs: Set<string>; chainSet: Set<string> }>();
  for (const transfer of ctx.transfers) {
    const other = counterpartyOf(ctx.wallet, transfer);
    if (other === null || other === NULL_ADDRESS) continue;
    let entry = result.get(other);
    if (!entry) {
      entry = { address: other, transactionCount: 0, chains: [], firstAt: transfer.timestamp, lastAt: transfer.timestamp, transfers: [], isContract: false, txs: new Set(), chainSet: new Set() };
      result.set(other, entry);
    }
    entry.txs.add(txKeyOf(transfer));
    entry.chainSet.add(transfer.chain);
    entry.transfers.push(transfer);
    entry.lastAt = transfer.timestamp;
  }
  const counterparties = new Map<string, Counterparty>();
  for (const [address, { txs, chainSet, ...entry }] of result) {
    const chains = [...chainSet].sort();
    counterparties.set(address, {
      ...entry,
      transactionCount: txs.size,
      chains,
      isContract: chains.some((chain) => ctx.addresses.get(`${chain}|${address}`)?.isContract === true),
    });
  }
  return counterparties;
};

/** The counterparty with the most transactions (ties: the smaller address); empty when none. */
export const mostActiveOf = (counterparties: Map<string, Counterparty>) => {
  let best: Counterparty | undefined;
  for (const candidate of counterparties.values()) {
    if (!best || candidate.transactionCount > best.transactionCount || (candidate.transactionCount === best.transactionCount && candidate.address < best.address)) best = candidate;
  }
  return best ? { address: best.address, transactionCount: best.transactionCount } : { address: "", transactionCount: 0 };
};
