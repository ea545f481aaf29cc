// API operations of this area, gathered into the OpenAPI document by the HTTP layer (each export is one Operation).
import { z } from "zod";
import { defineOperation } from "../core/operation";
import { EXAMPLE_SQUAD, EXAMPLE_SQUAD_METRICS } from "../squads/examples";
import type { TSyndicate, TSyndicateSummary } from "./schemas";
import { ZSyndicate, ZSyndicateBody, ZSyndicateListQuery, ZSyndicateParams, ZSyndicateSummary } from "./schemas";

// The document's examples: one syndicate holding the squads area's treasury-squad (the agents
// yield-scout-7 and risk-warden-2), as its details show it.
const SQUAD_EXAMPLE = EXAMPLE_SQUAD;
const STACKED_ROLES = EXAMPLE_SQUAD.stackedRoles;
const METRICS = EXAMPLE_SQUAD_METRICS;
const SYNDICATE_EXAMPLE: TSyndicate = {
  id: "defi-syndicate",
  name: "DeFi Syndicate",
  squads: [SQUAD_EXAMPLE],
  stackedRoles: STACKED_ROLES,
  aggregatedSyndicateMetrics: METRICS,
};
const SYNDICATE_SUMMARY_EXAMPLE: TSyndicateSummary = { id: "defi-syndicate", name: "DeFi Syndicate", squadCount: 1, agentCount: 2, aggregatedSyndicateMetrics: METRICS };

export const listSyndicatesOperation = defineOperation({
  method: "GET",
  path: "/api/syndicates",
  operationId: "listSyndicates",
  summary: "List syndicate summaries with their aggregated metrics (paged; ?q= name/id)",
  description:
    "One page of syndicates, each with its squad count, the number of distinct agents over its squads and the metrics over those agents, each agent counted once. Ordered by id unless `sort` says otherwise; `q` matches a part of the name or id. The `Link` header names the next page, `X-Total-Count` the size of the whole filtered list.",
  example: { query: { q: "defi", limit: "20" }, response: [SYNDICATE_SUMMARY_EXAMPLE] },
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
  description:
    "Creates the syndicate under the client-chosen `id` with its squads in the order sent; of each entry in `squads` only `id` is read, and every id must be an existing squad, listed once. Without declared `stackedRoles` they are derived by merging the squads' stacked roles by roleName; `aggregatedSyndicateMetrics` in the body is ignored. Records a `syndicate.created` event.",
  example: { body: { id: "defi-syndicate", name: "DeFi Syndicate", squads: [{ id: "treasury-squad" }] }, response: SYNDICATE_EXAMPLE },
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
  description:
    "Each squad in order, exactly as its own details show it. Stacked roles are the declared ones, or else the squads' stacked roles merged by roleName. `aggregatedSyndicateMetrics` is computed on every read over all agents of all the squads, each agent counted once even when it is in several of them.",
  example: { params: { syndicateId: "defi-syndicate" }, response: SYNDICATE_EXAMPLE },
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
  description:
    "Replaces the whole syndicate, whose body `id` must equal the path's: its name, its squads (absent `squads`: none) and its declared stacked roles (absent: none declared, so they are derived again). Squad ids follow the creation rules. Records a `syndicate.updated` event; read the result with the syndicate's details.",
  example: {
    params: { syndicateId: "defi-syndicate" },
    body: { id: "defi-syndicate", name: "DeFi Syndicate", squads: [{ id: "treasury-squad" }, { id: "l2-watch-squad" }] },
  },
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
  description:
    "Deletes the syndicate with its links to squads and its declared stacked roles; the squads and their agents stay. Refused while tasks in status `pending`, `assigned` or `in_progress` are assigned to the syndicate; finished tasks keep their reference. Records a `syndicate.deleted` event.",
  example: { params: { syndicateId: "defi-syndicate" } },
  tags: ["Syndicates"],
  access: "operator",
  params: ZSyndicateParams,
  responses: { 204: { description: "Deleted" } },
  errors: { 404: "No syndicate with that id", 409: "Open tasks are assigned to the syndicate (named in detail)" },
});
