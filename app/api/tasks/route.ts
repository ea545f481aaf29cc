import { methods, pagedResponse, route } from "@/lib/http";
import { listTasks, listTasksOperation } from "@/lib/tasks";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/tasks – one page of tasks, filtered by status, entityType, entityId and q
  GET: route(listTasksOperation, async ({ query, url }) => pagedResponse(await listTasks(query), url)),
});
