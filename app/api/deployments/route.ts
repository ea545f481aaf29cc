import { listDeployments, listDeploymentsOperation } from "@/lib/deployments";
import { methods, pagedResponse, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/deployments – one page of deployments, filtered by status and q
  GET: route(listDeploymentsOperation, async ({ query, url }) => pagedResponse(await listDeployments(query), url)),
});
