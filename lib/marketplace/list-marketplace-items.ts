import { prisma, type Prisma } from "../db";
import { toPage, type Page } from "../core/paging";
import { containsInsensitive } from "../core/search";
import { sortedPageArgs } from "../core/sorting";
import type { TMarketplaceItem, TMarketplaceListQuery } from "./schemas";
import { toMarketplaceItem } from "./shape";

const itemWhere = (query: TMarketplaceListQuery): Prisma.MarketplaceItemWhereInput => ({
  ...(query.itemType ? { itemType: query.itemType } : {}),
  ...(query.category ? { category: query.category } : {}),
  ...(query.q
    ? {
        OR: [
          { name: containsInsensitive(query.q) },
          { description: containsInsensitive(query.q) },
        ],
      }
    : {}),
});

/** One page of items (by id or by ?sort=, ties by id) with the total that match the filters. */
export const listMarketplaceItems = async (query: TMarketplaceListQuery): Promise<Page<TMarketplaceItem>> => {
  const where = itemWhere(query);
  const [rows, total] = await Promise.all([prisma.marketplaceItem.findMany(sortedPageArgs(query, where)), prisma.marketplaceItem.count({ where })]);
  const page = toPage(rows, total, query.limit, query.sort);
  return { ...page, items: page.items.map(toMarketplaceItem) };
};

/** Every category in use, alphabetically (for the filter). */
export const listMarketplaceCategories = async (): Promise<string[]> => {
  const rows = await prisma.marketplaceItem.groupBy({ by: ["category"], where: { category: { not: null } }, orderBy: { category: "asc" } });
  return rows.flatMap((row) => (row.category ? [row.category] : []));
};
