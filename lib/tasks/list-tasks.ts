import { prisma, type Prisma } from "../db";
import { toPage, type Page } from "../core/paging";
import { containsInsensitive } from "../core/search";
import { sortedPageArgs } from "../core/sorting";
import type { TTask, TTaskListQuery } from "./schemas";
import { TASK_COLUMNS, toTask } from "./shape";
import { OPEN_TASK_STATUSES } from "./status-machine";

/** Overdue: not final, due before `now`. */
const overdueWhere = (now: Date): Prisma.TaskWhereInput => ({ status: { in: [...OPEN_TASK_STATUSES] }, dueDate: { lt: now } });

/** The rest, spelled out: a task without a due date is not overdue (SQL's NOT would drop it with the NULL). */
const notOverdueWhere = (now: Date): Prisma.TaskWhereInput => ({
  OR: [{ status: { notIn: [...OPEN_TASK_STATUSES] } }, { dueDate: null }, { dueDate: { gte: now } }],
});

export const taskWhere = (query: Omit<TTaskListQuery, "limit" | "cursor" | "sort">, now: Date = new Date()): Prisma.TaskWhereInput => ({
  ...(query.overdue === undefined ? {} : { AND: [query.overdue ? overdueWhere(now) : notOverdueWhere(now)] }),
  ...(query.status ? { status: query.status } : {}),
  ...(query.entityType ? { entityType: query.entityType } : {}),
  ...(query.entityId ? { entityId: query.entityId } : {}),
  ...(query.q ? { description: containsInsensitive(query.q) } : {}),
});

/** One page of tasks (by id or by ?sort=, ties by id) with the total that match the filters. */
export const listTasks = async (query: TTaskListQuery): Promise<Page<TTask>> => {
  const now = new Date();
  const where = taskWhere(query, now);
  const [rows, total] = await Promise.all([
    prisma.task.findMany({ ...sortedPageArgs(query, where), select: { ...TASK_COLUMNS, createdAt: true, updatedAt: true } }),
    prisma.task.count({ where }),
  ]);
  const page = toPage(rows, total, query.limit, query.sort);
  return { ...page, items: page.items.map((row) => toTask(row, now)) };
};
