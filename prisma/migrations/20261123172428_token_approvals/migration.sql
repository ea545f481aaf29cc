-- CreateEnum
CREATE TYPE "ApprovalKind" AS ENUM ('erc20', 'all');

-- CreateTable
CREATE TABLE "TokenApproval" (
    "chain" TEXT NOT NULL,
    "txHash" TEXT NOT NULL,
    "logIndex" INTEGER NOT NULL,
    "blockNumber" BIGINT NOT NULL,
    "timestamp" TIMESTAMP(3) NOT NULL,
    "owner" TEXT NOT NULL,
    "spender" TEXT NOT NULL,
    "tokenAddress" TEXT NOT NULL,
    "kind" "ApprovalKind" NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,

    CONSTRAINT "TokenApproval_pkey" PRIMARY KEY ("chain","txHash","logIndex")
);

-- CreateIndex
CREATE INDEX "TokenApproval_owner_chain_idx" ON "TokenApproval"("owner", "chain");
