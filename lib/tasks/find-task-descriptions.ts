// Tasks' descriptions by id, for pages that list records pointing at tasks (an agent's runs, the
// approvals inbox): one query for the whole page, never one per row.
import { prisma } from "../db";

/** The descriptions of the given tasks, keyed by id; an id with no task (deleted) is absent. */
export const findTaskDescriptions = async (taskIds: readonly string[]): Promise<Map<string, string>> => {
  const ids = [...new Set(taskIds)];
  if (ids.length === 0) return new Map();
  const rows = await prisma.task.findMany({ where: { id: { in: ids } }, select: { id: true, description: true } });
  return new Map(rows.map((row) => [row.id, row.description]));
};
