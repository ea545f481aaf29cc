// API operations of this area, gathered into the OpenAPI document by the HTTP layer (each export is one Operation).
import { z } from "zod";
import { defineOperation } from "../core/operation";
import type { TMarketplaceItem, TMarketplaceItemBody } from "./schemas";
import { ZCreateMarketplaceItemBody, ZMarketplaceItem, ZMarketplaceListQuery, ZMarketplaceParams, ZUpdateMarketplaceItemBody } from "./schemas";

// The document's examples: one item, as listed, as read back with its usage, and as replaced.
const NEW_ITEM_EXAMPLE = {
  id: "yieldpilot-vaults",
  name: "YieldPilot Vaults",
  description: "Auto-compounding vaults that rebalance between lending markets on Ethereum and Arbitrum.",
  itemType: "dApp",
  url: "https://yieldpilot.finance",
  metadata: { category: "DeFi", version: "2.4.0" },
  commerce: { leasePrice: 120, salePrice: 4800, supportedIndustries: ["Financial"] },
} satisfies Omit<TMarketplaceItemBody, "usageStatistics">;
const CREATED_ITEM_EXAMPLE: TMarketplaceItem = { ...NEW_ITEM_EXAMPLE, usageStatistics: { usageCount: 0, averageRating: 0, reviewCount: 0 } };
const ITEM_EXAMPLE: TMarketplaceItem = { ...NEW_ITEM_EXAMPLE, usageStatistics: { usageCount: 1840, averageRating: 4.6, reviewCount: 212 } };
const REPLACED_ITEM_EXAMPLE = {
  ...NEW_ITEM_EXAMPLE,
  metadata: { category: "DeFi", version: "2.5.0" },
  commerce: { leasePrice: 140, salePrice: 5200, supportedIndustries: ["Financial", "Gaming"] },
} satisfies Omit<TMarketplaceItemBody, "usageStatistics">;
const OTHER_ITEM_EXAMPLE: TMarketplaceItem = {
  id: "yieldpilot-risk-agent",
  name: "YieldPilot Risk Agent",
  description: "Scores the lending markets YieldPilot Vaults allocate to and warns before a rate or liquidity shock.",
  itemType: "agent",
  url: "https://hub.syndicate.ai/agents/yieldpilot-risk",
  metadata: { category: "DeFi" },
  usageStatistics: { usageCount: 310, averageRating: 4.2, reviewCount: 37 },
  commerce: { price: 149 },
};

export const getMarketplaceItemOperation = defineOperation({
  method: "GET",
  path: "/api/marketplace/item/{marketplaceId}",
  operationId: "getMarketplaceItem",
  summary: "Read a marketplace item with its commerce terms and usage statistics",
  description:
    "One item by its id. `metadata` and `usageStatistics` are always present; `url`, `commerce` and unset metadata keys are left out rather than sent as null. `commerce` is either `{ price }` or `{ leasePrice, salePrice, supportedIndustries }`, in USD (`leasePrice` per month).",
  example: { params: { marketplaceId: "yieldpilot-vaults" }, response: ITEM_EXAMPLE },
  tags: ["Marketplace"],
  access: "read",
  params: ZMarketplaceParams,
  responses: { 200: { description: "The item", schema: ZMarketplaceItem } },
  errors: { 404: "No item with that id" },
});

export const updateMarketplaceItemOperation = defineOperation({
  method: "PUT",
  path: "/api/marketplace/item/{marketplaceId}",
  operationId: "updateMarketplaceItem",
  summary: "Replace an item's details, commerce terms and (when sent) usage statistics",
  description:
    "Replaces the item with the body, whose `id` must be the path's: an omitted `url`, `metadata` or `commerce` is cleared, while an omitted `usageStatistics` keeps the stored counters. Records a `marketplace_item.updated` event with the item as it now is; read it back with `GET /api/marketplace/item/{marketplaceId}`.",
  example: { params: { marketplaceId: "yieldpilot-vaults" }, body: REPLACED_ITEM_EXAMPLE },
  tags: ["Marketplace"],
  access: "operator",
  agentRoles: ["Builder"],
  params: ZMarketplaceParams,
  body: ZUpdateMarketplaceItemBody,
  responses: { 200: { description: "Updated (empty body)" } },
  errors: { 404: "No item with that id" },
});

export const deleteMarketplaceItemOperation = defineOperation({
  method: "DELETE",
  path: "/api/marketplace/item/{marketplaceId}",
  operationId: "deleteMarketplaceItem",
  summary: "Remove an item",
  description:
    "Removes the item and records a `marketplace_item.deleted` event. Refused while tasks that are not final (pending, assigned, in_progress) are assigned to it; the refusal names up to 20 of them, to be completed, failed or cancelled first. Finished tasks keep their reference to the item as history.",
  example: { params: { marketplaceId: "yieldpilot-vaults" } },
  tags: ["Marketplace"],
  access: "operator",
  agentRoles: ["Builder"],
  params: ZMarketplaceParams,
  responses: { 204: { description: "Removed" } },
  errors: { 404: "No item with that id", 409: "Tasks that are not finished are assigned to the item (named in detail)" },
});

export const addMarketplaceItemOperation = defineOperation({
  method: "POST",
  path: "/api/marketplace/addItem",
  operationId: "addMarketplaceItem",
  summary: "List a new marketplace item",
  description:
    "Creates an item under the client-chosen `id` and records a `marketplace_item.created` event. `commerce`, when sent, is exactly one of `{ price }` and `{ leasePrice, salePrice, supportedIndustries }` (a mix of both is refused); `usageStatistics` fields default to 0.",
  example: { body: NEW_ITEM_EXAMPLE, response: CREATED_ITEM_EXAMPLE },
  tags: ["Marketplace"],
  access: "operator",
  agentRoles: ["Builder"],
  body: ZCreateMarketplaceItemBody,
  responses: { 201: { description: "The created item", schema: ZMarketplaceItem } },
  errors: { 409: "An item with that id exists" },
});

export const listMarketplaceItemsOperation = defineOperation({
  method: "GET",
  path: "/api/marketplace",
  operationId: "listMarketplaceItems",
  summary: "List marketplace items, filtered by type, category and text",
  description:
    "One page of items, ordered by id or by `sort` (ties by id). Filters combine: `itemType` and `category` match exactly, `q` matches a part of the name or description in any case. The `Link` header names the next page, `X-Total-Count` the size of the whole filtered list.",
  example: { query: { q: "yieldpilot", limit: "20" }, response: [OTHER_ITEM_EXAMPLE, ITEM_EXAMPLE] },
  tags: ["Marketplace"],
  access: "read",
  query: ZMarketplaceListQuery,
  paged: true,
  responses: { 200: { description: "One page of items, ordered by id", schema: z.array(ZMarketplaceItem) } },
});
