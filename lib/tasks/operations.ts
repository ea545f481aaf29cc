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

export const assignTaskOperation = defineOperation({
  method: "POST",
  path: "/api/tasks/assign",
  operationId: "assignTask",
  summary: "Create a task and assign it to an agent, squad, syndicate or marketplace item",
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
  tags: ["Tasks"],
  access: "operator",
  params: ZTaskParams,
  body: ZTaskStatusBody,
  responses: { 200: { description: "The task with its new status", schema: ZTask } },
  errors: { 404: "No task with that id", 409: "The move is not allowed from the current status, or another move won" },
});

export const updateTaskOperation = defineOperation({
  method: "PUT",
  path: "/api/tasks/{taskId}",
  operationId: "updateTask",
  summary: "Edit a task: description, due date, assignee, metadata, metrics and result (not while in progress)",
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
  tags: ["Tasks"],
  access: "read",
  query: ZEntitySearchQuery,
  responses: { 200: { description: "Matching entities, by type then name", schema: z.array(ZEntityMatch) } },
});
