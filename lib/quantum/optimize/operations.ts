// API operations of the squad composition optimizer (each export is one Operation; lib/quantum/operations.ts
// gathers them for the OpenAPI document).
import { defineOperation } from "../../core/operation";
import type { TSquadOptimization } from "./schemas";
import { ZOptimizeSquadBody, ZOptimizeSquadParams, ZSquadOptimization } from "./schemas";

// The document's example: a two-agent squad that must keep its scout and gain a Healer, searched over two candidates.
const SCOUT = { id: "yield-scout-7", name: "Yield Scout 7" };
const SENTINEL = { id: "risk-sentinel-2", name: "Risk Sentinel 2" };
const HEALER = { id: "health-watch-5", name: "Health Watch 5" };
const BUILDER = { id: "batch-builder-3", name: "Batch Builder 3" };
const OPTIMIZATION_EXAMPLE: TSquadOptimization = {
  squadId: "treasury-squad",
  current: { members: [SCOUT, SENTINEL], risk: 27.89862748999077, rating: "Moderate", assessment: "scored" },
  constraints: { size: { min: 1, max: 3 }, requiredRoles: ["Healer"], keep: ["yield-scout-7"] },
  search: { pool: 2, evaluations: 7, complete: true },
  proposals: [
    {
      members: [SCOUT, HEALER],
      added: [HEALER],
      removed: [SENTINEL],
      riskBefore: 27.89862748999077,
      riskAfter: 8.705699208265184,
      ratingAfter: "Low",
      reasons: [
        "reliability rises 0.73 → 0.89 (mean uptime 97.8% → 99.6%, mean error rate 2.8% → 0.8%)",
        "delivery rises 0.70 → 0.81 (mean completion rate 80.8% → 90.3%, mean response time 1,170 ms → 680 ms)",
        "cohesion rises 0.53 → 0.75 (core roles 3/4 → 4/4: gains Healer; mean experience 4,800 → 11,600 XP)",
      ],
    },
    {
      members: [SCOUT, HEALER, BUILDER],
      added: [HEALER, BUILDER],
      removed: [SENTINEL],
      riskBefore: 27.89862748999077,
      riskAfter: 9.017211398812375,
      ratingAfter: "Low",
      reasons: [
        "reliability rises 0.73 → 0.88 (mean uptime 97.8% → 99.3%, mean error rate 2.8% → 0.9%)",
        "delivery rises 0.70 → 0.81 (mean completion rate 80.8% → 90.2%, mean response time 1,170 ms → 687 ms)",
        "cohesion rises 0.53 → 0.76 (core roles 3/4 → 4/4: gains Healer; mean experience 4,800 → 12,733 XP)",
        "size 2 → 3 members",
      ],
    },
  ],
  message: "2 memberships with a lower risk than the current 27.9/100 (Moderate); the best reaches 8.7/100 (Low).",
};

export const optimizeSquadOperation = defineOperation({
  method: "POST",
  path: "/quantum/squad/{squadId}/optimize",
  operationId: "optimizeSquadQuantum",
  summary: "Squad composition optimizer: the best few memberships from a pool of candidate agents, under size, role and keep constraints, by the squad model's risk",
  description:
    "Searches memberships made of the squad's members and a pool of candidates (the body's `candidates`, else the best-scoring agents outside the squad plus the best holders of each core and required role), scores each by the exact risk of the squad model, and checks the best ones with the squad analysis itself. Every body field is optional (`{}` is a valid request): the size bounds default to one member fewer or more than now (`size.max` at least 3), and `constraints` in the answer shows what was applied. The search is bounded (3,000 evaluations or 150,000 members evaluated in all; `search.complete` is false when it stopped there), and applying a proposal with `PUT /api/squads/{squadId}` makes `GET /quantum/squad` answer exactly its `riskAfter`.",
  example: {
    params: { squadId: "treasury-squad" },
    body: { candidates: ["health-watch-5", "batch-builder-3"], keep: ["yield-scout-7"], requiredRoles: ["Healer"], maxProposals: 2 },
    response: OPTIMIZATION_EXAMPLE,
  },
  tags: ["Quantum"],
  access: "read",
  agentRoles: "any",
  params: ZOptimizeSquadParams,
  body: ZOptimizeSquadBody,
  responses: {
    200: {
      description: "The current squad's risk and up to maxProposals memberships with a strictly lower risk, lowest first (empty, with a message, when none was found). Deterministic: the same squad, pool, body and seed give the same answer. Nothing is written; apply a proposal with PUT /api/squads/{squadId}",
      schema: ZSquadOptimization,
    },
  },
  errors: {
    404: "No squad with that id",
    422: "The constraints cannot be met (each named in errors): an unknown candidate, a kept agent that is not a member, a required role nobody holds, more kept members than size.max, size.min above size.max or above the agents that can be searched",
    503: "Too many simulations are waiting; retry shortly",
  },
});
