// The analyses: an agent's, a squad's or a syndicate's records, or a wallet's facts, turned into a
// circuit whose simulated distribution gives predictions and a risk level (docs/quantum-model.md).
export * from "./schemas";
export * from "./operations";
export { analyzeAgent, analyzeSquad, analyzeSyndicate, entityCircuitDiagram, entityCircuitQasm } from "./analyze-entities";
export { analyzeWalletFinance } from "./analyze-wallet-finance";
export { findEntityName, listQuantumCandidates, loadAgentInputs, loadSquadInput } from "./load-entities";
