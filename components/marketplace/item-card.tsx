import Link from "next/link";
import { formatDecimal, formatInteger } from "@/lib/format";
import type { TMarketplaceItem } from "@/lib/marketplace/schemas";
import { ITEM_TYPE_LABELS, commerceSummary } from "./labels";
import styles from "./marketplace.module.css";

/** One item in the marketplace grid. */
export const ItemCard = ({ item }: { item: TMarketplaceItem }) => (
  <article className={`card ${styles.item}`} aria-labelledby={`item-${item.id}`}>
    <h2 id={`item-${item.id}`}>
      <Link href={`/marketplace/${encodeURIComponent(item.id)}`}>{item.name}</Link>
    </h2>
    <div className={styles.meta}>
      <span className={`badge ${styles.typeBadge}`}>{ITEM_TYPE_LABELS[item.itemType]}</span>
      {item.metadata.category ? <span className="muted">{item.metadata.category}</span> : null}
      {item.metadata.version ? <span className="muted">v{item.metadata.version}</span> : null}
    </div>
    <p className="muted">{item.description}</p>
    <div className={styles.meta}>
      <span aria-label={`Rated ${formatDecimal(item.usageStatistics.averageRating, 1)} of 5`}>★ {formatDecimal(item.usageStatistics.averageRating, 1)}</span>
      <span className="muted">
        {formatInteger(item.usageStatistics.reviewCount)} reviews · {formatInteger(item.usageStatistics.usageCount)} uses
      </span>
    </div>
    <p className={styles.price}>{commerceSummary(item.commerce)}</p>
  </article>
);
