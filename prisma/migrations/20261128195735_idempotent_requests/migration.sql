-- CreateTable
CREATE TABLE "IdempotentRequest" (
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "status" INTEGER,
    "headers" JSONB,
    "body" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IdempotentRequest_pkey" PRIMARY KEY ("scope","key")
);

-- CreateIndex
CREATE INDEX "IdempotentRequest_expiresAt_idx" ON "IdempotentRequest"("expiresAt");
