// Marketplace item schemas: the request bodies the routes validate, the forms validate with, and
// the OpenAPI document is generated from. Nothing server-only here.
import { z } from "zod";
import { ZSortablePageQuery } from "../core/paging";
import { CURSOR_OF_ANOTHER_SORT, ZSort, cursorMatchesSort, type SortFields, type Sortable } from "../core/sorting";
import { clientChosenId, int32 } from "../core/primitives";

export const ITEM_TYPES = ["dApp", "agent", "squad", "syndicate", "dataset", "model", "plugin"] as const;
export const ZItemType = z.enum(ITEM_TYPES, { error: `must be one of ${ITEM_TYPES.join(", ")}` }).describe("What the item is");
export type TItemType = z.infer<typeof ZItemType>;

export const ZMarketplaceId = clientChosenId();

const money = (what: string) =>
  z
    .number({ error: "must be a number" })
    .min(0, "must be 0 or more")
    .max(1e12, "must be at most 1,000,000,000,000")
    .describe(`${what} in USD`);

// Each shape refuses the other's keys, so a mixed object matches neither and the union says so.
const notWithPrice = z.never({ error: "price belongs to the other commerce shape; send one shape, not both" }).optional();
const notWithLeaseSale = z.never({ error: "not allowed with price; send one shape, not both" }).optional();

export const ZPriceCommerce = z
  .object({
    price: money("price"),
    leasePrice: notWithLeaseSale,
    salePrice: notWithLeaseSale,
    supportedIndustries: notWithLeaseSale,
  })
  .describe("A fixed price");

export const ZLeaseSaleCommerce = z
  .object({
    price: notWithPrice,
    leasePrice: money("leasePrice").describe("Lease price per month in USD"),
    salePrice: money("salePrice").describe("Outright sale price in USD"),
    supportedIndustries: z
      .array(z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(100, "must be at most 100 characters"), {
        error: "must be a list of industry names",
      })
      .min(1, "must name at least one industry")
      .max(50, "may name at most 50 industries")
      .describe("Industries the lease or sale offer is for"),
  })
  .describe("Lease and sale prices for the listed industries");

const LEASE_SALE_KEYS = ["leasePrice", "salePrice", "supportedIndustries"] as const;
const SHAPES = "either { price } or { leasePrice, salePrice, supportedIndustries }";

type UnionIssue = { input?: unknown; errors?: { path?: PropertyKey[]; message: string }[][] };

const describeIssues = (issues: { path?: PropertyKey[]; message: string }[] = []) =>
  issues.map((issue) => (issue.path?.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message)).join("; ");

/** One clear sentence for a commerce object that fits neither shape. */
export const commerceMessage = (issue: UnionIssue) => {
  const input = issue.input;
  if (typeof input !== "object" || input === null || Array.isArray(input)) return `commerce must be an object: ${SHAPES}`;
  const hasPrice = "price" in input;
  const hasLeaseSale = LEASE_SALE_KEYS.some((key) => key in input);
  if (hasPrice && hasLeaseSale) return `commerce must be exactly one shape, ${SHAPES}, not a mix of both`;
  if (hasPrice) return `commerce { price }: ${describeIssues(issue.errors?.[0])}`;
  if (hasLeaseSale) return `commerce { leasePrice, salePrice, supportedIndustries }: ${describeIssues(issue.errors?.[1])}`;
  return `commerce must carry ${SHAPES}`;
};

export const ZCommerce = z
  .union([ZPriceCommerce, ZLeaseSaleCommerce], { error: (issue) => commerceMessage(issue as UnionIssue) })
  .describe(`How the item is sold: ${SHAPES}`);

export const ZItemMetadata = z
  .object({
    category: z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(100, "must be at most 100 characters").optional().describe("Catalogue category"),
    version: z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(50, "must be at most 50 characters").optional().describe("The item's own version (data, not an API version)"),
  })
  .describe("Category and version");

export const ZUsageStatistics = z
  .object({
    usageCount: int32().min(0, "must be 0 or more").default(0).describe("Times used"),
    averageRating: z.number({ error: "must be a number" }).min(0, "must be from 0 to 5").max(5, "must be from 0 to 5").default(0).describe("Mean rating, 0–5"),
    reviewCount: int32().min(0, "must be 0 or more").default(0).describe("Number of reviews"),
  })
  .describe("Usage statistics");

export const ZMarketplaceItemBody = z.object({
  id: ZMarketplaceId,
  name: z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(200, "must be at most 200 characters").describe("Display name"),
  description: z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(5000, "must be at most 5000 characters").describe("What the item does"),
  itemType: ZItemType,
  url: z
    .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL, e.g. https://example.com/app" })
    .max(2048, "must be at most 2048 characters")
    .optional()
    .describe("Absolute http(s) URL of the item"),
  metadata: ZItemMetadata.optional(),
  usageStatistics: ZUsageStatistics.optional(),
  commerce: ZCommerce.optional(),
});
/** POST /api/marketplace/addItem and PUT /api/marketplace/item/{id} take the same body. */
export const ZCreateMarketplaceItemBody = ZMarketplaceItemBody;
export const ZUpdateMarketplaceItemBody = ZMarketplaceItemBody;
export type TMarketplaceItemBody = z.infer<typeof ZMarketplaceItemBody>;

export const ZMarketplaceParams = z.object({ marketplaceId: ZMarketplaceId });

/** The columns the marketplace list sorts by (item type in its declared order). */
export const MARKETPLACE_SORT = {
  id: { column: "id", kind: "string" },
  name: { column: "name", kind: "string" },
  itemType: { column: "itemType", kind: "enum", values: ITEM_TYPES },
  usageCount: { column: "usageCount", kind: "number", integer: true },
  averageRating: { column: "averageRating", kind: "number" },
  createdAt: { column: "createdAt", kind: "date" },
  updatedAt: { column: "updatedAt", kind: "date" },
} satisfies SortFields;

export const ZMarketplaceListQuery = ZSortablePageQuery.extend({
  itemType: ZItemType.optional(),
  category: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters").optional().describe("Exact category"),
  q: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").optional().describe("A part of the name or description (the whole text, case-insensitive)"),
  sort: ZSort(MARKETPLACE_SORT),
}).refine(cursorMatchesSort, CURSOR_OF_ANOTHER_SORT);
export type TMarketplaceListQuery = Sortable<z.output<typeof ZMarketplaceListQuery>>;

export const ZMarketplaceItem = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  itemType: ZItemType,
  url: z.string().optional(),
  metadata: z.object({ category: z.string().optional(), version: z.string().optional() }),
  usageStatistics: z.object({ usageCount: z.number().int(), averageRating: z.number(), reviewCount: z.number().int() }),
  commerce: z
    .union([
      z.object({ price: z.number() }),
      z.object({ leasePrice: z.number(), salePrice: z.number(), supportedIndustries: z.array(z.string()) }),
    ])
    .optional()
    .describe("Absent when the item has no commerce terms"),
});
export type TMarketplaceItem = z.infer<typeof ZMarketplaceItem>;
