-- AlterEnum
ALTER TYPE "RunStatus" ADD VALUE 'released';
