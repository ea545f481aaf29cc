// API operations of this area, gathered into the OpenAPI document by the HTTP layer (each export is one Operation).
import { z } from "zod";
import { defineOperation } from "../core/operation";
import type { TSearchHit } from "./schemas";
import { ZSearchHit, ZSearchQuery } from "./schemas";

// The document's examples: one word that names an agent, a marketplace item and two deployments.
const HITS_EXAMPLE: TSearchHit[] = [
  { kind: "agent", id: "yield-scout-7", name: "Yield Scout 7" },
  { kind: "marketplaceItem", id: "yieldpilot-vaults", name: "YieldPilot Vaults" },
  { kind: "deployment", id: "yieldpilot-vaults-2-4-0", name: "YieldPilot Vaults" },
  { kind: "deployment", id: "yieldpilot-vaults-2-5-0", name: "YieldPilot Vaults" },
];

export const searchOperation = defineOperation({
  method: "GET",
  path: "/api/search",
  operationId: "search",
  summary: "Find agents, squads, syndicates, marketplace items, deployments and tasks by name or id",
  description:
    "One question across every kind of record that has a page: a record matches when its name (a task's description) or its id contains `q`, in any case. At most `limit` matches of each kind (5 by default, at most 20); read a whole record with the read operation its `kind` and `id` point to.",
  example: { query: { q: "yield", limit: "5" }, response: HITS_EXAMPLE },
  tags: ["Search"],
  access: "read",
  query: ZSearchQuery,
  responses: {
    200: { description: "Matches grouped by kind (agents, squads, syndicates, marketplace items, deployments, tasks), by name within a kind", schema: z.array(ZSearchHit) },
  },
});
