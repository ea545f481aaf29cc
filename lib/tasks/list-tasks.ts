import { prisma, type Prisma } from "../db";
import { pageArgs, toPage, type Page } from "../core/paging";
import type { TTask, TTaskListQuery } from "./schemas";
import { TASK_COLUMNS, toTask } from "./shape";

export const taskWhere = (query: Omit<TTaskListQuery, "limit" | "cursor">): Prisma.TaskWhereInput => ({
  ...(query.status ? { status: query.status } : {}),
  ...(query.entityType ? { entityType: query.entityType } : {}),
  ...(query.entityId ? { entityId: query.entityId } : {}),
  ...(query.q ? { description: { contains: query.q, mode: "insensitive" as const } } : {}),
});

/** One page of tasks (ordered by id) with the total that match the filters. */
export const listTasks = async (query: TTaskListQuery): Promise<Page<TTask>> => {
  const where = taskWhere(query);
  const [rows, total] = await Promise.all([
    prisma.task.findMany({ where, select: TASK_COLUMNS, ...pageArgs(query) }),
    prisma.task.count({ where }),
  ]);
  const page = toPage(rows, total, query.limit);
  return { ...page, items: page.items.map(toTask) };
};
