// GET /api/events: the event log, newest first (or in commit order), keyset-paged on seq.
import { prisma, type Prisma, type Role } from "../db";
import { encodeCursor, type Page } from "../core/paging";
import type { TEventListQuery } from "./schemas";
import { toEvent, type TEvent } from "./shape";
import { visibleEventsWhere } from "./visibility";

/** Who reads the log: a private event is shown only to its owner and to admins (./visibility.ts). */
export type EventViewer = { userId: string; role: Role };

export const visibleEvents = (viewer: EventViewer): Prisma.EventWhereInput =>
  visibleEventsWhere({ userId: viewer.userId, seesAll: viewer.role === "admin" });

/** One page of the events the viewer may see, filtered by type, entity and `after`; two queries. */
export const listEvents = async (query: TEventListQuery, viewer: EventViewer): Promise<Page<TEvent>> => {
  const desc = query.order === "desc";
  const where: Prisma.EventWhereInput = {
    AND: [
      visibleEvents(viewer),
      query.type ? { type: { in: query.type } } : {},
      query.entityType ? { entityType: query.entityType } : {},
      query.entityId ? { entityId: query.entityId } : {},
      query.after ? { seq: { gt: BigInt(query.after) } } : {},
    ],
  };
  const [rows, total] = await Promise.all([
    prisma.event.findMany({
      where: query.cursor ? { AND: [where, { seq: desc ? { lt: BigInt(query.cursor) } : { gt: BigInt(query.cursor) } }] } : where,
      orderBy: { seq: query.order },
      take: query.limit + 1,
    }),
    prisma.event.count({ where }),
  ]);
  const items = rows.slice(0, query.limit).map(toEvent);
  return { items, total, nextCursor: rows.length > query.limit ? encodeCursor({ id: items[items.length - 1].seq }) : undefined };
};
