import { prisma } from "../db";
import { entityNames } from "./find-entities";
import { taskWhere } from "./list-tasks";
import type { TEntityType, TTask } from "./schemas";
import { TASK_COLUMNS, toTask } from "./shape";
import { TASK_STATUSES, isFinalTaskStatus, type TaskStatusValue } from "./status-machine";

export type BoardTask = TTask & { entityName?: string };
export type BoardColumn = { status: TaskStatusValue; total: number; tasks: BoardTask[] };

/**
 * The task board: a column per status with its first `perColumn` tasks and its total: open work
 * soonest due first, finished work (completed, failed, cancelled) the latest first, so that a task
 * just finished is on top of its column, not past its end. Two queries per status plus one per
 * entity type, in parallel, whatever the size. `pinned` (a task just assigned) heads its column when
 * it matches the filter, wherever its due date would put it.
 */
export const getTaskBoard = async (filter: { entityType?: TEntityType; q?: string; pinned?: string } = {}, perColumn = 50): Promise<BoardColumn[]> => {
  const now = new Date();
  const { pinned, ...where } = filter;
  const unpinned = await Promise.all(
    TASK_STATUSES.map(async (status) => {
      const statusWhere = taskWhere({ ...where, status }, now);
      const [rows, total] = await Promise.all([
        prisma.task.findMany({
          where: statusWhere,
          select: TASK_COLUMNS,
          orderBy: isFinalTaskStatus(status) ? [{ updatedAt: "desc" }, { id: "asc" }] : [{ dueDate: { sort: "asc", nulls: "last" } }, { id: "asc" }],
          take: perColumn,
        }),
        prisma.task.count({ where: statusWhere }),
      ]);
      return { status, total, tasks: rows.map((row) => toTask(row, now)) };
    }),
  );
  const pin = pinned ? await prisma.task.findFirst({ where: { AND: [taskWhere(where, now), { id: pinned }] }, select: TASK_COLUMNS }) : null;
  const columns = pin
    ? unpinned.map((column) =>
        column.status === pin.status ? { ...column, tasks: [toTask(pin, now), ...column.tasks.filter((task) => task.id !== pin.id)].slice(0, perColumn) } : column,
      )
    : unpinned;
  const refs = columns.flatMap((column) => column.tasks.flatMap((task) => (task.assignedEntity ? [task.assignedEntity] : [])));
  const names = await entityNames(refs);
  return columns.map((column) => ({
    ...column,
    tasks: column.tasks.map((task) => ({
      ...task,
      ...(task.assignedEntity ? { entityName: names.get(`${task.assignedEntity.type}:${task.assignedEntity.id}`) } : {}),
    })),
  }));
};
