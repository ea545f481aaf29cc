import { prisma } from "../db";
import { notFound } from "../core/errors";
import type { TDeploymentWithHistory } from "./schemas";
import { toDeployment } from "./shape";
import { currentStaleClock } from "./config";
import { staleness } from "./rules";

/** A deployment with its current status, metrics and status history (oldest first), or null. */
export const findDeploymentStatus = async (deploymentId: string): Promise<TDeploymentWithHistory | null> => {
  const row = await prisma.deployment.findUnique({
    where: { id: deploymentId },
    include: {
      statusHistory: { select: { fromStatus: true, toStatus: true, changedAt: true }, orderBy: [{ changedAt: "asc" }, { id: "asc" }] },
    },
  });
  if (!row) return null;
  const { statusHistory, ...deployment } = row;
  return {
    ...toDeployment(deployment, staleness(deployment.status, deployment.statusChangedAt, currentStaleClock())),
    statusHistory: statusHistory.map((change) => ({ from: change.fromStatus, to: change.toStatus, at: change.changedAt.toISOString() })),
  };
};

/** As findDeploymentStatus; 404 when there is no deployment with that id. */
export const getDeploymentStatus = async (deploymentId: string): Promise<TDeploymentWithHistory> => {
  const deployment = await findDeploymentStatus(deploymentId);
  if (!deployment) throw notFound("Deployment", deploymentId);
  return deployment;
};
