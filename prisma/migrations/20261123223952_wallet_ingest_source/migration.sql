-- AlterTable
ALTER TABLE "IngestCursor" ADD COLUMN     "source" TEXT NOT NULL DEFAULT 'rpc';
