// Global search: one query per kind, all in parallel, each bounded by the limit.
import { prisma } from "../db";
import { containsInsensitive, nameOrIdContains } from "../core/search";
import { searchEntities, type TEntityType } from "../tasks";
import type { TSearchHit, TSearchKind, TSearchQuery } from "./schemas";

const ENTITY_KINDS: Record<TEntityType, TSearchKind> = {
  Agent: "agent",
  Squad: "squad",
  Syndicate: "syndicate",
  MarketplaceItem: "marketplaceItem",
};

const byNameThenId = [{ name: "asc" as const }, { id: "asc" as const }];

/** Records whose name (a task's description) or id contains `q`, any case: at most `limit` of each kind. */
export const searchRecords = async (query: TSearchQuery): Promise<TSearchHit[]> => {
  const q = query.q;
  const limit = query.limit;
  const contains = containsInsensitive(q);
  const [entities, deployments, tasks] = await Promise.all([
    searchEntities({ q, limit }),
    prisma.deployment.findMany({ where: nameOrIdContains(q), select: { id: true, name: true }, orderBy: byNameThenId, take: limit }),
    prisma.task.findMany({
      where: { OR: [{ description: contains }, { id: contains }] },
      select: { id: true, description: true },
      orderBy: [{ description: "asc" }, { id: "asc" }],
      take: limit,
    }),
  ]);
  return [
    ...entities.map((entity) => ({ kind: ENTITY_KINDS[entity.type], id: entity.id, name: entity.name })),
    ...deployments.map((deployment) => ({ kind: "deployment" as const, ...deployment })),
    ...tasks.map((task) => ({ kind: "task" as const, id: task.id, name: task.description })),
  ];
};
