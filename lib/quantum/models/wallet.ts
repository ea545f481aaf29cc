// Wallet model (POST /qmetrics/finance): three qubits from the wallet metrics engine's facts — q0 activity
// (transaction count), q1 counterparty hygiene (share of counterparties not marked Uncommon),
// q2 capital (USD balance) — on the chain circuit of chain.ts. Every bitstring names a financial
// behaviour; the probabilities say how strongly the wallet's facts point at each.
import { evaluateChain, type Dimension } from "./chain";
import { formatProbability, formatRiskScore, riskLevel, topOutcome } from "./format";
import { clamp01 } from "./scores";

export type WalletModelInput = {
  walletAddress: string;
  balanceUsd: number;
  totalTransactions: number;
  /** Counterparties by interaction class (the metrics engine's behaviorOverview.overview). */
  overview: { Low: number; Moderate: number; High: number; Uncommon: number };
};

/** Bitstring (capital, hygiene, activity; qubit 0 rightmost) → behaviour. */
export const WALLET_BEHAVIORS: Record<string, string> = {
  "000": "Small, quiet wallet exposed to uncommon counterparties: a likely target of dust or address-poisoning transfers",
  "001": "Small, active wallet trading with uncommon counterparties: speculative or airdrop-farming behaviour",
  "010": "Small, quiet wallet with known counterparties: a dormant or newly funded holder",
  "011": "Small, active wallet with known counterparties: everyday retail payments and swaps",
  "100": "Well-funded, quiet wallet touched by uncommon counterparties: a cold store under phishing pressure",
  "101": "Well-funded, active wallet with uncommon counterparties: high-exposure trading",
  "110": "Well-funded, quiet wallet with known counterparties: long-term holding",
  "111": "Well-funded, active wallet with known counterparties: healthy, diversified activity",
};

export const activityScore = (transactions: number) => {
  const n = Math.max(0, transactions);
  return clamp01(n / (n + 100));
};

export const hygieneScore = (overview: WalletModelInput["overview"]) => {
  const total = overview.Low + overview.Moderate + overview.High + overview.Uncommon;
  return total <= 0 ? 1 : clamp01(1 - overview.Uncommon / total);
};

export const capitalScore = (balanceUsd: number) => {
  const usd = Math.max(0, balanceUsd);
  return clamp01(usd / (usd + 10_000));
};

export const walletDimensions = (wallet: WalletModelInput): Dimension[] => [
  { key: "activity", label: "activity", score: activityScore(wallet.totalTransactions), weight: 0.2, role: "Trader", drivers: "transaction count" },
  { key: "hygiene", label: "counterparty hygiene", score: hygieneScore(wallet.overview), weight: 0.5, role: "Defender", drivers: "share of counterparties not marked Uncommon" },
  { key: "capital", label: "capital", score: capitalScore(wallet.balanceUsd), weight: 0.3, role: "Analyst", drivers: "USD balance" },
];

/**
 * Runs the wallet's circuit on the simulator; `sampled` replaces the simulator's sample when the
 * circuit ran elsewhere (a hosted backend). Risk always comes from the exact distribution.
 */
export const runWalletModel = (wallet: WalletModelInput, options: { shots: number; seed?: number }, sampled?: Record<string, number>) => {
  const dimensions = walletDimensions(wallet);
  const e = evaluateChain(dimensions, options);
  const probabilities = sampled ?? e.run.probabilities;
  const mapped = Object.fromEntries(
    Object.entries(probabilities).map(([bits, probability]) => [bits, { probability, behavior: WALLET_BEHAVIORS[bits] ?? "Unclassified outcome" }]),
  );
  const top = topOutcome(probabilities);
  const level = riskLevel(e.risk);
  const counterparties = wallet.overview.Low + wallet.overview.Moderate + wallet.overview.High + wallet.overview.Uncommon;
  const weakest = e.healthy.indexOf(Math.min(...e.healthy));
  const analysis =
    `Wallet ${wallet.walletAddress}: activity score ${dimensions[0].score.toFixed(2)} from ${wallet.totalTransactions} transactions, ` +
    `counterparty hygiene ${dimensions[1].score.toFixed(2)} (${wallet.overview.Uncommon} uncommon of ${counterparties} counterparties), ` +
    `capital ${dimensions[2].score.toFixed(2)} from $${wallet.balanceUsd.toFixed(2)}. ` +
    `Dominant behaviour ${top.bits} (${formatProbability(top.probability)} of ${options.shots} shots): ${WALLET_BEHAVIORS[top.bits] ?? "unclassified"}. ` +
    `Financial risk ${formatRiskScore(e.risk)} (${level}); the weakest factor is ${dimensions[weakest].label}.`;
  return { dimensions, evaluation: e, probabilities, mapped, analysis, risk: e.risk, level };
};
