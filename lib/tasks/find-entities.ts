// The entities a task can be assigned to (agents, squads, syndicates, marketplace items): does
// one exist, what are they called, which match a search. One query per entity type at most.
import { Prisma, prisma } from "../db";
import { AppError } from "../core/errors";
import { nameOrIdContains } from "../core/search";
import type { DeletionGuard } from "../outbox";
import { ENTITY_TYPES, type TEntityMatch, type TEntitySearchQuery, type TEntityType } from "./schemas";
import { OPEN_TASK_STATUSES } from "./status-machine";

type Db = Prisma.TransactionClient;
type NameRow = { id: string; name: string };
// A filter every one of the four models accepts (each has a string id and name).
type NameWhere = { id?: { in: string[] } } | ReturnType<typeof nameOrIdContains>;

const TABLES: Record<TEntityType, string> = {
  Agent: '"Agent"',
  Squad: '"Squad"',
  Syndicate: '"Syndicate"',
  MarketplaceItem: '"MarketplaceItem"',
};

export const ENTITY_LABELS: Record<TEntityType, string> = {
  Agent: "Agent",
  Squad: "Squad",
  Syndicate: "Syndicate",
  MarketplaceItem: "Marketplace item",
};

const findNames = (db: Db, type: TEntityType, args: { where: NameWhere; take?: number }): Promise<NameRow[]> => {
  const query = { ...args, select: { id: true, name: true }, orderBy: [{ name: "asc" as const }, { id: "asc" as const }] };
  switch (type) {
    case "Agent":
      return db.agent.findMany(query);
    case "Squad":
      return db.squad.findMany(query);
    case "Syndicate":
      return db.syndicate.findMany(query);
    case "MarketplaceItem":
      return db.marketplaceItem.findMany(query);
  }
};

/**
 * True when the entity exists; its row is share-locked until the transaction ends, so that a
 * concurrent delete (which takes the row's update lock first) cannot slip between the check and
 * the task's insert.
 */
export const lockEntityForAssignment = async (db: Db, type: TEntityType, id: string) => {
  const rows = await db.$queryRaw<{ id: string }[]>`SELECT id FROM ${Prisma.raw(TABLES[type])} WHERE id = ${id} FOR SHARE`;
  return rows.length > 0;
};

/** Share-locks the entity a task is being assigned to; 422 at body.assignedEntity.id when it does not exist. */
export const requireAssignable = async (db: Db, entity: { type: TEntityType; id: string }) => {
  if (await lockEntityForAssignment(db, entity.type, entity.id)) return;
  const message = `${ENTITY_LABELS[entity.type]} '${entity.id}' does not exist`;
  throw new AppError("unprocessable", `The task cannot be assigned: ${message}.`, {
    errors: [{ path: "body.assignedEntity.id", message }],
  });
};

/**
 * The tasks area's deletion guard (lib/outbox/guards.ts, registered by lib/startup's registerApp()):
 * deleting an agent, squad, syndicate or marketplace item is refused (409) while tasks that are not
 * final are assigned to it, naming them. The deleting area has locked the row first (guardDeletion),
 * so no task can be assigned to it meanwhile.
 */
export const openTasksGuard: DeletionGuard = async (db, target) => {
  if (!(ENTITY_TYPES as readonly string[]).includes(target.type)) return;
  const type = target.type as TEntityType;
  const id = target.id;
  const where = { entityType: type, entityId: id, status: { in: [...OPEN_TASK_STATUSES] } };
  const [open, count] = await Promise.all([
    db.task.findMany({ where, select: { id: true }, orderBy: { id: "asc" }, take: 20 }),
    db.task.count({ where }),
  ]);
  if (count > 0) {
    const names = open.map((task) => task.id).join(", ") + (count > open.length ? ` and ${count - open.length} more` : "");
    throw new AppError(
      "conflict",
      `${ENTITY_LABELS[type]} '${id}' has ${count} open task${count === 1 ? "" : "s"} assigned (${names}); complete, fail or cancel ${count === 1 ? "it" : "them"} first.`,
    );
  }
};

/** Names of the given entities, keyed `${type}:${id}`; one query per type present. */
export const entityNames = async (refs: { type: TEntityType; id: string }[]): Promise<Map<string, string>> => {
  const byType = new Map<TEntityType, Set<string>>();
  for (const ref of refs) byType.set(ref.type, (byType.get(ref.type) ?? new Set()).add(ref.id));
  const found = await Promise.all(
    [...byType].map(async ([type, ids]) => ({ type, rows: await findNames(prisma, type, { where: { id: { in: [...ids] } } }) })),
  );
  const names = new Map<string, string>();
  for (const { type, rows } of found) for (const row of rows) names.set(`${type}:${row.id}`, row.name);
  return names;
};

/** Entities whose name or id contains `q` (any case), by name; one query per type searched. */
export const searchEntities = async (query: TEntitySearchQuery): Promise<TEntityMatch[]> => {
  const types = query.type ? [query.type] : [...ENTITY_TYPES];
  const q = query.q?.trim();
  const where: NameWhere = nameOrIdContains(q);
  const results = await Promise.all(
    types.map(async (type) => (await findNames(prisma, type, { where, take: query.limit })).map((row) => ({ type, id: row.id, name: row.name }))),
  );
  return results.flat();
};
