// The API table's routes of the tasks and the entity search (lib/api/table.ts): one handler per operation.
import { pagedResponse, route, type RouteHandler } from "../http";
import { assignTask, assignTaskOperation, deleteTask, deleteTaskOperation, getTask, getTaskOperation, listTasks, listTasksOperation, moveTaskStatus, searchEntities, searchEntitiesOperation, updateTask, updateTaskOperation, updateTaskStatusOperation } from "../tasks";

export const tasksRoutes: RouteHandler[] = [
  // GET /api/entities/search – agents, squads, syndicates and items whose name or id matches q
  route(searchEntitiesOperation, ({ query }) => searchEntities(query)),
  // GET /api/tasks/{taskId} – the task with its status history
  route(getTaskOperation, ({ params }) => getTask(params.taskId)),
  // PUT /api/tasks/{taskId} – replace the editable fields; 409 while in progress
  route(updateTaskOperation, ({ params, body }) => updateTask(params.taskId, body)),
  // DELETE /api/tasks/{taskId} – delete with its history; 409 while in progress
  route(deleteTaskOperation, async ({ params }) => {
    await deleteTask(params.taskId);
  }),
  // PATCH /api/tasks/{taskId}/status – move along the state machine (with a result when finishing); 409 if not allowed
  route(updateTaskStatusOperation, ({ params, body }) => moveTaskStatus(params.taskId, body.status, body.result)),
  // POST /api/tasks/assign – create a task assigned to an existing entity (422 otherwise)
  route(assignTaskOperation, ({ body }) => assignTask(body)),
  // GET /api/tasks – one page of tasks, filtered by status, entityType, entityId and q
  route(listTasksOperation, async ({ query, url }) => pagedResponse(await listTasks(query), url)),
];
