-- CreateEnum
CREATE TYPE "ItemType" AS ENUM ('dApp', 'agent', 'squad', 'syndicate', 'dataset', 'model', 'plugin');

-- CreateEnum
CREATE TYPE "CommerceKind" AS ENUM ('price', 'lease_sale');

-- CreateEnum
CREATE TYPE "DeploymentStatus" AS ENUM ('queued', 'in_progress', 'deployed', 'failed', 'rolled_back');

-- CreateEnum
CREATE TYPE "TaskStatus" AS ENUM ('pending', 'assigned', 'in_progress', 'completed', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "EntityType" AS ENUM ('Agent', 'Squad', 'Syndicate', 'MarketplaceItem');

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('admin', 'operator', 'viewer');

-- CreateEnum
CREATE TYPE "ChainLayer" AS ENUM ('Layer1', 'Layer2');

-- CreateEnum
CREATE TYPE "TransferKind" AS ENUM ('native', 'erc20', 'erc721');

-- CreateEnum
CREATE TYPE "QuantumEntity" AS ENUM ('agent', 'squad', 'syndicate', 'wallet', 'circuit');

-- CreateTable
CREATE TABLE "Agent" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "aiEngine" TEXT NOT NULL,
    "operationalHistory" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "experiencePoints" INTEGER NOT NULL DEFAULT 0,
    "specialization" TEXT NOT NULL,
    "owner" TEXT,
    "leased" BOOLEAN NOT NULL DEFAULT false,
    "currentVersion" TEXT,
    "skillUpgrades" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "uptime" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "completionRate" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "averageResponseTime" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "errorRate" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Agent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgentRole" (
    "agentId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "roleName" TEXT NOT NULL,
    "primaryFunction" TEXT NOT NULL,
    "skills" TEXT[] DEFAULT ARRAY[]::TEXT[],

    CONSTRAINT "AgentRole_pkey" PRIMARY KEY ("agentId","position")
);

-- CreateTable
CREATE TABLE "AgentHistoryPoint" (
    "id" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "timestamp" TIMESTAMP(3) NOT NULL,
    "tasksCompleted" INTEGER NOT NULL,
    "experiencePoints" INTEGER NOT NULL,

    CONSTRAINT "AgentHistoryPoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Squad" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Squad_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SquadMember" (
    "squadId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "SquadMember_pkey" PRIMARY KEY ("squadId","agentId")
);

-- CreateTable
CREATE TABLE "Syndicate" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Syndicate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SyndicateSquad" (
    "syndicateId" TEXT NOT NULL,
    "squadId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "SyndicateSquad_pkey" PRIMARY KEY ("syndicateId","squadId")
);

-- CreateTable
CREATE TABLE "StackedRole" (
    "id" TEXT NOT NULL,
    "squadId" TEXT,
    "syndicateId" TEXT,
    "position" INTEGER NOT NULL,
    "roleName" TEXT NOT NULL,
    "primaryFunction" TEXT NOT NULL,
    "skills" TEXT[] DEFAULT ARRAY[]::TEXT[],

    CONSTRAINT "StackedRole_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MarketplaceItem" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "itemType" "ItemType" NOT NULL,
    "url" TEXT,
    "category" TEXT,
    "version" TEXT,
    "usageCount" INTEGER NOT NULL DEFAULT 0,
    "averageRating" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "reviewCount" INTEGER NOT NULL DEFAULT 0,
    "commerceKind" "CommerceKind",
    "price" DOUBLE PRECISION,
    "leasePrice" DOUBLE PRECISION,
    "salePrice" DOUBLE PRECISION,
    "supportedIndustries" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MarketplaceItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Deployment" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "industry" TEXT NOT NULL,
    "useCase" TEXT NOT NULL,
    "deployedBy" TEXT NOT NULL,
    "status" "DeploymentStatus" NOT NULL,
    "deploymentDate" TIMESTAMP(3),
    "network" TEXT,
    "networkLayer" TEXT,
    "contractAddress" TEXT,
    "deploymentTime" DOUBLE PRECISION,
    "gasUsed" DOUBLE PRECISION,
    "securityScore" DOUBLE PRECISION,
    "notes" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Deployment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DeploymentStatusChange" (
    "id" TEXT NOT NULL,
    "deploymentId" TEXT NOT NULL,
    "fromStatus" "DeploymentStatus",
    "toStatus" "DeploymentStatus" NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeploymentStatusChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Task" (
    "id" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "status" "TaskStatus" NOT NULL,
    "dueDate" TIMESTAMP(3),
    "entityType" "EntityType",
    "entityId" TEXT,
    "priority" TEXT,
    "notes" TEXT,
    "estimatedDuration" DOUBLE PRECISION,
    "actualDuration" DOUBLE PRECISION,
    "resourceUsage" DOUBLE PRECISION,
    "costEstimate" DOUBLE PRECISION,
    "actualCost" DOUBLE PRECISION,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Task_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaskStatusChange" (
    "id" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "fromStatus" "TaskStatus",
    "toStatus" "TaskStatus" NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TaskStatusChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UseCase" (
    "industry" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "application" TEXT NOT NULL,
    "metrics" JSONB NOT NULL,

    CONSTRAINT "UseCase_pkey" PRIMARY KEY ("industry")
);

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "passwordHash" TEXT NOT NULL,
    "role" "Role" NOT NULL DEFAULT 'viewer',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "role" "Role" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserWallet" (
    "userId" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "label" TEXT,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UserWallet_pkey" PRIMARY KEY ("userId","address")
);

-- CreateTable
CREATE TABLE "Chain" (
    "slug" TEXT NOT NULL,
    "chainId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "layer" "ChainLayer" NOT NULL,
    "nativeSymbol" TEXT NOT NULL,

    CONSTRAINT "Chain_pkey" PRIMARY KEY ("slug")
);

-- CreateTable
CREATE TABLE "Token" (
    "chain" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "decimals" INTEGER NOT NULL,
    "isSpam" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "Token_pkey" PRIMARY KEY ("chain","address")
);

-- CreateTable
CREATE TABLE "TokenPrice" (
    "chain" TEXT NOT NULL,
    "tokenAddress" TEXT NOT NULL,
    "priceUsd" DOUBLE PRECISION NOT NULL,
    "asOf" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TokenPrice_pkey" PRIMARY KEY ("chain","tokenAddress","asOf")
);

-- CreateTable
CREATE TABLE "WalletTransfer" (
    "id" TEXT NOT NULL,
    "chain" TEXT NOT NULL,
    "txHash" TEXT NOT NULL,
    "logIndex" INTEGER NOT NULL,
    "blockNumber" BIGINT NOT NULL,
    "timestamp" TIMESTAMP(3) NOT NULL,
    "fromAddress" TEXT NOT NULL,
    "toAddress" TEXT NOT NULL,
    "kind" "TransferKind" NOT NULL,
    "tokenAddress" TEXT NOT NULL,
    "tokenId" TEXT,
    "amount" DECIMAL(78,0) NOT NULL,
    "txFrom" TEXT,

    CONSTRAINT "WalletTransfer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TokenHolding" (
    "walletAddress" TEXT NOT NULL,
    "chain" TEXT NOT NULL,
    "tokenAddress" TEXT NOT NULL,
    "balance" DECIMAL(78,0) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TokenHolding_pkey" PRIMARY KEY ("walletAddress","chain","tokenAddress")
);

-- CreateTable
CREATE TABLE "NftHolding" (
    "walletAddress" TEXT NOT NULL,
    "chain" TEXT NOT NULL,
    "contractAddress" TEXT NOT NULL,
    "tokenId" TEXT NOT NULL,
    "collectionName" TEXT NOT NULL,
    "floorPriceUsd" DOUBLE PRECISION,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "NftHolding_pkey" PRIMARY KEY ("walletAddress","chain","contractAddress","tokenId")
);

-- CreateTable
CREATE TABLE "AddressInfo" (
    "chain" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "isContract" BOOLEAN NOT NULL,
    "label" TEXT,
    "firstSeenAt" TIMESTAMP(3),

    CONSTRAINT "AddressInfo_pkey" PRIMARY KEY ("chain","address")
);

-- CreateTable
CREATE TABLE "IngestCursor" (
    "chain" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "lastBlock" BIGINT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IngestCursor_pkey" PRIMARY KEY ("chain","address")
);

-- CreateTable
CREATE TABLE "QuantumRun" (
    "id" TEXT NOT NULL,
    "entityType" "QuantumEntity" NOT NULL,
    "entityId" TEXT,
    "backend" TEXT NOT NULL,
    "qubits" INTEGER NOT NULL,
    "shots" INTEGER NOT NULL,
    "seed" TEXT NOT NULL,
    "result" JSONB NOT NULL,
    "durationMs" DOUBLE PRECISION NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "QuantumRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Agent_specialization_idx" ON "Agent"("specialization");

-- CreateIndex
CREATE INDEX "Agent_name_idx" ON "Agent"("name");

-- CreateIndex
CREATE INDEX "Agent_aiEngine_idx" ON "Agent"("aiEngine");

-- CreateIndex
CREATE INDEX "AgentRole_roleName_idx" ON "AgentRole"("roleName");

-- CreateIndex
CREATE INDEX "AgentHistoryPoint_agentId_timestamp_idx" ON "AgentHistoryPoint"("agentId", "timestamp");

-- CreateIndex
CREATE INDEX "Squad_name_idx" ON "Squad"("name");

-- CreateIndex
CREATE INDEX "SquadMember_agentId_idx" ON "SquadMember"("agentId");

-- CreateIndex
CREATE INDEX "SquadMember_squadId_position_idx" ON "SquadMember"("squadId", "position");

-- CreateIndex
CREATE INDEX "Syndicate_name_idx" ON "Syndicate"("name");

-- CreateIndex
CREATE INDEX "SyndicateSquad_squadId_idx" ON "SyndicateSquad"("squadId");

-- CreateIndex
CREATE INDEX "SyndicateSquad_syndicateId_position_idx" ON "SyndicateSquad"("syndicateId", "position");

-- CreateIndex
CREATE INDEX "StackedRole_squadId_position_idx" ON "StackedRole"("squadId", "position");

-- CreateIndex
CREATE INDEX "StackedRole_syndicateId_position_idx" ON "StackedRole"("syndicateId", "position");

-- CreateIndex
CREATE INDEX "MarketplaceItem_itemType_idx" ON "MarketplaceItem"("itemType");

-- CreateIndex
CREATE INDEX "MarketplaceItem_category_idx" ON "MarketplaceItem"("category");

-- CreateIndex
CREATE INDEX "MarketplaceItem_name_idx" ON "MarketplaceItem"("name");

-- CreateIndex
CREATE INDEX "Deployment_status_idx" ON "Deployment"("status");

-- CreateIndex
CREATE INDEX "Deployment_createdAt_idx" ON "Deployment"("createdAt");

-- CreateIndex
CREATE INDEX "DeploymentStatusChange_deploymentId_changedAt_idx" ON "DeploymentStatusChange"("deploymentId", "changedAt");

-- CreateIndex
CREATE INDEX "Task_status_idx" ON "Task"("status");

-- CreateIndex
CREATE INDEX "Task_entityType_entityId_idx" ON "Task"("entityType", "entityId");

-- CreateIndex
CREATE INDEX "Task_dueDate_idx" ON "Task"("dueDate");

-- CreateIndex
CREATE INDEX "TaskStatusChange_taskId_changedAt_idx" ON "TaskStatusChange"("taskId", "changedAt");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");

-- CreateIndex
CREATE INDEX "ApiKey_userId_idx" ON "ApiKey"("userId");

-- CreateIndex
CREATE INDEX "UserWallet_address_idx" ON "UserWallet"("address");

-- CreateIndex
CREATE UNIQUE INDEX "Chain_chainId_key" ON "Chain"("chainId");

-- CreateIndex
CREATE INDEX "Token_symbol_idx" ON "Token"("symbol");

-- CreateIndex
CREATE INDEX "WalletTransfer_fromAddress_chain_idx" ON "WalletTransfer"("fromAddress", "chain");

-- CreateIndex
CREATE INDEX "WalletTransfer_toAddress_chain_idx" ON "WalletTransfer"("toAddress", "chain");

-- CreateIndex
CREATE INDEX "WalletTransfer_timestamp_idx" ON "WalletTransfer"("timestamp");

-- CreateIndex
CREATE UNIQUE INDEX "WalletTransfer_chain_txHash_logIndex_key" ON "WalletTransfer"("chain", "txHash", "logIndex");

-- CreateIndex
CREATE INDEX "NftHolding_walletAddress_idx" ON "NftHolding"("walletAddress");

-- CreateIndex
CREATE INDEX "QuantumRun_entityType_entityId_createdAt_idx" ON "QuantumRun"("entityType", "entityId", "createdAt");

-- AddForeignKey
ALTER TABLE "AgentRole" ADD CONSTRAINT "AgentRole_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentHistoryPoint" ADD CONSTRAINT "AgentHistoryPoint_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SquadMember" ADD CONSTRAINT "SquadMember_squadId_fkey" FOREIGN KEY ("squadId") REFERENCES "Squad"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SquadMember" ADD CONSTRAINT "SquadMember_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SyndicateSquad" ADD CONSTRAINT "SyndicateSquad_syndicateId_fkey" FOREIGN KEY ("syndicateId") REFERENCES "Syndicate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SyndicateSquad" ADD CONSTRAINT "SyndicateSquad_squadId_fkey" FOREIGN KEY ("squadId") REFERENCES "Squad"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StackedRole" ADD CONSTRAINT "StackedRole_squadId_fkey" FOREIGN KEY ("squadId") REFERENCES "Squad"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StackedRole" ADD CONSTRAINT "StackedRole_syndicateId_fkey" FOREIGN KEY ("syndicateId") REFERENCES "Syndicate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeploymentStatusChange" ADD CONSTRAINT "DeploymentStatusChange_deploymentId_fkey" FOREIGN KEY ("deploymentId") REFERENCES "Deployment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskStatusChange" ADD CONSTRAINT "TaskStatusChange_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserWallet" ADD CONSTRAINT "UserWallet_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
