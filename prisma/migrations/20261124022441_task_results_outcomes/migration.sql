-- AlterTable
ALTER TABLE "AgentHistoryPoint" ADD COLUMN     "taskId" TEXT;

-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "finishedAt" TIMESTAMP(3),
ADD COLUMN     "overdueEventAt" TIMESTAMP(3),
ADD COLUMN     "resultData" JSONB,
ADD COLUMN     "resultSummary" TEXT;

-- CreateIndex
CREATE INDEX "AgentHistoryPoint_taskId_idx" ON "AgentHistoryPoint"("taskId");
