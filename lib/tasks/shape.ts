// Between the Task row and the API's task shape (nested assignedEntity, metadata, taskMetrics;
// absent values left out rather than sent as null).
import type { Task } from "../db/generated/client";
import type { TAssignTaskBody, TTask } from "./schemas";

export const TASK_COLUMNS = {
  id: true,
  description: true,
  status: true,
  dueDate: true,
  entityType: true,
  entityId: true,
  priority: true,
  notes: true,
  estimatedDuration: true,
  actualDuration: true,
  resourceUsage: true,
  costEstimate: true,
  actualCost: true,
} as const;

export type TaskRow = Pick<Task, keyof typeof TASK_COLUMNS>;

const present = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== undefined)) as {
    [K in keyof T]?: NonNullable<T[K]>;
  };

export const toTask = (row: TaskRow): TTask => ({
  id: row.id,
  description: row.description,
  status: row.status,
  ...(row.dueDate ? { dueDate: row.dueDate.toISOString() } : {}),
  ...(row.entityType && row.entityId ? { assignedEntity: { type: row.entityType, id: row.entityId } } : {}),
  metadata: present({ priority: row.priority, notes: row.notes }),
  taskMetrics: present({
    estimatedDuration: row.estimatedDuration,
    actualDuration: row.actualDuration,
    resourceUsage: row.resourceUsage,
    costEstimate: row.costEstimate,
    actualCost: row.actualCost,
  }),
});

export const toTaskColumns = (body: TAssignTaskBody) => ({
  id: body.id,
  description: body.description,
  status: body.status,
  dueDate: body.dueDate ? new Date(body.dueDate) : null,
  entityType: body.assignedEntity?.type ?? null,
  entityId: body.assignedEntity?.id ?? null,
  priority: body.metadata?.priority ?? null,
  notes: body.metadata?.notes || null,
  estimatedDuration: body.taskMetrics?.estimatedDuration ?? null,
  actualDuration: body.taskMetrics?.actualDuration ?? null,
  resourceUsage: body.taskMetrics?.resourceUsage ?? null,
  costEstimate: body.taskMetrics?.costEstimate ?? null,
  actualCost: body.taskMetrics?.actualCost ?? null,
});
