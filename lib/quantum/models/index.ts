// The analysis models (docs/quantum-model.md).
export { chainCircuit, chainRisk, evaluateChain, marginals, healthOf, SYNERGY, type Dimension, type ChainEvaluation } from "./chain";
export { agentDimensions, runAgentModel, type AgentModelInput, type AgentQuantumResult } from "./agent";
export { squadDimensions, runSquadModel, type SquadModelInput, type SquadQuantumResult } from "./squad";
export { syndicateDimensions, runSyndicateModel, type SyndicateModelInput, type SyndicateQuantumResult } from "./syndicate";
export { walletDimensions, runWalletModel, WALLET_BEHAVIORS, type WalletModelInput } from "./wallet";
export { riskLevel, formatDuration, formatPercent, formatRiskScore, RISK_LEVELS, type RiskLevel } from "./format";
export type { MemberMetrics } from "./group";
