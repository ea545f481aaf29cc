// API operations of this area, gathered into the OpenAPI document by the HTTP layer (each export is one Operation).
import { z } from "zod";
import { defineOperation } from "../core/operation";
import { EXAMPLE_SQUAD, EXAMPLE_SQUAD_METRICS } from "./examples";
import type { TSquadSummary } from "./schemas";
import { ZSquad, ZSquadBody, ZSquadListQuery, ZSquadParams, ZSquadSummary } from "./schemas";

// The document's examples: the example squad (./examples.ts), as created, read and listed.
const SQUAD_EXAMPLE = EXAMPLE_SQUAD;
const SQUAD_METRICS = EXAMPLE_SQUAD_METRICS;
const SQUAD_BODY_EXAMPLE = { id: "treasury-squad", name: "Treasury Squad", agents: [{ id: "yield-scout-7" }, { id: "risk-warden-2" }] };
const SQUAD_SUMMARY_EXAMPLE: TSquadSummary = { id: "treasury-squad", name: "Treasury Squad", agentCount: 2, aggregatedMetrics: SQUAD_METRICS };

export const listSquadsOperation = defineOperation({
  method: "GET",
  path: "/api/squads",
  operationId: "listSquads",
  summary: "List squad summaries with their aggregated metrics (paged; ?q= name/id)",
  description:
    "One page of squads, each with its member count and the metrics computed from its members: total experience points, mean uptime and mean completion rate (0 without members). Ordered by id unless `sort` says otherwise; `q` matches a part of the name or id. The `Link` header names the next page, `X-Total-Count` the size of the whole filtered list.",
  example: { query: { q: "treasury", limit: "20" }, response: [SQUAD_SUMMARY_EXAMPLE] },
  tags: ["Squads"],
  access: "read",
  query: ZSquadListQuery,
  paged: true,
  responses: { 200: { description: "One page of squad summaries, ordered by id", schema: z.array(ZSquadSummary) } },
});

export const createSquadOperation = defineOperation({
  method: "POST",
  path: "/api/squads",
  operationId: "createSquad",
  summary: "Create a squad",
  description:
    "Creates the squad under the client-chosen `id` with its members in the order sent; of each entry in `agents` only `id` is read, and every id must be an existing agent, listed once. Without declared `stackedRoles` the squad's stacked roles are derived from its members' roles; `aggregatedMetrics` in the body is ignored, as metrics are always computed. Records a `squad.created` event.",
  example: { body: SQUAD_BODY_EXAMPLE, response: SQUAD_EXAMPLE },
  tags: ["Squads"],
  access: "operator",
  body: ZSquadBody,
  responses: { 201: { description: "The created squad with its aggregated metrics", schema: ZSquad } },
  errors: { 409: "A squad with that id exists", 422: "Unknown agent ids (listed in errors)" },
});

export const getSquadDetailsOperation = defineOperation({
  method: "GET",
  path: "/api/squads/{squadId}/details",
  operationId: "getSquadDetails",
  summary: "A squad with its full agent list, stacked roles and aggregated metrics",
  description:
    "The squad's members in order, each with its five roles. Stacked roles are the declared ones as sent, or else derived from the members: one per distinct roleName in order of first occurrence, with that occurrence's `primaryFunction` and the union of the skills. The metrics are computed on every read from the members' current figures, never stored.",
  example: { params: { squadId: "treasury-squad" }, response: SQUAD_EXAMPLE },
  tags: ["Squads"],
  access: "read",
  params: ZSquadParams,
  responses: { 200: { description: "The squad", schema: ZSquad } },
  errors: { 404: "No squad with that id" },
});

export const updateSquadOperation = defineOperation({
  method: "PUT",
  path: "/api/squads/{squadId}",
  operationId: "updateSquad",
  summary: "Replace a squad; aggregated metrics are recalculated",
  description:
    "Replaces the whole squad, whose body `id` must equal the path's: its name, its members (absent `agents`: none) and its declared stacked roles (absent: none declared, so they are derived again). Member ids follow the creation rules. Records a `squad.updated` event; read the recomputed squad with its details.",
  example: {
    params: { squadId: "treasury-squad" },
    body: { id: "treasury-squad", name: "Treasury Squad (L2)", agents: [{ id: "risk-warden-2" }, { id: "yield-scout-7" }] },
  },
  tags: ["Squads"],
  access: "operator",
  params: ZSquadParams,
  body: ZSquadBody,
  responses: { 200: { description: "Replaced; empty body" } },
  errors: { 404: "No squad with that id (create it with POST /api/squads)", 422: "Unknown agent ids (listed in errors)" },
});

export const deleteSquadOperation = defineOperation({
  method: "DELETE",
  path: "/api/squads/{squadId}",
  operationId: "deleteSquad",
  summary: "Delete a squad (its agents stay)",
  description:
    "Deletes the squad with its memberships, declared stacked roles and its links to syndicates; the agents stay. Refused while tasks in status `pending`, `assigned` or `in_progress` are assigned to the squad; finished tasks keep their reference. Records a `squad.deleted` event.",
  example: { params: { squadId: "treasury-squad" } },
  tags: ["Squads"],
  access: "operator",
  params: ZSquadParams,
  responses: { 204: { description: "Deleted" } },
  errors: { 404: "No squad with that id", 409: "Open tasks are assigned to the squad (named in detail)" },
});
