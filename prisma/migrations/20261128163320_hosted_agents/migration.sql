-- CreateEnum
CREATE TYPE "ApprovalPolicy" AS ENUM ('writes', 'all', 'none');

-- AlterTable
ALTER TABLE "Agent" ADD COLUMN     "approvalPolicy" "ApprovalPolicy" NOT NULL DEFAULT 'writes';

-- AlterTable
ALTER TABLE "AgentRun" ADD COLUMN     "engineId" TEXT;

-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "parentRunId" TEXT;

-- CreateTable
CREATE TABLE "Engine" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "apiKeySealed" TEXT,
    "apiKeyHint" TEXT,
    "inputPricePerMTok" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "outputPricePerMTok" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "maxSteps" INTEGER,
    "maxTokens" INTEGER,
    "maxCost" DOUBLE PRECISION,
    "maxRunSeconds" INTEGER,
    "testedAt" TIMESTAMP(3),
    "testOk" BOOLEAN,
    "testMessage" TEXT,
    "testLatencyMs" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Engine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Engine_name_key" ON "Engine"("name");

-- CreateIndex
CREATE INDEX "Task_parentRunId_idx" ON "Task"("parentRunId");

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_parentRunId_fkey" FOREIGN KEY ("parentRunId") REFERENCES "AgentRun"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentRun" ADD CONSTRAINT "AgentRun_engineId_fkey" FOREIGN KEY ("engineId") REFERENCES "Engine"("id") ON DELETE SET NULL ON UPDATE CASCADE;
