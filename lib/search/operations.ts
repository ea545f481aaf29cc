// API operations of this area, gathered into the OpenAPI document by the HTTP layer (each export is one Operation).
import { z } from "zod";
import { defineOperation } from "../core/operation";
import { ZSearchHit, ZSearchQuery } from "./schemas";

export const searchOperation = defineOperation({
  method: "GET",
  path: "/api/search",
  operationId: "search",
  summary: "Find agents, squads, syndicates, marketplace items, deployments and tasks by name or id",
  tags: ["Search"],
  access: "read",
  query: ZSearchQuery,
  responses: {
    200: { description: "Matches grouped by kind (agents, squads, syndicates, marketplace items, deployments, tasks), by name within a kind", schema: z.array(ZSearchHit) },
  },
});
