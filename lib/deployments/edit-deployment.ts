// Editing and deleting a deployment: only in the statuses the lifecycle rules allow
// (status-machine.ts), each with its event in the same transaction. The status condition is part
// of the write itself, so a status move racing an edit or a delete cannot slip between a check
// and the write: either the write sees the old status or it changes nothing and answers 409.
import { prisma, type Prisma } from "../db";
import { AppError, idMismatch, notFound } from "../core/errors";
import { recordEvent } from "../outbox";
import type { TDeployment, TUpdateDeploymentBody } from "./schemas";
import { toDeployment } from "./shape";
import { DEPLOYMENT_DELETABLE_STATUSES, DEPLOYMENT_EDITABLE_STATUSES, type DeploymentStatusValue } from "./status-machine";
import { currentStaleClock } from "./config";
import { staleness } from "./rules";

/** After a write that changed no row: 404 when the deployment does not exist, else the 409 `refusal` gives. */
const missingOrRefused = async (tx: Prisma.TransactionClient, deploymentId: string, refusal: (status: DeploymentStatusValue) => string) => {
  const current = await tx.deployment.findUnique({ where: { id: deploymentId }, select: { status: true } });
  if (!current) return notFound("Deployment", deploymentId);
  return new AppError("conflict", refusal(current.status));
};

/** The columns a PATCH body sets: keys left out are not touched, null (or empty notes) clears. */
const editedColumns = (body: TUpdateDeploymentBody): Prisma.DeploymentUpdateManyMutationInput => {
  const { configuration, metadata } = body;
  const columns: Prisma.DeploymentUpdateManyMutationInput = {
    name: body.name,
    version: body.version,
    industry: body.industry,
    useCase: body.useCase,
    network: configuration?.network,
    networkLayer: configuration?.networkLayer,
    contractAddress: configuration?.contractAddress,
    notes: metadata?.notes === undefined ? undefined : metadata.notes || null,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
};

/**
 * Changes a deployment's descriptive fields (name, version, industry, use case, configuration,
 * metadata) and records deployment.updated. 400 when the body's id differs from the path's, 404
 * for an unknown id, 409 while the deployment is in_progress.
 */
export const updateDeployment = async (deploymentId: string, body: TUpdateDeploymentBody): Promise<TDeployment> => {
  if (body.id !== undefined && body.id !== deploymentId) throw idMismatch(deploymentId, body.id, "deployment");
  return prisma.$transaction(async (tx) => {
    const updated = await tx.deployment.updateMany({
      where: { id: deploymentId, status: { in: [...DEPLOYMENT_EDITABLE_STATUSES] } },
      data: { ...editedColumns(body), updatedAt: new Date() },
    });
    if (updated.count === 0) {
      throw await missingOrRefused(
        tx,
        deploymentId,
        (status) => `Deployment '${deploymentId}' is ${status} and cannot be edited until it finishes (editable in: ${DEPLOYMENT_EDITABLE_STATUSES.join(", ")}).`,
      );
    }
    const row = await tx.deployment.findUniqueOrThrow({ where: { id: deploymentId } });
    const deployment = toDeployment(row, staleness(row.status, row.statusChangedAt, currentStaleClock()));
    await recordEvent(tx, { type: "deployment.updated", entityId: deploymentId, data: deployment });
    return deployment;
  });
};

/**
 * Deletes a deployment in a final status with its status history, and records deployment.deleted.
 * 404 for an unknown id, 409 in any other status.
 */
export const deleteDeployment = async (deploymentId: string): Promise<void> =>
  prisma.$transaction(async (tx) => {
    const deleted = await tx.deployment.deleteMany({ where: { id: deploymentId, status: { in: [...DEPLOYMENT_DELETABLE_STATUSES] } } });
    if (deleted.count === 0) {
      throw await missingOrRefused(
        tx,
        deploymentId,
        (status) =>
          `Deployment '${deploymentId}' is ${status}; only a deployment in a final status (${DEPLOYMENT_DELETABLE_STATUSES.join(", ")}) can be deleted` +
          (status === "deployed" ? ": roll it back first." : "."),
      );
    }
    await recordEvent(tx, { type: "deployment.deleted", entityId: deploymentId, data: { id: deploymentId } });
  });
