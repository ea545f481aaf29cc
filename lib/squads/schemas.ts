// Squad schemas: bodies, parameters and response shapes (no server-only imports: forms use them).
import { z } from "zod";
import { ZPageQuery } from "../http/paging";
import { ZEntityId, ZRole } from "../agents/schemas";

export const MAX_SQUAD_MEMBERS = 1000;

/** Flags every id that occurs a second time, at its own index. */
export const uniqueIds =
  (what: string) =>
  (items: { id: string }[], context: z.core.$RefinementCtx<{ id: string }[]>) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.id)) context.addIssue({ code: "custom", path: [index, "id"], message: `${what} '${item.id}' is listed twice` });
      seen.add(item.id);
    });
  };

export const ZSquadParams = z.object({ squadId: ZEntityId.describe("Squad id") });

/** An agent-inside-a-squad object as the contract's samples send it; only its id counts. */
export const ZSquadAgentRef = z
  .object({ id: ZEntityId.describe("Id of an existing agent") })
  .describe("An agent-inside-a-squad object; only id is read, name, aiEngine and roles are ignored");

export const ZAggregatedMetrics = z.object({
  totalExperiencePoints: z.number().describe("Sum of the members' experience points"),
  averageUptime: z.number().describe("Mean of the members' uptime (percent); 0 without members"),
  overallCompletionRate: z.number().describe("Mean of the members' completion rate (percent); 0 without members"),
});
export type TAggregatedMetrics = z.infer<typeof ZAggregatedMetrics>;

/** The body of POST /api/squads and PUT /api/squads/{squadId}: the whole squad. */
export const ZSquadBody = z.object({
  id: ZEntityId.describe("Client-chosen id"),
  name: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").describe("Display name"),
  agents: z
    .array(ZSquadAgentRef)
    .max(MAX_SQUAD_MEMBERS, `at most ${MAX_SQUAD_MEMBERS} members`)
    .superRefine(uniqueIds("agent"))
    .default([])
    .describe("The members, in order; every id must be an existing agent (else 422). Absent: no members"),
  stackedRoles: z
    .array(ZRole)
    .max(50, "at most 50 stacked roles")
    .optional()
    .describe("Declared stacked roles; absent or empty: derived from the members' roles"),
  aggregatedMetrics: z.unknown().optional().describe("Ignored: always recomputed from the members"),
});
export type TSquadBody = z.output<typeof ZSquadBody>;
export type TSquadBodyInput = z.input<typeof ZSquadBody>;

export const ZSquadListQuery = ZPageQuery.extend({
  q: z.string().trim().max(200).optional().describe("Name or id contains this (case-insensitive)"),
});
export type TSquadListQuery = z.output<typeof ZSquadListQuery>;

const ZRoleOut = z.object({ roleName: z.string(), primaryFunction: z.string(), skills: z.array(z.string()) });

export const ZSquadAgent = z.object({ id: z.string(), name: z.string(), aiEngine: z.string(), roles: z.array(ZRoleOut) });
export type TSquadAgent = z.infer<typeof ZSquadAgent>;

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
