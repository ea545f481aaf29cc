import { prisma } from "../db";
import { notFound } from "../core/errors";
import { recordEvent } from "../outbox";
import type { TDeployment } from "./schemas";
import { toDeployment } from "./shape";
import { DEPLOYMENT_MACHINE, type DeploymentStatusValue } from "./status-machine";
import { currentStaleClock } from "./config";
import { staleness } from "./rules";

/**
 * Moves a deployment along its state machine and records when and a
 * deployment.status_changed event, in one transaction. Starting
 * (→ in_progress) sets deploymentDate if it was unset; finishing (→ deployed | failed) sets
 * deploymentTime (seconds since the start) if the pipeline did not report one. The update only
 * applies while the status is still the one checked, so of two concurrent moves one wins and
 * the other is a 409.
 */
export const moveDeploymentStatus = async (deploymentId: string, to: DeploymentStatusValue): Promise<TDeployment> =>
  prisma.$transaction(async (tx) => {
    const current = await tx.deployment.findUnique({
      where: { id: deploymentId },
      select: { status: true, deploymentDate: true, deploymentTime: true },
    });
    if (!current) throw notFound("Deployment", deploymentId);
    const now = new Date();
    const started = to === "in_progress" && !current.deploymentDate ? { deploymentDate: now } : {};
    const finished =
      (to === "deployed" || to === "failed") && current.deploymentTime === null && current.deploymentDate
        ? { deploymentTime: Math.max(0, (now.getTime() - current.deploymentDate.getTime()) / 1000) }
        : {};
    await DEPLOYMENT_MACHINE.move(deploymentId, current.status, to, () =>
      tx.deployment.updateMany({
        where: { id: deploymentId, status: current.status },
        data: { status: to, updatedAt: now, statusChangedAt: now, ...started, ...finished },
      }),
    );
    await tx.deploymentStatusChange.create({ data: { deploymentId, fromStatus: current.status, toStatus: to, changedAt: now } });
    const updated = await tx.deployment.findUniqueOrThrow({ where: { id: deploymentId } });
    const deployment = toDeployment(updated, staleness(updated.status, updated.statusChangedAt, currentStaleClock()));
    await recordEvent(tx, { type: "deployment.status_changed", entityId: deploymentId, data: { from: current.status, to, deployment } });
    return deployment;
  });
