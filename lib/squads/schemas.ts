// Squad schemas: bodies, parameters and response shapes (no server-only imports: forms use them).
import { z } from "zod";
import { ZEntityId } from "../agents/schemas";
import type { Sortable } from "../core/sorting";
import { declaredStackedRoles, groupMembers, ZAggregatedMetrics, ZGroupListQuery, ZGroupName, ZRoleOut } from "../groups/schemas";

export { ZAggregatedMetrics, type TAggregatedMetrics } from "../groups/schemas";

export const MAX_SQUAD_MEMBERS = 1000;

export const ZSquadParams = z.object({ squadId: ZEntityId.describe("Squad id") });

/** An agent-inside-a-squad object as the contract's samples send it; only its id counts. */
export const ZSquadAgentRef = z
  .object({ id: ZEntityId.describe("Id of an existing agent") })
  .describe("An agent-inside-a-squad object; only id is read, name, aiEngine and roles are ignored");

/** The body of POST /api/squads and PUT /api/squads/{squadId}: the whole squad. */
export const ZSquadBody = z.object({
  id: ZEntityId.describe("Client-chosen id"),
  name: ZGroupName,
  agents: groupMembers(ZSquadAgentRef, {
    what: "agent",
    noun: "members",
    max: MAX_SQUAD_MEMBERS,
    description: "The members, in order; every id must be an existing agent (else 422). Absent: no members",
  }),
  stackedRoles: declaredStackedRoles("the members' roles"),
  aggregatedMetrics: z.unknown().optional().describe("Ignored: always recomputed from the members"),
});
export type TSquadBody = z.output<typeof ZSquadBody>;

export const ZSquadListQuery = ZGroupListQuery;
export type TSquadListQuery = Sortable<z.output<typeof ZSquadListQuery>>;

export const ZSquadAgent = z.object({ id: z.string(), name: z.string(), aiEngine: z.string(), roles: z.array(ZRoleOut) });

export const ZSquad = z.object({
  id: z.string(),
  name: z.string(),
  agents: z.array(ZSquadAgent),
  stackedRoles: z.array(ZRoleOut),
  aggregatedMetrics: ZAggregatedMetrics,
});
export type TSquad = z.infer<typeof ZSquad>;

export const ZSquadSummary = z.object({
  id: z.string(),
  name: z.string(),
  agentCount: z.number().int().describe("Number of members"),
  aggregatedMetrics: ZAggregatedMetrics,
});
export type TSquadSummary = z.infer<typeof ZSquadSummary>;
