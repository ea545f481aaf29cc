// API operations of this area, gathered into the OpenAPI document by the HTTP layer (each export is one Operation).
import { z } from "zod";
import { defineOperation } from "../core/operation";
import { ZSquad, ZSquadBody, ZSquadListQuery, ZSquadParams, ZSquadSummary } from "./schemas";

export const listSquadsOperation = defineOperation({
  method: "GET",
  path: "/api/squads",
  operationId: "listSquads",
  summary: "List squad summaries with their aggregated metrics (paged; ?q= name/id)",
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
  tags: ["Squads"],
  access: "operator",
  params: ZSquadParams,
  responses: { 204: { description: "Deleted" } },
  errors: { 404: "No squad with that id", 409: "Open tasks are assigned to the squad (named in detail)" },
});
