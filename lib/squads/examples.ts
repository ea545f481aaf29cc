// The document's example squad (docs/api.md, "OpenAPI"): treasury-squad, of the agents area's two
// example agents, which the squads' operations, the syndicates' example and the quantum analyses show.
import { EXAMPLE_AGENT, EXAMPLE_WARDEN } from "../agents/examples";
import type { TSquad } from "./schemas";

const SQUAD_AGENTS: TSquad["agents"] = [
  { id: EXAMPLE_AGENT.id, name: EXAMPLE_AGENT.name, aiEngine: EXAMPLE_AGENT.aiEngine, roles: EXAMPLE_AGENT.roles },
  EXAMPLE_WARDEN,
];
// Yield Scout 7: 1200 XP, uptime 99.2, completion 87.5; Risk Warden 2: 800 XP, uptime 98.6, completion 92.5.
export const EXAMPLE_SQUAD_METRICS: TSquad["aggregatedMetrics"] = { totalExperiencePoints: 2000, averageUptime: 98.9, overallCompletionRate: 90 };
export const EXAMPLE_SQUAD: TSquad = {
  id: "treasury-squad",
  name: "Treasury Squad",
  agents: SQUAD_AGENTS,
  stackedRoles: [
    { roleName: "Scout", primaryFunction: "Finds yield opportunities across lending markets", skills: ["market scanning", "rate comparison", "pool discovery", "liquidation tracking"] },
    { roleName: "Analyst", primaryFunction: "Scores each opportunity's risk", skills: ["risk scoring", "scenario analysis"] },
    { roleName: "Builder", primaryFunction: "Prepares the transactions of a rebalance", skills: ["transaction batching"] },
    { roleName: "Defender", primaryFunction: "Watches positions for liquidation risk", skills: ["health-factor alerts", "oracle checks", "contract review"] },
  ],
  aggregatedMetrics: EXAMPLE_SQUAD_METRICS,
};
