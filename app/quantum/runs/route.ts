import { listRuns, listRunsOperation } from "@/lib/quantum";
import { methods, pagedResponse, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /quantum/runs?entityType=&entityId=&limit=&cursor= – past runs the caller may see, newest first
  GET: route(listRunsOperation, async ({ query, url, principal }) => pagedResponse(await listRuns(query, principal), url)),
});
