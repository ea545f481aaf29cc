import { methods, route } from "@/lib/http";
import { deleteTask, deleteTaskOperation, getTask, getTaskOperation, updateTask, updateTaskOperation } from "@/lib/tasks";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/tasks/{taskId} – the task with its status history
  GET: route(getTaskOperation, ({ params }) => getTask(params.taskId)),
  // PUT /api/tasks/{taskId} – replace the editable fields; 409 while in progress
  PUT: route(updateTaskOperation, ({ params, body }) => updateTask(params.taskId, body)),
  // DELETE /api/tasks/{taskId} – delete with its history; 409 while in progress
  DELETE: route(deleteTaskOperation, async ({ params }) => {
    await deleteTask(params.taskId);
  }),
});
