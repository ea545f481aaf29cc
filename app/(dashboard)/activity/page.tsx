import type { Metadata } from "next";
import Link from "next/link";
import { currentUser } from "@/lib/auth/get-current-user";
import { EVENT_ENTITY_TYPES, EVENT_TYPES, ZEventListQuery, actorNames, listEvents, type TEvent } from "@/lib/events";
import { formatDateTime, formatRelative } from "@/lib/format";
import { Pager } from "@/components/ui/pager";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { InvalidParamsNotice } from "@/components/list/invalid-notice";
import { parseListParams, type RawSearchParams } from "@/components/list/list-params";
import { FilterSelect } from "@/components/list/filter-fields";
import { eventEntityHref, eventEntityLabel } from "@/components/events/event-links";
import { ListEmpty } from "@/components/list/list-empty";

export const metadata: Metadata = { title: "Activity" };
export const dynamic = "force-dynamic";

const PAGE_SIZE = 50;

/** "marketplace_item.created" → "Marketplace item created". */
const typeLabel = (type: string) => {
  const words = type.replace(/[._]/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const entityTypeLabel = (entityType: string) => typeLabel(entityType);

/** What changed, in a few words, where the type alone does not say it: a status move, a job's outcome. */
const detail = (event: TEvent) => {
  const data = event.data as { from?: string; to?: string; status?: string; progress?: { stage?: string } } | null;
  if (data?.from && data.to) return `${data.from.replace(/_/g, " ")} → ${data.to.replace(/_/g, " ")}`;
  if (event.type.endsWith(".finished") && data?.status) return data.status.toLowerCase();
  if (event.type === "wallet_indexing.progressed" && data?.progress?.stage) return data.progress.stage;
  return null;
};

const ActivityPage = async ({ searchParams }: { searchParams: Promise<RawSearchParams> }) => {
  const user = await currentUser();
  const header = (
    <div className="page-header">
      <div>
        <h1>Activity</h1>
        <p className="muted" style={{ margin: "0.25rem 0 0" }}>
          What changed, newest first: records created, changed and deleted, status moves, and background jobs. The same events are
          at <code>GET /api/events</code>.
        </p>
      </div>
    </div>
  );
  if (!user) {
    return (
      <>
        {header}
        <p className="note">
          <Link href="/signin?next=/activity">Sign in</Link> to see the activity: events need a credential.
        </p>
      </>
    );
  }

  const { query, values: filters, invalid } = parseListParams(ZEventListQuery, await searchParams, ["type", "entityType"], PAGE_SIZE);
  const page = await listEvents(query, { userId: user.userId, role: user.role });
  // Other users' names and emails only for admins (docs/security.md, "Private events").
  const actors = await actorNames(page.items, { userId: user.userId, role: user.role });
  const now = new Date();
  const filtered = Boolean(filters.type || filters.entityType);

  return (
    <>
      {header}
      <form className="toolbar" method="get" action="/activity" aria-label="Filter activity">
        <FilterSelect
          id="filter-type"
          name="type"
          label="Event"
          anyLabel="All events"
          value={filters.type}
          options={EVENT_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))}
        />
        <FilterSelect
          id="filter-entity-type"
          name="entityType"
          label="About"
          anyLabel="Anything"
          value={filters.entityType}
          options={EVENT_ENTITY_TYPES.map((type) => ({ value: type, label: entityTypeLabel(type) }))}
        />
        <button type="submit">Apply filters</button>
        {filtered ? <Link href="/activity">Clear</Link> : null}
      </form>
      <InvalidParamsNotice invalid={invalid} />
      {page.items.length === 0 ? (
        <ListEmpty plural="events" filtered={filtered} clearHref="/activity" />
      ) : (
        <ScrollRegion label="Events">
          <table aria-label="Events">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Event</th>
                <th scope="col">Record</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((event) => {
                const href = eventEntityHref(event);
                const label = eventEntityLabel(event);
                const more = detail(event);
                return (
                  <tr key={event.id} data-event-type={event.type}>
                    <td style={{ whiteSpace: "nowrap" }}>
                      <time dateTime={event.timestamp} title={formatDateTime(event.timestamp)}>
                        {formatRelative(event.timestamp, now)}
                      </time>
                      <div className="muted">{formatDateTime(event.timestamp)}</div>
                    </td>
                    <td>
                      {typeLabel(event.type)}
                      {more ? <div className="muted">{more}</div> : null}
                    </td>
                    <td style={{ overflowWrap: "anywhere" }}>
                      <span className="muted">{entityTypeLabel(event.entity.type)}: </span>
                      {href ? <Link href={href}>{label}</Link> : label}
                    </td>
                    <td>{event.actorId ? (actors[event.actorId] ?? "a removed user") : <span className="muted">system</span>}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pager basePath="/activity" searchParams={filters} nextCursor={page.nextCursor} total={page.total} shown={page.items.length} />
    </>
  );
};

export default ActivityPage;
