// Between the MarketplaceItem row and the API's item shape (metadata, usageStatistics and
// commerce as nested objects; absent values left out rather than sent as null).
import type { Prisma } from "../db";
import type { MarketplaceItem } from "../db/generated/client";
import type { TMarketplaceItem, TMarketplaceItemBody } from "./schemas";

export const toMarketplaceItem = (row: MarketplaceItem): TMarketplaceItem => {
  const metadata: TMarketplaceItem["metadata"] = {};
  if (row.category !== null) metadata.category = row.category;
  if (row.version !== null) metadata.version = row.version;
  let commerce: TMarketplaceItem["commerce"];
  if (row.commerceKind === "price" && row.price !== null) commerce = { price: row.price };
  if (row.commerceKind === "lease_sale" && row.leasePrice !== null && row.salePrice !== null) {
    commerce = { leasePrice: row.leasePrice, salePrice: row.salePrice, supportedIndustries: row.supportedIndustries };
  }
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    itemType: row.itemType,
    ...(row.url !== null ? { url: row.url } : {}),
    metadata,
    usageStatistics: { usageCount: row.usageCount, averageRating: row.averageRating, reviewCount: row.reviewCount },
    ...(commerce ? { commerce } : {}),
  };
};

const commerceColumns = (commerce: TMarketplaceItemBody["commerce"]) => {
  if (!commerce) return { commerceKind: null, price: null, leasePrice: null, salePrice: null, supportedIndustries: [] };
  if (commerce.price !== undefined) {
    return { commerceKind: "price" as const, price: commerce.price, leasePrice: null, salePrice: null, supportedIndustries: [] };
  }
  return {
    commerceKind: "lease_sale" as const,
    price: null,
    leasePrice: commerce.leasePrice ?? null,
    salePrice: commerce.salePrice ?? null,
    supportedIndustries: commerce.supportedIndustries ?? [],
  };
};

/**
 * The columns a body sets. Optional parts the body leaves out are cleared (a PUT replaces the
 * item), except usage statistics: they are counters the marketplace keeps, so an absent
 * `usageStatistics` keeps the stored values (`keepUsage`).
 */
export const toItemColumns = (body: TMarketplaceItemBody, keepUsage = false) => ({
  name: body.name,
  description: body.description,
  itemType: body.itemType,
  url: body.url ?? null,
  category: body.metadata?.category ?? null,
  version: body.metadata?.version ?? null,
  ...(body.usageStatistics
    ? body.usageStatistics
    : keepUsage
      ? {}
      : { usageCount: 0, averageRating: 0, reviewCount: 0 }),
  ...commerceColumns(body.commerce),
}) satisfies Prisma.MarketplaceItemUpdateInput;
