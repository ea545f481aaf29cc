import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { hasRole } from "@/lib/auth/roles";
import { currentUser } from "@/lib/auth/session";
import { findMarketplaceItem } from "@/lib/marketplace";
import { listTasks } from "@/lib/tasks";
import { DeleteItemButton } from "@/components/marketplace/delete-item-button";
import { ITEM_TYPE_LABELS, commerceSummary, formatUsd } from "@/components/marketplace/format";
import styles from "@/components/marketplace/marketplace.module.css";
import { Card, Stat } from "@/components/ui/card";

export const metadata: Metadata = { title: "Marketplace item" };
export const dynamic = "force-dynamic";

const count = new Intl.NumberFormat("en-US");
const statusLabel = (status: string) => status.replace(/_/g, " ");

const ItemPage = async ({ params }: { params: Promise<{ itemId: string }> }) => {
  const { itemId } = await params;
  const [item, tasks, user] = await Promise.all([
    findMarketplaceItem(itemId),
    listTasks({ entityType: "MarketplaceItem", entityId: itemId, limit: 20 }),
    currentUser(),
  ]);
  if (!item) notFound();
  const canWrite = user ? hasRole(user.role, "operator") : false;
  const commerce = item.commerce;
  const stats = item.usageStatistics;

  return (
    <>
      <p>
        <Link href="/marketplace">← Marketplace</Link>
      </p>
      <div className="page-header">
        <div>
          <h1>{item.name}</h1>
          <div className="row">
            <span className={`badge ${styles.typeBadge}`}>{ITEM_TYPE_LABELS[item.itemType]}</span>
            {item.metadata.category ? <span className="muted">{item.metadata.category}</span> : null}
            {item.metadata.version ? <span className="muted">version {item.metadata.version}</span> : null}
            <code>{item.id}</code>
          </div>
        </div>
        {canWrite ? (
          <div className="row">
            <Link className="button secondary" href={`/marketplace/${encodeURIComponent(item.id)}/edit`}>
              Edit
            </Link>
            <DeleteItemButton id={item.id} name={item.name} />
          </div>
        ) : null}
      </div>
      <p>{item.description}</p>
      {item.url ? (
        <p>
          <a href={item.url} rel="noopener noreferrer" target="_blank">
            {item.url}
          </a>
        </p>
      ) : null}

      <h2>Usage statistics</h2>
      <div className="stats" role="group" aria-label="Usage statistics">
        <Stat label="Uses" value={count.format(stats.usageCount)} />
        <Stat label="Average rating" value={`${stats.averageRating.toFixed(1)} / 5`} />
        <Stat label="Reviews" value={count.format(stats.reviewCount)} />
      </div>

      <div className="grid-2">
        <Card title="Commerce">
          {!commerce ? (
            <p className="muted">No commerce terms: price on request.</p>
          ) : "price" in commerce ? (
            <ul className="kv">
              <li>
                <span>Price</span>
                <strong>{formatUsd(commerce.price)}</strong>
              </li>
            </ul>
          ) : (
            <>
              <ul className="kv">
                <li>
                  <span>Lease</span>
                  <strong>{formatUsd(commerce.leasePrice)} per month</strong>
                </li>
                <li>
                  <span>Sale</span>
                  <strong>{formatUsd(commerce.salePrice)}</strong>
                </li>
              </ul>
              <h3>Supported industries</h3>
              <ul className={styles.industries} aria-label="Supported industries">
                {commerce.supportedIndustries.map((industry) => (
                  <li key={industry} className="badge">
                    {industry}
                  </li>
                ))}
              </ul>
            </>
          )}
          <p className="muted">{commerceSummary(commerce)}</p>
        </Card>
        <Card title={`Tasks assigned (${tasks.total})`}>
          {tasks.items.length === 0 ? (
            <p className="muted">No tasks are assigned to this item.</p>
          ) : (
            <ul className="kv">
              {tasks.items.map((task) => (
                <li key={task.id}>
                  <span>{task.description}</span>
                  <span className={`badge badge-${task.status}`}>{statusLabel(task.status)}</span>
                </li>
              ))}
            </ul>
          )}
          {canWrite ? (
            <p>
              <Link href={`/tasks/new?type=MarketplaceItem&id=${encodeURIComponent(item.id)}`}>Assign a task to this item</Link>
            </p>
          ) : null}
        </Card>
      </div>
    </>
  );
};

export default ItemPage;
