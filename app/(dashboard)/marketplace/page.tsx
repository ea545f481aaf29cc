import type { Metadata } from "next";
import Link from "next/link";
import { ITEM_TYPES, ZMarketplaceListQuery, listMarketplaceCategories, listMarketplaceItems } from "@/lib/marketplace";
import { ITEM_TYPE_LABELS } from "@/components/marketplace/labels";
import { ItemCard } from "@/components/marketplace/item-card";
import styles from "@/components/marketplace/marketplace.module.css";
import { Pager } from "@/components/ui/pager";
import { InvalidParamsNotice } from "@/components/list/invalid-notice";
import { parseListParams, type RawSearchParams } from "@/components/list/list-params";
import { SortSelect } from "@/components/list/sort-select";
import { ListHeader } from "@/components/list/list-header";
import { FilterSearch, FilterSelect } from "@/components/list/filter-fields";
import { HiddenParams } from "@/components/list/hidden-params";
import { LiveFilterForm } from "@/components/list/live-filter-form";
import { ListEmpty } from "@/components/list/list-empty";

export const metadata: Metadata = { title: "Marketplace" };
export const dynamic = "force-dynamic";

const PAGE_SIZE = 24;
// Whole rows of the grid (two, three or four cards across).
const PAGE_SIZES = [24, 48, 96];

// The grid has no column headers: its order is chosen in the filter form.
const SORT_OPTIONS = [
  { value: "", label: "Id" },
  { value: "name", label: "Name, A–Z" },
  { value: "-name", label: "Name, Z–A" },
  { value: "-usageCount", label: "Most used" },
  { value: "-averageRating", label: "Best rated" },
  { value: "-createdAt", label: "Newest" },
];

const MarketplacePage = async ({ searchParams }: { searchParams: Promise<RawSearchParams> }) => {
  const { query, values: filters, invalid, pageSize } = parseListParams(ZMarketplaceListQuery, await searchParams, ["itemType", "category", "q"], PAGE_SIZE, PAGE_SIZES);
  const [page, categories] = await Promise.all([listMarketplaceItems(query), listMarketplaceCategories()]);

  return (
    <>
      <ListHeader title="Marketplace" newHref="/marketplace/new" newLabel="Add item" />
      <LiveFilterForm className="toolbar" action="/marketplace" role="search" aria-label="Filter items">
        <FilterSelect
          id="filter-type"
          name="itemType"
          label="Item type"
          anyLabel="All types"
          value={query.itemType}
          options={ITEM_TYPES.map((type) => ({ value: type, label: ITEM_TYPE_LABELS[type] }))}
        />
        <FilterSelect id="filter-category" name="category" label="Category" anyLabel="All categories" value={query.category} options={categories} />
        <FilterSearch id="filter-q" value={query.q} placeholder="Name or description" />
        <SortSelect id="filter-sort" options={SORT_OPTIONS} value={filters.sort} />
        <HiddenParams values={filters} names={["limit"]} />
        <button type="submit">Apply filters</button>
        {filters.itemType || filters.category || filters.q ? <Link href="/marketplace">Clear</Link> : null}
      </LiveFilterForm>
      <InvalidParamsNotice invalid={invalid} />
      {page.items.length === 0 ? (
        <ListEmpty plural="items" filtered={Boolean(filters.itemType || filters.category || filters.q)} clearHref="/marketplace" />
      ) : (
        <ul className={styles.grid} aria-label="Marketplace items">
          {page.items.map((item) => (
            <li key={item.id}>
              <ItemCard item={item} />
            </li>
          ))}
        </ul>
      )}
      <Pager
        basePath="/marketplace"
        searchParams={filters}
        nextCursor={page.nextCursor}
        total={page.total}
        shown={page.items.length}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        csvName={false}
      />
    </>
  );
};

export default MarketplacePage;
