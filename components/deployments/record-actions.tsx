"use client";

// Edit and Delete for a deployment, shown only where the lifecycle rules allow them for its current
// status (edit: any but in_progress; delete: failed or rolled_back), so they follow the live status.
import Link from "next/link";
import type { TDeployment } from "@/lib/deployments/schemas";
import { canDeleteDeployment, canEditDeployment } from "@/lib/deployments/status-machine";
import { DeleteRecordButton } from "@/components/shared/delete-record-button";

export const DeploymentRecordActions = ({ deployment }: { deployment: TDeployment }) => {
  const status = deployment.deploymentStatus;
  if (!canEditDeployment(status) && !canDeleteDeployment(status)) return null;
  return (
    <div className="row" role="group" aria-label="Deployment record">
      {canEditDeployment(status) ? (
        <Link className="button secondary" href={`/deployments/${encodeURIComponent(deployment.id)}/edit`}>
          Edit
        </Link>
      ) : null}
      {canDeleteDeployment(status) ? <DeleteRecordButton kind="deployment" id={deployment.id} name={deployment.name} /> : null}
    </div>
  );
};
