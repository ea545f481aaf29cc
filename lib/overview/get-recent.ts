// The latest quantum runs, deployments and tasks, for the overview's "recent" lists.
import { prisma } from "../db";
import { listRuns, type RunViewer } from "../quantum";

export type Recent = {
  runs: { id: string; entityType: string; entityId: string | null; backend: string; riskScore: number | null; createdAt: string }[];
  deployments: { id: string; name: string; status: string; updatedAt: string }[];
  tasks: { id: string; description: string; status: string; dueDate: string | null; updatedAt: string }[];
};

export const getRecent = async (viewer: RunViewer, limit = 5): Promise<Recent> => {
  const [runs, deployments, tasks] = await Promise.all([
    listRuns({ limit }, viewer),
    prisma.deployment.findMany({ select: { id: true, name: true, status: true, updatedAt: true }, orderBy: [{ updatedAt: "desc" }, { id: "asc" }], take: limit }),
    prisma.task.findMany({ select: { id: true, description: true, status: true, dueDate: true, updatedAt: true }, orderBy: [{ updatedAt: "desc" }, { id: "asc" }], take: limit }),
  ]);
  return {
    runs: runs.items.map((run) => ({ id: run.id, entityType: run.entityType, entityId: run.entityId, backend: run.backend, riskScore: run.riskScore, createdAt: run.createdAt })),
    deployments: deployments.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    tasks: tasks.map((row) => ({ ...row, dueDate: row.dueDate?.toISOString() ?? null, updatedAt: row.updatedAt.toISOString() })),
  };
};
