// Who sees which event (docs/security.md, "Private events"): one rule for the event list, the
// activity page and the live stream, as a query and as a test on a row already read.
//
// An admin sees every event. Anyone else sees the events recorded for them (visibleTo = their id)
// and the events recorded for nobody in particular (visibleTo null) — except those of a private
// type: a row of such a type without an owner (written before the type became private) is shown to
// admins only, so that "private" holds for the log as it is, not only for events recorded from now.
import type { Prisma } from "../db";
import { PRIVATE_EVENT_TYPES } from "./catalog";

/** Who reads: `seesAll` for an admin. */
export type EventAudience = { userId: string; seesAll: boolean };

const PRIVATE = new Set(PRIVATE_EVENT_TYPES);

/** The events `audience` may see, as a Prisma filter. */
export const visibleEventsWhere = (audience: EventAudience): Prisma.EventWhereInput =>
  audience.seesAll ? {} : { OR: [{ visibleTo: audience.userId }, { visibleTo: null, type: { notIn: PRIVATE_EVENT_TYPES } }] };

/** The same rule as visibleEventsWhere, for a row already read. */
export const canSeeEvent = (audience: EventAudience, row: { type: string; visibleTo: string | null }): boolean =>
  audience.seesAll || row.visibleTo === audience.userId || (row.visibleTo === null && !PRIVATE.has(row.type));
