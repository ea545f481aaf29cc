// API operations of the squad composition optimizer (each export is one Operation; lib/quantum/operations.ts
// gathers them for the OpenAPI document).
import { defineOperation } from "../../core/operation";
import { ZOptimizeSquadBody, ZOptimizeSquadParams, ZSquadOptimization } from "./schemas";

export const optimizeSquadOperation = defineOperation({
  method: "POST",
  path: "/quantum/squad/{squadId}/optimize",
  operationId: "optimizeSquadQuantum",
  summary: "Squad composition optimizer: the best few memberships from a pool of candidate agents, under size, role and keep constraints, by the squad model's risk",
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
    422: "The constraints cannot be met (each named in errors): an unknown candidate, a kept agent that is not a member, a required role nobody holds, size.min above size.max or above the agents that can be searched",
    503: "Too many simulations are waiting; retry shortly",
  },
});
