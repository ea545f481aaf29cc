// The document's example agents (docs/api.md, "OpenAPI"): yield-scout-7, created, read and listed
// by the agents' operations, and risk-warden-2 beside it in the squads area's example squad.
import type { TAgent, TAgentBody, TAgentSummary, TRole } from "./schemas";

const ROLES: TRole[] = [
  { roleName: "Scout", primaryFunction: "Finds yield opportunities across lending markets", skills: ["market scanning", "rate comparison"] },
  { roleName: "Analyst", primaryFunction: "Scores each opportunity's risk", skills: ["risk scoring"] },
  { roleName: "Builder", primaryFunction: "Prepares the transactions of a rebalance", skills: ["transaction batching"] },
  { roleName: "Defender", primaryFunction: "Watches positions for liquidation risk", skills: ["health-factor alerts"] },
  { roleName: "Scout", primaryFunction: "Follows new pools on layer 2 chains", skills: ["pool discovery"] },
];

/** The body that creates yield-scout-7. */
export const EXAMPLE_AGENT_BODY = {
  id: "yield-scout-7",
  name: "Yield Scout 7",
  aiEngine: "gpt-4o-mini",
  operationalHistory: ["Deployed to the treasury squad"],
  experiencePoints: 1200,
  roles: ROLES,
  ownershipMetadata: { owner: "0x8ba1f109551bD432803012645Ac136ddd64DBA72", leased: false },
  performanceMetrics: { uptime: 99.2, completionRate: 87.5, averageResponseTime: 840, errorRate: 1.4 },
  historicalData: [{ timestamp: "2026-11-01T00:00:00.000Z", tasksCompleted: 14, experiencePoints: 1100 }],
} satisfies Partial<TAgentBody>;

export const EXAMPLE_AGENT: TAgent = {
  ...EXAMPLE_AGENT_BODY,
  specialization: "Scout",
  dynamicMetadata: { currentVersion: null, skillUpgrades: [] },
  metricsSource: "reported",
};

export const EXAMPLE_AGENT_SUMMARY: TAgentSummary = { id: "yield-scout-7", name: "Yield Scout 7", currentRole: "Scout", completionRate: 87.5, specialization: "Scout" };

/** The second agent of the example squad, as a squad lists its members. */
export const EXAMPLE_WARDEN = {
  id: "risk-warden-2",
  name: "Risk Warden 2",
  aiEngine: "claude-3-5-haiku",
  roles: [
    { roleName: "Defender", primaryFunction: "Watches collateral ratios of open positions", skills: ["health-factor alerts", "oracle checks"] },
    { roleName: "Analyst", primaryFunction: "Stress-tests positions against price shocks", skills: ["risk scoring", "scenario analysis"] },
    { roleName: "Defender", primaryFunction: "Flags contracts with unaudited upgrades", skills: ["contract review"] },
    { roleName: "Scout", primaryFunction: "Tracks liquidations across lending markets", skills: ["liquidation tracking"] },
    { roleName: "Builder", primaryFunction: "Prepares the transactions that top up collateral", skills: ["transaction batching"] },
  ],
};
