// Wallet model (POST /qmetrics/finance): three qubits from the wallet metrics engine's facts — q0 activity
// (transaction count), q1 counterparty hygiene (share of counterparties not marked Uncommon),
// q2 capital (USD balance) — on the chain circuit of chain.ts. Every bitstring names a financial
// behaviour; the probabilities say how strongly the wallet's facts point at each.
import { evaluateChain, type Dimension } from "./chain";
import { formatProbability, formatRiskScore, topOutcome } from "./text";
import { riskLevel } from "./risk";
import { assessCoverage, assessmentOf, insufficientAnalysis, type AnalysisCoverage, type Assessment } from "./coverage";
import { clamp01, UNKNOWN_SCORE } from "./scores";

export type WalletModelInput = {
  walletAddress: string;
  balanceUsd: number;
  totalTransactions: number;
  /** Counterparties by interaction class (the metrics engine's behaviorOverview.overview). */
  overview: { Low: number; Moderate: number; High: number; Uncommon: number };
  /** False when nothing is stored for the wallet (coverage "not-indexed"): its zeros mean unknown. */
  indexed?: boolean;
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

/** Share of counterparties not marked Uncommon; unknown (0.5) without any counterparty. */
export const hygieneScore = (overview: WalletModelInput["overview"]) => {
  const total = overview.Low + overview.Moderate + overview.High + overview.Uncommon;
  return total <= 0 ? UNKNOWN_SCORE : clamp01(1 - overview.Uncommon / total);
};

export const capitalScore = (balanceUsd: number) => {
  const usd = Math.max(0, balanceUsd);
  return clamp01(usd / (usd + 10_000));
};

export const walletDimensions = (wallet: WalletModelInput): Dimension[] => {
  // A wallet nothing is stored for: every dimension unknown, not "small, quiet and clean".
  const known = wallet.indexed === false ? 0 : 1;
  const counterparties = wallet.overview.Low + wallet.overview.Moderate + wallet.overview.High + wallet.overview.Uncommon;
  return [
    { key: "activity", label: "activity", score: known ? activityScore(wallet.totalTransactions) : UNKNOWN_SCORE, weight: 0.2, role: "Trader", drivers: "transaction count", coverage: known },
    { key: "hygiene", label: "counterparty hygiene", score: known ? hygieneScore(wallet.overview) : UNKNOWN_SCORE, weight: 0.5, role: "Defender", drivers: "share of counterparties not marked Uncommon", coverage: known && counterparties > 0 ? 1 : 0 },
    { key: "capital", label: "capital", score: known ? capitalScore(wallet.balanceUsd) : UNKNOWN_SCORE, weight: 0.3, role: "Analyst", drivers: "USD balance", coverage: known },
  ];
};

/** The behaviour text of every outcome when the wallet's data cannot support one. */
export const INSUFFICIENT_BEHAVIOR = "Insufficient data: nothing is stored for this wallet, so this outcome describes no behaviour of it";

/**
 * Runs the wallet's circuit on the simulator; `sampled` replaces the simulator's sample when the
 * circuit ran elsewhere (a hosted backend). Risk always comes from the exact distribution.
 */
export const runWalletModel = (wallet: WalletModelInput, options: { shots: number; seed?: number }, sampled?: Record<string, number>) => {
  const dimensions = walletDimensions(wallet);
  const e = evaluateChain(dimensions, options);
  const probabilities = sampled ?? e.run.probabilities;
  const coverage: AnalysisCoverage = assessCoverage(dimensions, wallet.indexed === false ? "the wallet is not indexed" : "no counterparties");
  const assessment: Assessment = wallet.indexed === false ? "insufficient-data" : assessmentOf(coverage);
  const insufficient = assessment === "insufficient-data";
  const mapped = Object.fromEntries(
    Object.entries(probabilities).map(([bits, probability]) => [
      bits,
      { probability, behavior: insufficient ? INSUFFICIENT_BEHAVIOR : (WALLET_BEHAVIORS[bits] ?? "Unclassified outcome") },
    ]),
  );
  const top = topOutcome(probabilities);
  const level = riskLevel(e.risk);
  const counterparties = wallet.overview.Low + wallet.overview.Moderate + wallet.overview.High + wallet.overview.Uncommon;
  const weakest = e.healthy.indexOf(Math.min(...e.healthy));
  const analysis = insufficient
    ? insufficientAnalysis(`wallet ${wallet.walletAddress}`, coverage, options.shots)
    : `Wallet ${wallet.walletAddress}: activity score ${dimensions[0].score.toFixed(2)} from ${wallet.totalTransactions} transactions, ` +
    `counterparty hygiene ${dimensions[1].score.toFixed(2)} (${wallet.overview.Uncommon} uncommon of ${counterparties} counterparties), ` +
    `capital ${dimensions[2].score.toFixed(2)} from $${wallet.balanceUsd.toFixed(2)}. ` +
    `Dominant behaviour ${top.bits} (${formatProbability(top.probability)} of ${options.shots} shots): ${WALLET_BEHAVIORS[top.bits] ?? "unclassified"}. ` +
    `Financial risk ${formatRiskScore(e.risk)} (${level}); the weakest factor is ${dimensions[weakest].label}.`;
  return { dimensions, evaluation: e, probabilities, mapped, analysis, risk: e.risk, level, assessment, modelCoverage: coverage };
};
