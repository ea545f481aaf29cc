-- Agents at work (docs/agents-at-work.md): agent credentials, runs with their steps and approvals,
-- the agents' live stretches (for uptime), a task's required role and skills, and the agent's
-- first connection, from which its figures are measured. The agent's document (the AgentDetails
-- view) says where its figures come from: metricsSource "measured" once it has connected, else
-- "reported".

-- CreateEnum
CREATE TYPE "RunStatus" AS ENUM ('running', 'awaiting_approval', 'completed', 'failed', 'lost', 'cancelled');

-- CreateEnum
CREATE TYPE "RunStepKind" AS ENUM ('message', 'log', 'tool_call', 'tool_result', 'approval_request', 'approval_decision', 'error');

-- CreateEnum
CREATE TYPE "ApprovalStatus" AS ENUM ('pending', 'approved', 'rejected');

-- AlterTable
ALTER TABLE "Agent" ADD COLUMN     "firstConnectedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "requiredRole" TEXT,
ADD COLUMN     "requiredSkills" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "AgentCredential" (
    "id" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "AgentCredential_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgentRun" (
    "id" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "status" "RunStatus" NOT NULL,
    "claimableAt" TIMESTAMP(3) NOT NULL,
    "claimedAt" TIMESTAMP(3) NOT NULL,
    "leaseExpiresAt" TIMESTAMP(3) NOT NULL,
    "lastHeartbeatAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),
    "resultSummary" TEXT,
    "resultData" JSONB,
    "errorClass" TEXT,
    "errorMessage" TEXT,
    "cancelledById" TEXT,
    "tokens" INTEGER NOT NULL DEFAULT 0,
    "cost" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "stepCount" INTEGER NOT NULL DEFAULT 0,
    "traceBytes" INTEGER NOT NULL DEFAULT 0,
    "droppedSteps" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AgentRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RunStep" (
    "runId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "kind" "RunStepKind" NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "text" TEXT,
    "data" JSONB,
    "tokens" INTEGER,
    "cost" DOUBLE PRECISION,

    CONSTRAINT "RunStep_pkey" PRIMARY KEY ("runId","seq")
);

-- CreateTable
CREATE TABLE "RunApproval" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "tool" TEXT,
    "summary" TEXT NOT NULL,
    "details" JSONB,
    "status" "ApprovalStatus" NOT NULL DEFAULT 'pending',
    "requestedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),
    "decidedById" TEXT,
    "comment" TEXT,

    CONSTRAINT "RunApproval_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgentPresence" (
    "id" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "endedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AgentPresence_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AgentCredential_secretHash_key" ON "AgentCredential"("secretHash");

-- CreateIndex
CREATE INDEX "AgentCredential_agentId_idx" ON "AgentCredential"("agentId");

-- CreateIndex
CREATE INDEX "AgentRun_agentId_claimedAt_idx" ON "AgentRun"("agentId", "claimedAt");

-- CreateIndex
CREATE INDEX "AgentRun_taskId_idx" ON "AgentRun"("taskId");

-- CreateIndex
CREATE INDEX "AgentRun_status_leaseExpiresAt_idx" ON "AgentRun"("status", "leaseExpiresAt");

-- CreateIndex
CREATE INDEX "AgentRun_finishedAt_idx" ON "AgentRun"("finishedAt");

-- CreateIndex
CREATE INDEX "RunApproval_status_requestedAt_idx" ON "RunApproval"("status", "requestedAt");

-- CreateIndex
CREATE INDEX "RunApproval_runId_idx" ON "RunApproval"("runId");

-- CreateIndex
CREATE INDEX "AgentPresence_agentId_endedAt_idx" ON "AgentPresence"("agentId", "endedAt");

-- AddForeignKey
ALTER TABLE "AgentCredential" ADD CONSTRAINT "AgentCredential_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentCredential" ADD CONSTRAINT "AgentCredential_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentRun" ADD CONSTRAINT "AgentRun_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentRun" ADD CONSTRAINT "AgentRun_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunStep" ADD CONSTRAINT "RunStep_runId_fkey" FOREIGN KEY ("runId") REFERENCES "AgentRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunApproval" ADD CONSTRAINT "RunApproval_runId_fkey" FOREIGN KEY ("runId") REFERENCES "AgentRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentPresence" ADD CONSTRAINT "AgentPresence_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The agent's document gains metricsSource (same columns: the JSON changes, so OR REPLACE does).
CREATE OR REPLACE VIEW "AgentDetails" AS
SELECT a.id,
  json_build_object(
    'id', a.id,
    'name', a.name,
    'aiEngine', a."aiEngine",
    'operationalHistory', a."operationalHistory",
    'experiencePoints', a."experiencePoints",
    'specialization', a.specialization,
    'ownershipMetadata', json_build_object('owner', a.owner, 'leased', a.leased),
    'roles', coalesce((
      SELECT json_agg(json_build_object('roleName', r."roleName", 'primaryFunction', r."primaryFunction", 'skills', r.skills) ORDER BY r.position)
      FROM "AgentRole" r WHERE r."agentId" = a.id), '[]'),
    'dynamicMetadata', json_build_object('currentVersion', a."currentVersion", 'skillUpgrades', a."skillUpgrades"),
    'performanceMetrics', json_build_object('uptime', a.uptime, 'completionRate', a."completionRate",
      'averageResponseTime', a."averageResponseTime", 'errorRate', a."errorRate"),
    'metricsSource', CASE WHEN a."firstConnectedAt" IS NULL THEN 'reported' ELSE 'measured' END,
    'historicalData', coalesce((
      SELECT json_agg(json_strip_nulls(json_build_object('timestamp', to_char(h.timestamp, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'tasksCompleted', h."tasksCompleted", 'experiencePoints', h."experiencePoints", 'taskId', h."taskId")) ORDER BY h.timestamp, h.id)
      FROM "AgentHistoryPoint" h WHERE h."agentId" = a.id), '[]')
  ) AS agent
FROM "Agent" a;
