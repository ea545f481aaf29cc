-- AlterTable
ALTER TABLE "IngestCursor" ADD COLUMN     "blockHash" TEXT;
