// API operations of this area, gathered into the OpenAPI document by the HTTP layer (each export is one Operation).
import { z } from "zod";
import { defineOperation } from "../core/operation";
import { ZSyndicate, ZSyndicateBody, ZSyndicateListQuery, ZSyndicateParams, ZSyndicateSummary } from "./schemas";

export const listSyndicatesOperation = defineOperation({
  method: "GET",
  path: "/api/syndicates",
  operationId: "listSyndicates",
  summary: "List syndicate summaries with their aggregated metrics (paged; ?q= name/id)",
  tags: ["Syndicates"],
  access: "read",
  query: ZSyndicateListQuery,
  paged: true,
  responses: { 200: { description: "One page of syndicate summaries, ordered by id", schema: z.array(ZSyndicateSummary) } },
});

export const createSyndicateOperation = defineOperation({
  method: "POST",
  path: "/api/syndicates",
  operationId: "createSyndicate",
  summary: "Create a syndicate of existing squads",
  tags: ["Syndicates"],
  access: "operator",
  body: ZSyndicateBody,
  responses: { 201: { description: "The created syndicate with each squad's data and the aggregated metrics", schema: ZSyndicate } },
  errors: { 409: "A syndicate with that id exists", 422: "Unknown squad ids (listed in errors)" },
});

export const getSyndicateDetailsOperation = defineOperation({
  method: "GET",
  path: "/api/syndicates/{syndicateId}/details",
  operationId: "getSyndicateDetails",
  summary: "A syndicate with each squad's full data and aggregated syndicate metrics",
  tags: ["Syndicates"],
  access: "read",
  params: ZSyndicateParams,
  responses: { 200: { description: "The syndicate", schema: ZSyndicate } },
  errors: { 404: "No syndicate with that id" },
});

export const updateSyndicateOperation = defineOperation({
  method: "PUT",
  path: "/api/syndicates/{syndicateId}",
  operationId: "updateSyndicate",
  summary: "Replace a syndicate; aggregated metrics are recalculated from the squads",
  tags: ["Syndicates"],
  access: "operator",
  params: ZSyndicateParams,
  body: ZSyndicateBody,
  responses: { 200: { description: "Replaced; empty body" } },
  errors: { 404: "Syndicate not found", 422: "Unknown squad ids (listed in errors)" },
});

export const deleteSyndicateOperation = defineOperation({
  method: "DELETE",
  path: "/api/syndicates/{syndicateId}",
  operationId: "deleteSyndicate",
  summary: "Delete a syndicate (its squads stay)",
  tags: ["Syndicates"],
  access: "operator",
  params: ZSyndicateParams,
  responses: { 204: { description: "Deleted" } },
  errors: { 404: "No syndicate with that id", 409: "Open tasks are assigned to the syndicate (named in detail)" },
});
