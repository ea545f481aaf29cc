// The analyses' rules (docs/quantum-model.md): the entity models, their risk levels, and how they
// word their answers. Pure: no database, no I/O; they run on the sandbox's threads as well.
export { chainCircuit, chainRisk, evaluateChain, marginals, healthOf, SYNERGY, type Dimension, type ChainEvaluation } from "./chain";
export { agentDimensions, runAgentModel, type AgentModelInput, type AgentQuantumResult } from "./agent";
export { squadDimensions, runSquadModel, type SquadModelInput, type SquadQuantumResult } from "./squad";
export { syndicateDimensions, runSyndicateModel, type SyndicateModelInput, type SyndicateQuantumResult } from "./syndicate";
export { walletDimensions, runWalletModel, WALLET_BEHAVIORS, type WalletModelInput } from "./wallet";
export { riskLevel, RISK_LEVELS, RISK_THRESHOLDS, type RiskLevel } from "./risk";
export { formatDuration, formatPercent, formatRiskScore } from "./text";
export type { MemberMetrics } from "./group";
