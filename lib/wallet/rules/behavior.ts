// Counterparties by behaviour: Uncommon when a heuristic flags them, otherwise Low, Moderate or
// High by their number of transactions with the wallet (thresholds WALLET_MODERATE_MIN and
// WALLET_HIGH_MIN). Every counterparty is in exactly one class, so the four counts add up to
// interactingWallets.
import type { MetricsThresholds } from "../config";
import type { Counterparty } from "./transactions";
import type { BehaviorClass } from "./types";

export const classifyByCount = (transactionCount: number, thresholds: Pick<MetricsThresholds, "moderateMin" | "highMin">): Exclude<BehaviorClass, "Uncommon"> =>
  transactionCount >= thresholds.highMin ? "High" : transactionCount >= thresholds.moderateMin ? "Moderate" : "Low";

export type BehaviorOverview = {
  overview: Record<BehaviorClass, number>;
  markedUncommonWallets: string[];
  totalUncommon: number;
};

export const classifyCounterparties = (
  counterparties: Map<string, Counterparty>,
  flagged: ReadonlySet<string>,
  thresholds: Pick<MetricsThresholds, "moderateMin" | "highMin">,
): { classes: Map<string, BehaviorClass>; behavior: BehaviorOverview } => {
  const classes = new Map<string, BehaviorClass>();
  const overview: Record<BehaviorClass, number> = { Low: 0, Moderate: 0, High: 0, Uncommon: 0 };
  for (const counterparty of counterparties.values()) {
    const behaviorClass = flagged.has(counterparty.address) ? "Uncommon" : classifyByCount(counterparty.transactionCount, thresholds);
    classes.set(counterparty.address, behaviorClass);
    overview[behaviorClass] += 1;
  }
  const marked = [...classes.entries()].filter(([, value]) => value === "Uncommon").map(([address]) => address).sort();
  return { classes, behavior: { overview, markedUncommonWallets: marked, totalUncommon: marked.length } };
};
