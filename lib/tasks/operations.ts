// API operations of this area, gathered into the OpenAPI document by the HTTP layer (each export is one Operation).
import { z } from "zod";
import { defineOperation } from "../core/operation";
import {
  ZAssignTaskBody,
  ZEntityMatch,
  ZEntitySearchQuery,
  ZTask,
  ZTaskListQuery,
  ZTaskParams,
  ZTaskStatusBody,
  ZTaskWithHistory,
  ZUpdateTaskBody,
} from "./schemas";
import type { TAssignTaskBody, TEntityMatch, TTask, TTaskWithHistory, TUpdateTaskBody } from "./schemas";

// The document's examples: one task for agent yield-scout-7, assigned, completed with a result and then edited.
const ASSIGN_EXAMPLE = {
  id: "rebalance-usdc-2026-11",
  description: "Rebalance the USDC treasury position between Aave and Compound on Arbitrum",
  status: "assigned",
  dueDate: "2026-11-03T17:00:00.000Z",
  assignedEntity: { type: "Agent", id: "yield-scout-7" },
  metadata: { priority: "high", requiredRole: "Builder", requiredSkills: ["transaction batching"] },
  taskMetrics: { estimatedDuration: 2, costEstimate: 35 },
} satisfies TAssignTaskBody;
const ASSIGNED_EXAMPLE: TTask = { ...ASSIGN_EXAMPLE, overdue: false };
const RESULT_EXAMPLE = {
  summary: "Moved 250,000 USDC from Compound to Aave; the blended supply APY rose from 4.1% to 4.5%.",
  data: { movedUsdc: 250000, from: "compound-v3", to: "aave-v3", apyBefore: 4.1, apyAfter: 4.5 },
};
const COMPLETED_EXAMPLE: TTask = { ...ASSIGNED_EXAMPLE, status: "completed", result: { ...RESULT_EXAMPLE, finishedAt: "2026-11-01T11:48:40.000Z" } };
const EDIT_EXAMPLE = {
  description: ASSIGN_EXAMPLE.description,
  dueDate: ASSIGN_EXAMPLE.dueDate,
  assignedEntity: ASSIGN_EXAMPLE.assignedEntity,
  metadata: { ...ASSIGN_EXAMPLE.metadata, notes: "Gas paid from the operations wallet." },
  taskMetrics: { ...ASSIGN_EXAMPLE.taskMetrics, actualDuration: 1.7, actualCost: 28.4 },
  result: RESULT_EXAMPLE,
} satisfies TUpdateTaskBody;
const EDITED_EXAMPLE: TTask = { ...COMPLETED_EXAMPLE, metadata: EDIT_EXAMPLE.metadata, taskMetrics: EDIT_EXAMPLE.taskMetrics };
const WITH_HISTORY_EXAMPLE: TTaskWithHistory = {
  ...EDITED_EXAMPLE,
  statusHistory: [
    { from: null, to: "assigned", at: "2026-11-01T09:30:00.000Z" },
    { from: "assigned", to: "in_progress", at: "2026-11-01T10:05:12.000Z" },
    { from: "in_progress", to: "completed", at: "2026-11-01T11:48:40.000Z" },
  ],
};
const OVERDUE_EXAMPLE: TTask = {
  id: "health-check-aave-2026-11",
  description: "Check the health factors of the Aave positions after the rate change",
  status: "assigned",
  dueDate: "2026-11-02T12:00:00.000Z",
  assignedEntity: { type: "Agent", id: "yield-scout-7" },
  metadata: { priority: "critical" },
  taskMetrics: { estimatedDuration: 0.5 },
  overdue: true,
  overdueSince: "2026-11-02T12:00:00.000Z",
};
const MATCHES_EXAMPLE: TEntityMatch[] = [
  { type: "Agent", id: "yield-scout-7", name: "Yield Scout 7" },
  { type: "MarketplaceItem", id: "yieldpilot-vaults", name: "YieldPilot Vaults" },
];

export const assignTaskOperation = defineOperation({
  method: "POST",
  path: "/api/tasks/assign",
  operationId: "assignTask",
  summary: "Create a task and assign it to an agent, squad, syndicate or marketplace item",
  description:
    "Creates a task under the client-chosen `id` with the `status` the body carries, also the first entry of its status history, and records `task.created`. `assignedEntity`, when sent, must name an existing agent, squad, syndicate or marketplace item. An `assigned` task is then claimable through the run protocol by its agent, or by the members of its squad or syndicate; `metadata.requiredRole` and `requiredSkills` limit it to agents whose roles have them.",
  example: { body: ASSIGN_EXAMPLE, response: ASSIGNED_EXAMPLE },
  tags: ["Tasks"],
  access: "operator",
  agentRoles: ["Scout"],
  body: ZAssignTaskBody,
  responses: { 201: { description: "The created and assigned task", schema: ZTask } },
  errors: { 409: "A task with that id exists", 422: "The assigned entity does not exist" },
});

export const listTasksOperation = defineOperation({
  method: "GET",
  path: "/api/tasks",
  operationId: "listTasks",
  summary: "List tasks, filtered by status, assigned entity and overdue",
  description:
    "One page of tasks, ordered by id or by `sort` (ties by id). Filters combine: `status`, the assignee's `entityType` and `entityId`, `q` (a part of the description, any case) and `overdue` (`true`: open tasks past their due date; `false`: all others, including tasks without one). Every task carries `overdue`, and `overdueSince` while it is.",
  example: { query: { entityType: "Agent", entityId: "yield-scout-7", limit: "20" }, response: [OVERDUE_EXAMPLE, EDITED_EXAMPLE] },
  tags: ["Tasks"],
  access: "read",
  query: ZTaskListQuery,
  paged: true,
  responses: { 200: { description: "One page of tasks, ordered by id", schema: z.array(ZTask) } },
});

export const getTaskOperation = defineOperation({
  method: "GET",
  path: "/api/tasks/{taskId}",
  operationId: "getTask",
  summary: "Read a task with its status history",
  description:
    "The task with `statusHistory`: every move as `{ from, to, at }`, oldest first (`from` is null for the status it was created with). A completed or failed task carries its `result` when one was given, with `finishedAt`; `overdue` is judged at the read.",
  example: { params: { taskId: "rebalance-usdc-2026-11" }, response: WITH_HISTORY_EXAMPLE },
  tags: ["Tasks"],
  access: "read",
  params: ZTaskParams,
  responses: { 200: { description: "The task and every status move it made", schema: ZTaskWithHistory } },
  errors: { 404: "No task with that id" },
});

export const updateTaskStatusOperation = defineOperation({
  method: "PATCH",
  path: "/api/tasks/{taskId}/status",
  operationId: "updateTaskStatus",
  summary: "Move a task: pending→assigned→in_progress→completed|failed, any open status→cancelled",
  description:
    "Moves the task along its state machine and records the move in its history with a `task.status_changed` event; a move to the current status is refused. A move to `completed` or `failed` may carry a `result`, stores the finish time and updates the assignee's agents (completion rate, experience points, a history point), each recorded as `agent.updated`. A task an agent's run is working on is moved by that run, not here: cancel the run to stop it.",
  example: { params: { taskId: "rebalance-usdc-2026-11" }, body: { status: "completed", result: RESULT_EXAMPLE }, response: COMPLETED_EXAMPLE },
  tags: ["Tasks"],
  access: "operator",
  params: ZTaskParams,
  body: ZTaskStatusBody,
  responses: { 200: { description: "The task with its new status", schema: ZTask } },
  errors: { 404: "No task with that id", 409: "The move is not allowed from the current status, an agent's run is working on the task, or another move won" },
});

export const updateTaskOperation = defineOperation({
  method: "PUT",
  path: "/api/tasks/{taskId}",
  operationId: "updateTask",
  summary: "Edit a task: description, due date, assignee, metadata, metrics and result (not while in progress)",
  description:
    "Replaces the editable fields with the body, so an omitted optional field is cleared; `id`, when sent, must be the path's, and the status moves only through `PATCH /api/tasks/{taskId}/status`. Refused while the task is `in_progress`; only a completed or failed task takes a `result`, and its assignee cannot change. Records `task.updated`; a new due date lets `task.overdue` be recorded again.",
  example: { params: { taskId: "rebalance-usdc-2026-11" }, body: EDIT_EXAMPLE, response: EDITED_EXAMPLE },
  tags: ["Tasks"],
  access: "operator",
  params: ZTaskParams,
  body: ZUpdateTaskBody,
  responses: { 200: { description: "The task after the edit", schema: ZTask } },
  errors: {
    404: "No task with that id",
    409: "The task is in progress; or a result for a task that is not completed or failed; or a new assignee for a finished task",
    422: "The assigned entity does not exist",
  },
});

export const deleteTaskOperation = defineOperation({
  method: "DELETE",
  path: "/api/tasks/{taskId}",
  operationId: "deleteTask",
  summary: "Delete a task and its status history (not while in progress)",
  description:
    "Deletes the task with its status history and records `task.deleted`. Refused while the task is `in_progress`: complete, fail or cancel it first. An outcome a finished task gave stays in its assignee's record.",
  example: { params: { taskId: "rebalance-usdc-2026-11" } },
  tags: ["Tasks"],
  access: "operator",
  params: ZTaskParams,
  responses: { 204: { description: "Deleted" } },
  errors: { 404: "No task with that id", 409: "The task is in progress" },
});

export const searchEntitiesOperation = defineOperation({
  method: "GET",
  path: "/api/entities/search",
  operationId: "searchEntities",
  summary: "Find agents, squads, syndicates and marketplace items by name (for assigning tasks)",
  description:
    "Finds what a task can be assigned to: entities whose name or id contains `q` (any case; empty or absent lists the first ones), all four kinds unless `type` names one. At most `limit` matches per kind (20 by default), grouped by kind (agents, squads, syndicates, marketplace items) and by name within a kind.",
  example: { query: { q: "yield", limit: "5" }, response: MATCHES_EXAMPLE },
  tags: ["Tasks"],
  access: "read",
  query: ZEntitySearchQuery,
  responses: { 200: { description: "Matching entities, by type then name", schema: z.array(ZEntityMatch) } },
});
