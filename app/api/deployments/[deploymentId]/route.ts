import { deleteDeployment, deleteDeploymentOperation, updateDeployment, updateDeploymentOperation } from "@/lib/deployments";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // PATCH /api/deployments/{deploymentId} – edit the descriptive fields; 409 while in_progress
  PATCH: route(updateDeploymentOperation, ({ params, body }) => updateDeployment(params.deploymentId, body)),
  // DELETE /api/deployments/{deploymentId} – delete a failed or rolled-back deployment; 409 otherwise
  DELETE: route(deleteDeploymentOperation, async ({ params }) => {
    await deleteDeployment(params.deploymentId);
  }),
});
