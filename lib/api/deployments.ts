// The API table's routes of the deployments (lib/api/table.ts): one handler per operation.
import { deleteDeployment, deleteDeploymentOperation, deployDapp, deployDappOperation, getDeploymentStatus, getDeploymentStatusOperation, listDeployments, listDeploymentsOperation, moveDeploymentStatus, updateDeployment, updateDeploymentOperation, updateDeploymentStatusOperation } from "../deployments";
import { pagedResponse, route, type RouteHandler } from "../http";

export const deploymentsRoutes: RouteHandler[] = [
  // PATCH /api/deployments/{deploymentId} – edit the descriptive fields; 409 while in_progress
  route(updateDeploymentOperation, ({ params, body }) => updateDeployment(params.deploymentId, body)),
  // DELETE /api/deployments/{deploymentId} – delete a failed or rolled-back deployment; 409 otherwise
  route(deleteDeploymentOperation, async ({ params }) => {
    await deleteDeployment(params.deploymentId);
  }),
  // GET /api/deployments/dapp/{deploymentId}/status – current status, metrics and status history
  route(getDeploymentStatusOperation, ({ params }) => getDeploymentStatus(params.deploymentId)),
  // PATCH /api/deployments/dapp/{deploymentId}/status – move along the state machine; 409 if not allowed
  route(updateDeploymentStatusOperation, ({ params, body }) =>
    moveDeploymentStatus(params.deploymentId, body.status),
  ),
  // POST /api/deployments/dapp/deploy – start a deployment with the status the body carries
  route(deployDappOperation, ({ body }) => deployDapp(body)),
  // GET /api/deployments – one page of deployments, filtered by status and q
  route(listDeploymentsOperation, async ({ query, url }) => pagedResponse(await listDeployments(query), url)),
];
