import {
  getDeploymentStatus,
  getDeploymentStatusOperation,
  moveDeploymentStatus,
  updateDeploymentStatusOperation,
} from "@/lib/deployments";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/deployments/dapp/{deploymentId}/status – current status, metrics and status history
  GET: route(getDeploymentStatusOperation, ({ params }) => getDeploymentStatus(params.deploymentId)),
  // PATCH /api/deployments/dapp/{deploymentId}/status – move along the state machine; 409 if not allowed
  PATCH: route(updateDeploymentStatusOperation, ({ params, body }) =>
    moveDeploymentStatus(params.deploymentId, body.status),
  ),
});
