// Between the Task row and the API's task shape (nested assignedEntity, metadata, taskMetrics;
// absent values left out rather than sent as null).
import { Prisma } from "../db";
import type { Task } from "../db/generated/client";
import type { TAssignTaskBody, TTask, TTaskResultBody, TUpdateTaskBody } from "./schemas";
import { isFinalTaskStatus } from "./status-machine";

export const TASK_COLUMNS = {
  id: true,
  description: true,
  status: true,
  dueDate: true,
  entityType: true,
  entityId: true,
  priority: true,
  notes: true,
  requiredRole: true,
  requiredSkills: true,
  estimatedDuration: true,
  actualDuration: true,
  resourceUsage: true,
  costEstimate: true,
  actualCost: true,
  resultSummary: true,
  resultData: true,
  finishedAt: true,
} as const;

export type TaskRow = Pick<Task, keyof typeof TASK_COLUMNS>;

const present = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== undefined)) as {
    [K in keyof T]?: NonNullable<T[K]>;
  };

/** A task is overdue while it is not final and its due date has passed. */
export const isTaskOverdue = (row: Pick<TaskRow, "status" | "dueDate">, now: Date) =>
  !isFinalTaskStatus(row.status) && row.dueDate !== null && row.dueDate.getTime() < now.getTime();

const toResult = (row: TaskRow): TTask["result"] =>
  row.resultSummary === null
    ? undefined
    : {
        summary: row.resultSummary,
        ...(row.resultData !== null && typeof row.resultData === "object" && !Array.isArray(row.resultData)
          ? { data: row.resultData as Record<string, unknown> }
          : {}),
        ...(row.finishedAt ? { finishedAt: row.finishedAt.toISOString() } : {}),
      };

/** The API's task; `overdue` is judged at `now`. */
export const toTask = (row: TaskRow, now: Date = new Date()): TTask => ({
  id: row.id,
  description: row.description,
  status: row.status,
  ...(row.dueDate ? { dueDate: row.dueDate.toISOString() } : {}),
  ...(row.entityType && row.entityId ? { assignedEntity: { type: row.entityType, id: row.entityId } } : {}),
  metadata: {
    ...present({ priority: row.priority, notes: row.notes, requiredRole: row.requiredRole }),
    ...(row.requiredSkills.length > 0 ? { requiredSkills: row.requiredSkills } : {}),
  },
  taskMetrics: present({
    estimatedDuration: row.estimatedDuration,
    actualDuration: row.actualDuration,
    resourceUsage: row.resourceUsage,
    costEstimate: row.costEstimate,
    actualCost: row.actualCost,
  }),
  ...(row.resultSummary !== null ? { result: toResult(row) } : {}),
  overdue: isTaskOverdue(row, now),
  ...(isTaskOverdue(row, now) && row.dueDate ? { overdueSince: row.dueDate.toISOString() } : {}),
});

/** The result columns of a result body (none: cleared). */
export const toResultColumns = (result: TTaskResultBody | undefined) => ({
  resultSummary: result?.summary ?? null,
  resultData: (result?.data ?? Prisma.DbNull) as Prisma.InputJsonValue | typeof Prisma.DbNull,
});

/** The columns an edit replaces (status, finish time and overdue bookkeeping are the server's). */
export const toEditedColumns = (body: TUpdateTaskBody) => {
  const { id: _id, status: _status, ...columns } = toTaskColumns({ ...body, id: "", status: "pending" });
  return { ...columns, ...toResultColumns(body.result) };
};

export const toTaskColumns = (body: TAssignTaskBody) => ({
  id: body.id,
  description: body.description,
  status: body.status,
  dueDate: body.dueDate ? new Date(body.dueDate) : null,
  entityType: body.assignedEntity?.type ?? null,
  entityId: body.assignedEntity?.id ?? null,
  priority: body.metadata?.priority ?? null,
  notes: body.metadata?.notes || null,
  requiredRole: body.metadata?.requiredRole ?? null,
  requiredSkills: body.metadata?.requiredSkills ?? [],
  estimatedDuration: body.taskMetrics?.estimatedDuration ?? null,
  actualDuration: body.taskMetrics?.actualDuration ?? null,
  resourceUsage: body.taskMetrics?.resourceUsage ?? null,
  costEstimate: body.taskMetrics?.costEstimate ?? null,
  actualCost: body.taskMetrics?.actualCost ?? null,
});
