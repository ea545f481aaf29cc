// Task schemas: request bodies, queries and response shapes; shared with the assign form.
import { z } from "zod";
import { ZSortablePageQuery } from "../core/paging";
import { clientChosenId } from "../core/primitives";
import { CURSOR_OF_ANOTHER_SORT, ZSort, cursorMatchesSort, type SortFields, type Sortable } from "../core/sorting";
import { TASK_STATUSES } from "./status-machine";

export const ZTaskStatus = z.enum(TASK_STATUSES, { error: `must be one of ${TASK_STATUSES.join(", ")}` }).describe("Task status");

export const ENTITY_TYPES = ["Agent", "Squad", "Syndicate", "MarketplaceItem"] as const;
export type TEntityType = (typeof ENTITY_TYPES)[number];
export const ZEntityType = z.enum(ENTITY_TYPES, { error: `must be one of ${ENTITY_TYPES.join(", ")}` }).describe("Kind of entity a task is assigned to");

export const ZTaskId = clientChosenId();

const ZEntityId = z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(128, "must be at most 128 characters");

const ZDateTime = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time with a time zone, e.g. 2026-11-01T09:00:00Z" });

const measure = (description: string) =>
  z.number({ error: "must be a number" }).min(0, "must be 0 or more").max(1e12, "must be at most 1,000,000,000,000").optional().describe(description);

export const ZAssignedEntity = z
  .object({ type: ZEntityType, id: ZEntityId.describe("The entity's id; it must exist") })
  .describe("What the task is assigned to");

export const ZTaskMetadata = z.object({
  priority: z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(50, "must be at most 50 characters").optional().describe("e.g. low, medium, high, critical"),
  notes: z.string({ error: "must be a string" }).trim().max(2000, "must be at most 2000 characters").optional().describe("Free text"),
  requiredRole: z
    .string({ error: "must be a string" })
    .trim()
    .min(1, "must not be empty")
    .max(64, "must be at most 64 characters")
    .optional()
    .describe("Only agents with a role of this roleName may claim it (docs/agents-at-work.md, \"Routing\")"),
  requiredSkills: z
    .array(z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(100, "must be at most 100 characters"), { error: "must be an array of skills" })
    .max(20, "at most 20 skills")
    .optional()
    .describe("Only agents whose roles hold every one of these skills may claim it"),
});

export const ZTaskMetrics = z.object({
  estimatedDuration: measure("Estimated hours"),
  actualDuration: measure("Actual hours"),
  resourceUsage: measure("Units of work used: the tokens of the run that worked the task (or units a client reports)"),
  costEstimate: measure("Estimated cost in USD"),
  actualCost: measure("Actual cost in USD"),
});

export const ZAssignTaskBody = z.object({
  id: ZTaskId,
  description: z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(2000, "must be at most 2000 characters").describe("What is to be done"),
  status: ZTaskStatus,
  dueDate: ZDateTime.optional().describe("When it is due (ISO 8601 with offset)"),
  assignedEntity: ZAssignedEntity.optional(),
  metadata: ZTaskMetadata.optional(),
  taskMetrics: ZTaskMetrics.optional(),
});
export type TAssignTaskBody = z.infer<typeof ZAssignTaskBody>;

export const ZTaskParams = z.object({ taskId: ZTaskId });

/** The most a result's `data` may weigh, as JSON text. */
export const RESULT_DATA_MAX_BYTES = 16_384;

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

export const ZTaskResultBody = z
  .object({
    summary: z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(2000, "must be at most 2000 characters").describe("What came of the task, in words"),
    data: z
      .record(z.string(), z.unknown(), { error: "must be a JSON object" })
      .refine((value) => jsonBytes(value) <= RESULT_DATA_MAX_BYTES, `must be at most ${RESULT_DATA_MAX_BYTES} bytes as JSON`)
      .optional()
      .describe(`Structured details (a JSON object of at most ${RESULT_DATA_MAX_BYTES} bytes)`),
  })
  .describe("The task's result: a summary and optional details");
export type TTaskResultBody = z.infer<typeof ZTaskResultBody>;

/** The statuses a task may carry a result in. */
export const RESULT_STATUSES = ["completed", "failed"] as const;
export const mayCarryResult = (status: string) => (RESULT_STATUSES as readonly string[]).includes(status);

export const ZTaskStatusBody = z
  .object({
    status: ZTaskStatus.describe("The status to move to"),
    result: ZTaskResultBody.optional().describe("The result, when moving to completed or failed"),
  })
  .superRefine((body, context) => {
    if (body.result && !mayCarryResult(body.status)) {
      context.addIssue({ code: "custom", path: ["result"], message: "a result is only given with a move to completed or failed" });
    }
  })
  // The document says the same: a result only with a move to completed or failed.
  .meta({ if: { properties: { status: { enum: [...RESULT_STATUSES] } }, required: ["status"] }, else: { properties: { result: false } } });
export type TTaskStatusBody = z.infer<typeof ZTaskStatusBody>;

/**
 * The body of PUT /api/tasks/{taskId}: the editable fields, replaced as sent (an omitted optional
 * field is cleared). The status moves through PATCH …/status only.
 */
export const ZUpdateTaskBody = ZAssignTaskBody.omit({ id: true, status: true }).extend({
  id: ZTaskId.optional().describe("When sent, it must be the path's id"),
  result: ZTaskResultBody.optional().describe("Only for a completed or failed task"),
});
export type TUpdateTaskBody = z.infer<typeof ZUpdateTaskBody>;

/** The columns the task list sorts by (status in its lifecycle order). */
export const TASK_SORT = {
  id: { column: "id", kind: "string" },
  description: { column: "description", kind: "string" },
  status: { column: "status", kind: "enum", values: TASK_STATUSES },
  createdAt: { column: "createdAt", kind: "date" },
  updatedAt: { column: "updatedAt", kind: "date" },
} satisfies SortFields;

export const ZTaskListQuery = ZSortablePageQuery.extend({
  status: ZTaskStatus.optional(),
  entityType: ZEntityType.optional(),
  entityId: ZEntityId.optional().describe("Only tasks assigned to this entity id"),
  q: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").optional().describe("A part of the description (the whole text, case-insensitive)"),
  overdue: z
    .enum(["true", "false"], { error: "must be true or false" })
    .transform((value) => value === "true")
    .optional()
    .describe("Only overdue tasks (true) or only tasks that are not overdue (false)"),
  sort: ZSort(TASK_SORT),
}).refine(cursorMatchesSort, CURSOR_OF_ANOTHER_SORT);
export type TTaskListQuery = Sortable<z.output<typeof ZTaskListQuery>>;

export const ZTask = z.object({
  id: z.string(),
  description: z.string(),
  status: ZTaskStatus,
  dueDate: z.string().optional().describe("ISO 8601"),
  assignedEntity: z.object({ type: ZEntityType, id: z.string() }).optional(),
  metadata: z.object({
    priority: z.string().optional(),
    notes: z.string().optional(),
    requiredRole: z.string().optional().describe("Only agents with this role may claim it"),
    requiredSkills: z.array(z.string()).optional().describe("Only agents holding all these skills may claim it"),
  }),
  taskMetrics: z.object({
    estimatedDuration: z.number().optional(),
    actualDuration: z.number().optional(),
    resourceUsage: z.number().optional(),
    costEstimate: z.number().optional(),
    actualCost: z.number().optional(),
  }),
  result: z
    .object({
      summary: z.string(),
      data: z.record(z.string(), z.unknown()).optional(),
      finishedAt: z.string().optional().describe("When the task moved to completed or failed (ISO 8601)"),
    })
    .optional()
    .describe("What came of the task; absent until one is given"),
  overdue: z.boolean().describe("Not final and its due date has passed"),
  overdueSince: z.string().optional().describe("When it became overdue (its due date, ISO 8601); only when overdue"),
});
export type TTask = z.infer<typeof ZTask>;

export const ZStatusChange = z.object({
  from: ZTaskStatus.nullable().describe("null for the status the task was created with"),
  to: ZTaskStatus,
  at: z.string().describe("ISO 8601"),
});

export const ZTaskWithHistory = ZTask.extend({ statusHistory: z.array(ZStatusChange).describe("Every move, oldest first") });
export type TTaskWithHistory = z.infer<typeof ZTaskWithHistory>;

export const ZEntitySearchQuery = z.object({
  type: ZEntityType.optional().describe("Only this kind of entity; all kinds when absent"),
  q: z.string().trim().max(200, "must be at most 200 characters").optional().describe("Part of the name or id; empty lists the first ones"),
  limit: z.coerce.number().int("limit must be a whole number").min(1, "limit must be at least 1").max(50, "limit must be at most 50").default(20).describe("Matches per kind, 1–50"),
});
export type TEntitySearchQuery = z.output<typeof ZEntitySearchQuery>;

export const ZEntityMatch = z.object({ type: ZEntityType, id: z.string(), name: z.string() });
export type TEntityMatch = z.infer<typeof ZEntityMatch>;
