-- AlterTable
ALTER TABLE "Deployment" ADD COLUMN     "staleMarkedAt" TIMESTAMP(3),
ADD COLUMN     "statusChangedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "Deployment_status_statusChangedAt_idx" ON "Deployment"("status", "statusChangedAt");

-- Existing deployments: the status last changed at their newest status history entry (else their last update).
UPDATE "Deployment" AS d
SET "statusChangedAt" = COALESCE(
  (SELECT max(c."changedAt") FROM "DeploymentStatusChange" AS c WHERE c."deploymentId" = d."id"),
  d."updatedAt"
);
