// Squads and syndicates are two kinds of group: a named, ordered list of members (agents, or
// squads) with declared or derived stacked roles and metrics computed on read. One implementation
// of their writes, configured per kind by a GroupKind; each kind reads its details and its list
// from its own read views (lib/squads, lib/syndicates), with the metrics of rules.ts.
import { prisma, type Prisma } from "../db";
import { alreadyExists, idMismatch, notFound } from "../core/errors";
import type { TRole } from "../agents/schemas";
import { guardDeletion, recordEvent } from "../outbox";
import { requireExisting, type Lockable } from "./require-members";

export type Db = Prisma.TransactionClient;

/** What a write takes from a body: id, name, the member ids in order and the declared stacked roles. */
export type GroupRows = { id: string; name: string; memberIds: string[]; stackedRoles: TRole[] };

export type GroupKind<Body, View> = {
  /** Names the kind in messages; also its task entity type. */
  label: "Squad" | "Syndicate";
  /** Its events (`<entity>.created|updated|deleted`) and the record they carry: the group as the API answers it. */
  events: { entity: "squad" | "syndicate"; record(view: View): unknown };
  /** Where members must exist, and the body field that lists them (for the 422's paths). */
  members: { table: Lockable; field: string };
  rows: (body: Body) => GroupRows;
  /** The group as its details show it, or null, read inside `db` (a write's transaction, after its writes). */
  find: (db: Db, id: string) => Promise<View | null>;
  exists: (db: Db, id: string) => Promise<boolean>;
  insert: (tx: Db, id: string, name: string) => Promise<unknown>;
  rename: (tx: Db, id: string, name: string) => Promise<unknown>;
  /** Removes the member links and the declared stacked roles, before they are written again. */
  clear: (tx: Db, id: string) => Promise<unknown>;
  link: (tx: Db, id: string, memberIds: string[]) => Promise<unknown>;
  addStackedRoles: (tx: Db, id: string, roles: TRole[]) => Promise<unknown>;
  remove: (tx: Db, id: string) => Promise<unknown>;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any kind, whatever its types
type AnyKind = GroupKind<any, any>;
type BodyOf<K> = K extends GroupKind<infer B, unknown> ? B : never;
type ViewOf<K> = K extends GroupKind<never, infer V> ? V : never;

const writeRows = async (tx: Db, kind: AnyKind, rows: GroupRows, mode: "create" | "replace") => {
  await requireExisting(tx, kind.members.table, rows.memberIds, kind.members.field);
  if (mode === "create") {
    await kind.insert(tx, rows.id, rows.name);
  } else {
    await kind.rename(tx, rows.id, rows.name);
    await kind.clear(tx, rows.id);
  }
  if (rows.memberIds.length > 0) await kind.link(tx, rows.id, rows.memberIds);
  if (rows.stackedRoles.length > 0) await kind.addStackedRoles(tx, rows.id, rows.stackedRoles);
};

/** The group as it now is, recorded as `<entity>.<what>` in `tx` (after the writes). */
const recordGroup = async (tx: Db, kind: AnyKind, id: string, what: "created" | "updated") => {
  const view = await kind.find(tx, id);
  await recordEvent(tx, { type: `${kind.events.entity}.${what}`, entityId: id, data: kind.events.record(view) });
  return view;
};

/** Creates a group with its members and declared stacked roles: 409 if the id exists, 422 for unknown members. */
export const createGroup = async <K extends AnyKind>(kind: K, body: BodyOf<K>): Promise<ViewOf<K>> =>
  prisma.$transaction(async (tx) => {
    const rows = kind.rows(body);
    if (await kind.exists(tx, rows.id)) throw alreadyExists(kind.label, rows.id);
    await writeRows(tx, kind, rows, "create");
    return (await recordGroup(tx, kind, rows.id, "created")) as ViewOf<K>;
  });

/**
 * Replaces a group with the body (members and declared stacked roles as sent; metrics are never
 * stored, always recomputed): 400 if the body's id is not the path's, 404 for an unknown id (groups
 * are created with POST only), 422 for unknown members.
 */
export const updateGroup = async <K extends AnyKind>(kind: K, id: string, body: BodyOf<K>): Promise<void> => {
  const rows = kind.rows(body);
  if (rows.id !== id) throw idMismatch(id, rows.id, kind.label.toLowerCase());
  await prisma.$transaction(async (tx) => {
    if (!(await kind.exists(tx, id))) throw notFound(kind.label, id);
    await writeRows(tx, kind, rows, "replace");
    await recordGroup(tx, kind, id, "updated");
  });
};

/** Deletes a group (its members stay): 404 if unknown, 409 while open tasks are assigned to it. */
export const deleteGroup = async (kind: AnyKind, id: string): Promise<void> => {
  await prisma.$transaction(async (tx) => {
    // Locks the row, so a task cannot be assigned to it while it is being deleted; the tasks area
    // refuses while open tasks are assigned to it (its guard, registered at startup).
    if (!(await guardDeletion(tx, { type: kind.label, table: kind.label, id }))) throw notFound(kind.label, id);
    await kind.remove(tx, id);
    await recordEvent(tx, { type: `${kind.events.entity}.deleted`, entityId: id, data: { id } });
  });
};
