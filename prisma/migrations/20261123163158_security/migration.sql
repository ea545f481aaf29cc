-- AlterTable
ALTER TABLE "QuantumRun" ADD COLUMN     "userId" TEXT;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "sessionVersion" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "SignInFailure" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SignInFailure_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SignInFailure_key_createdAt_idx" ON "SignInFailure"("key", "createdAt");

-- CreateIndex
CREATE INDEX "QuantumRun_userId_createdAt_idx" ON "QuantumRun"("userId", "createdAt");

-- AddForeignKey
ALTER TABLE "QuantumRun" ADD CONSTRAINT "QuantumRun_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
