// API operations of this area, gathered into the OpenAPI document by the HTTP layer (each export is one Operation).
import { z } from "zod";
import { defineOperation } from "../core/operation";
import { ZCreateMarketplaceItemBody, ZMarketplaceItem, ZMarketplaceListQuery, ZMarketplaceParams, ZUpdateMarketplaceItemBody } from "./schemas";

export const getMarketplaceItemOperation = defineOperation({
  method: "GET",
  path: "/api/marketplace/item/{marketplaceId}",
  operationId: "getMarketplaceItem",
  summary: "Read a marketplace item with its commerce terms and usage statistics",
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
  summary: "List marketplace items, filtered by type, category and words",
  tags: ["Marketplace"],
  access: "read",
  query: ZMarketplaceListQuery,
  paged: true,
  responses: { 200: { description: "One page of items, ordered by id", schema: z.array(ZMarketplaceItem) } },
});
