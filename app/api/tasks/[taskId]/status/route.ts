import { methods, route } from "@/lib/http";
import { moveTaskStatus, updateTaskStatusOperation } from "@/lib/tasks";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // PATCH /api/tasks/{taskId}/status – move along the state machine (with a result when finishing); 409 if not allowed
  PATCH: route(updateTaskStatusOperation, ({ params, body }) => moveTaskStatus(params.taskId, body.status, body.result)),
});
