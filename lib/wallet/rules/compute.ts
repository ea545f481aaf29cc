// The metrics engine's entry point: the contract's financialMetrics from a wallet's stored facts,
// plus the explanation behind them (position rows, flagged addresses with reasons).
import type { MetricsThresholds } from "../config";
import { classifyCounterparties } from "./behavior";
import { buildContext } from "./context";
import { computeCoverage, type Coverage } from "./coverage";
import { summarizeNfts } from "./nft";
import { computePositions, type ExcludedHolding, type PositionRow } from "./positions";
import { collectCounterparties, mostActiveOf, summarizeTransactions } from "./transactions";
import { findUncommonAddresses } from "./uncommon";
import type { BehaviorClass, UncommonReason, WalletFacts } from "./types";

export type MetricsOptions = {
  /** Prices dated after this are ignored; the latest at or before it values holdings. */
  now: Date;
  thresholds: MetricsThresholds;
  /** Only these chains (null or absent: every chain). */
  chains?: readonly string[] | null;
  /** Resolved tokenMap: chain → token address ("native" for the native coin). */
  tokenMap?: Record<string, string>;
};

export type FinancialMetrics = {
  balance: number;
  positions: Record<string, { value: number; percentage: number }>;
  totalTransactions: number;
  transactionsByChain: Record<string, number>;
  transactionsByLayer: { Layer1: number; Layer2: number };
  interactingWallets: number;
  mostActiveWallet: { address: string; transactionCount: number };
  behaviorOverview: { overview: Record<BehaviorClass, number>; markedUncommonWallets: string[]; totalUncommon: number };
  nftSummary: { nftCount: number; nftValueEst: number };
  uncommonAddressesInTx: string[];
};

export type FlaggedAddress = {
  address: string;
  /** Whether it is a counterparty (then its behaviour class is Uncommon) or only appears in the transfers (a token contract, a transaction's sender). */
  counterparty: boolean;
  transactionCount: number;
  reasons: UncommonReason[];
};

export type MetricsReport = {
  wallet: string;
  financialMetrics: FinancialMetrics;
  positionRows: PositionRow[];
  excludedHoldings: ExcludedHolding[];
  flagged: FlaggedAddress[];
  coverage: Coverage;
  /** Every counterparty of the wallet on the requested chains. */
  counterparties: Set<string>;
};

export const computeWalletMetrics = (facts: WalletFacts, options: MetricsOptions): MetricsReport => {
  const ctx = buildContext(facts, options);
  const positions = computePositions(ctx, options.tokenMap);
  const transactions = summarizeTransactions(ctx);
  const counterparties = collectCounterparties(ctx);
  const uncommon = findUncommonAddresses(ctx, counterparties);
  const { behavior } = classifyCounterparties(counterparties, new Set(uncommon.keys()), ctx.thresholds);

  return {
    wallet: ctx.wallet,
    financialMetrics: {
      balance: positions.balance,
      positions: Object.fromEntries(positions.rows.map((row) => [row.name, { value: row.value, percentage: row.percentage }])),
      ...transactions,
      interactingWallets: counterparties.size,
      mostActiveWallet: mostActiveOf(counterparties),
      behaviorOverview: behavior,
      nftSummary: summarizeNfts(ctx),
      uncommonAddressesInTx: [...uncommon.keys()],
    },
    positionRows: positions.rows,
    counterparties: new Set(counterparties.keys()),
    coverage: computeCoverage(ctx, { cursors: facts.cursors ?? [], rows: positions.rows, excluded: positions.excluded, staleAfterHours: options.thresholds.priceStaleHours }),
    excludedHoldings: positions.excluded,
    flagged: [...uncommon.entries()].map(([address, reasons]) => ({
      address,
      counterparty: counterparties.has(address),
      transactionCount: counterparties.get(address)?.transactionCount ?? 0,
      reasons,
    })),
  };
};
