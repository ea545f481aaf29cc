import { methods, route } from "@/lib/http";
import { assignTask, assignTaskOperation } from "@/lib/tasks";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/tasks/assign – create a task assigned to an existing entity (422 otherwise)
  POST: route(assignTaskOperation, ({ body }) => assignTask(body)),
});
