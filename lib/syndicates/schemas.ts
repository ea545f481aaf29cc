// Syndicate schemas: bodies, parameters and response shapes (no server-only imports: forms use them).
import { z } from "zod";
import { ZEntityId } from "../agents/schemas";
import type { Sortable } from "../core/sorting";
import { declaredStackedRoles, groupMembers, ZAggregatedMetrics, ZGroupListQuery, ZGroupName, ZRoleOut } from "../groups/schemas";
import { ZSquad } from "../squads/schemas";

export const MAX_SYNDICATE_SQUADS = 200;

export const ZSyndicateParams = z.object({ syndicateId: ZEntityId.describe("Syndicate id") });

/** A squad object as the contract's samples send it; only its id counts. */
export const ZSyndicateSquadRef = z
  .object({ id: ZEntityId.describe("Id of an existing squad") })
  .describe("A squad object; only id is read, its other fields are ignored");

/** The body of POST /api/syndicates and PUT /api/syndicates/{syndicateId}: the whole syndicate. */
export const ZSyndicateBody = z.object({
  id: ZEntityId.describe("Client-chosen id"),
  name: ZGroupName,
  squads: groupMembers(ZSyndicateSquadRef, {
    what: "squad",
    noun: "squads",
    max: MAX_SYNDICATE_SQUADS,
    description: "The squads, in order; every id must be an existing squad (else 422). Absent: no squads",
  }),
  stackedRoles: declaredStackedRoles("the squads' stacked roles"),
  aggregatedSyndicateMetrics: z.unknown().optional().describe("Ignored: always recomputed from the squads' agents"),
});
export type TSyndicateBody = z.output<typeof ZSyndicateBody>;

export const ZSyndicateListQuery = ZGroupListQuery;
export type TSyndicateListQuery = Sortable<z.output<typeof ZSyndicateListQuery>>;

export const ZSyndicate = z.object({
  id: z.string(),
  name: z.string(),
  squads: z.array(ZSquad).describe("Each squad's full data, as in its details"),
  stackedRoles: z.array(ZRoleOut),
  aggregatedSyndicateMetrics: ZAggregatedMetrics.describe("Over all agents of all its squads, each agent once"),
});
export type TSyndicate = z.infer<typeof ZSyndicate>;

export const ZSyndicateSummary = z.object({
  id: z.string(),
  name: z.string(),
  squadCount: z.number().int(),
  agentCount: z.number().int().describe("Distinct agents over all its squads"),
  aggregatedSyndicateMetrics: ZAggregatedMetrics,
});
export type TSyndicateSummary = z.infer<typeof ZSyndicateSummary>;
