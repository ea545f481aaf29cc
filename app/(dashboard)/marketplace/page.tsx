import type { Metadata } from "next";
import Link from "next/link";
import { hasRole } from "@/lib/auth/roles";
import { currentUser } from "@/lib/auth/session";
import { ITEM_TYPES, ZMarketplaceListQuery, listMarketplaceCategories, listMarketplaceItems } from "@/lib/marketplace";
import { ITEM_TYPE_LABELS } from "@/components/marketplace/format";
import { ItemCard } from "@/components/marketplace/item-card";
import styles from "@/components/marketplace/marketplace.module.css";
import { Pager } from "@/components/ui/pager";

export const metadata: Metadata = { title: "Marketplace" };
export const dynamic = "force-dynamic";

const PAGE_SIZE = 24;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

const MarketplacePage = async ({ searchParams }: { searchParams: SearchParams }) => {
  const raw = await searchParams;
  const filters = { itemType: first(raw.itemType), category: first(raw.category), q: first(raw.q), cursor: first(raw.cursor) };
  const parsed = ZMarketplaceListQuery.safeParse({ ...filters, limit: PAGE_SIZE });
  const query = parsed.success ? parsed.data : ZMarketplaceListQuery.parse({ limit: PAGE_SIZE });
  const [page, categories, user] = await Promise.all([listMarketplaceItems(query), listMarketplaceCategories(), currentUser()]);
  const canWrite = user ? hasRole(user.role, "operator") : false;

  return (
    <>
      <div className="page-header">
        <h1>Marketplace</h1>
        {canWrite ? (
          <Link className="button" href="/marketplace/new">
            Add item
          </Link>
        ) : null}
      </div>
      <form className="toolbar" method="get" action="/marketplace" aria-label="Filter items">
        <div className="field">
          <label htmlFor="filter-type">Item type</label>
          <select id="filter-type" name="itemType" defaultValue={query.itemType ?? ""}>
            <option value="">All types</option>
            {ITEM_TYPES.map((type) => (
              <option key={type} value={type}>
                {ITEM_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-category">Category</label>
          <select id="filter-category" name="category" defaultValue={query.category ?? ""}>
            <option value="">All categories</option>
            {categories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-q">Search</label>
          <input id="filter-q" name="q" type="search" defaultValue={query.q ?? ""} placeholder="Name or description" />
        </div>
        <button type="submit">Apply filters</button>
        {filters.itemType || filters.category || filters.q ? <Link href="/marketplace">Clear</Link> : null}
      </form>
      {!parsed.success ? (
        <p role="alert" className="alert">
          Some filters were not understood and were ignored.
        </p>
      ) : null}
      {page.items.length === 0 ? (
        <p className="muted">No items match these filters.</p>
      ) : (
        <ul className={styles.grid} aria-label="Marketplace items">
          {page.items.map((item) => (
            <li key={item.id}>
              <ItemCard item={item} />
            </li>
          ))}
        </ul>
      )}
      <Pager basePath="/marketplace" searchParams={filters} nextCursor={page.nextCursor} total={page.total} shown={page.items.length} />
    </>
  );
};

export default MarketplacePage;
