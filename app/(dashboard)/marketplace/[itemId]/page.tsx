import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { hasRole } from "@/lib/auth/rules";
import { currentUser } from "@/lib/auth/get-current-user";
import { findMarketplaceItem } from "@/lib/marketplace";
import { listTasks } from "@/lib/tasks";
import { DeleteRecordButton } from "@/components/shared/delete-record-button";
import { formatInteger, formatPrice, formatRating, formatStatus } from "@/lib/format";
import { ITEM_TYPE_LABELS, commerceSummary } from "@/components/marketplace/labels";
import styles from "@/components/marketplace/marketplace.module.css";
import { Card, Stat } from "@/components/ui/card";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";
import { DueMarker } from "@/components/tasks/due-marker";
import { taskHref } from "@/components/tasks/task-href";

export const metadata: Metadata = { title: "Marketplace item" };
export const dynamic = "force-dynamic";


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
      <Breadcrumbs items={[{ label: "Marketplace", href: "/marketplace" }, { label: item.name }]} />
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
            <DeleteRecordButton kind="item" id={item.id} name={item.name} />
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
        <Stat label="Uses" value={formatInteger(stats.usageCount)} />
        <Stat label="Average rating" value={formatRating(stats.averageRating)} />
        <Stat label="Reviews" value={formatInteger(stats.reviewCount)} />
      </div>

      <div className="grid-2">
        <Card title="Commerce">
          {!commerce ? (
            <p className="muted">No commerce terms: price on request.</p>
          ) : "price" in commerce ? (
            <ul className="kv">
              <li>
                <span>Price</span>
                <strong>{formatPrice(commerce.price)}</strong>
              </li>
            </ul>
          ) : (
            <>
              <ul className="kv">
                <li>
                  <span>Lease</span>
                  <strong>{formatPrice(commerce.leasePrice)} per month</strong>
                </li>
                <li>
                  <span>Sale</span>
                  <strong>{formatPrice(commerce.salePrice)}</strong>
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
                  <span>
                    <Link href={taskHref(task.id)}>{task.description}</Link> {task.overdue ? <DueMarker task={task} /> : null}
                  </span>
                  <span className={`badge badge-${task.status}`}>{formatStatus(task.status)}</span>
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
