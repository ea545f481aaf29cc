import { prisma } from "../db";
import { alreadyExists } from "../core/errors";
import { recordEvent } from "../outbox";
import type { TDeployBody, TDeployment } from "./schemas";
import { toDeployment, toDeploymentColumns } from "./shape";
import { currentStaleClock } from "./config";
import { staleness } from "./rules";

/**
 * Starts a dApp deployment: stores the status the body carries, records it as the first entry of
 * the status history and records deployment.created, in one transaction. An existing id is a 409.
 */
export const deployDapp = async (body: TDeployBody): Promise<TDeployment> =>
  prisma.$transaction(async (tx) => {
    if (await tx.deployment.findUnique({ where: { id: body.id }, select: { id: true } })) throw alreadyExists("Deployment", body.id);
    const now = new Date();
    const row = await tx.deployment.create({ data: { ...toDeploymentColumns(body, now), createdAt: now, updatedAt: now, statusChangedAt: now } });
    await tx.deploymentStatusChange.create({ data: { deploymentId: row.id, fromStatus: null, toStatus: row.status, changedAt: now } });
    const deployment = toDeployment(row, staleness(row.status, row.statusChangedAt, currentStaleClock()));
    await recordEvent(tx, { type: "deployment.created", entityId: row.id, data: deployment });
    return deployment;
  });
