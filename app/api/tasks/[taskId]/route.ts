import { methods, route } from "@/lib/http";
import { getTask, getTaskOperation } from "@/lib/tasks";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/tasks/{taskId} – the task with its status history
  GET: route(getTaskOperation, ({ params }) => getTask(params.taskId)),
});
