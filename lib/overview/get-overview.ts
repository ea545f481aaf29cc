import { prisma, DeploymentStatus, TaskStatus } from "../db";
import type { RunViewer } from "../quantum";
import { getActivity, type ActivityDay } from "./get-activity";
import { getKpis, type Kpi } from "./get-kpis";
import { getRecent, type Recent } from "./get-recent";

export type Overview = {
  /** The instant every figure is read at (ISO). */
  asOf: string;
  kpis: Kpi[];
  activity: ActivityDay[];
  recent: Recent;
  deploymentsByStatus: Record<DeploymentStatus, number>;
  tasksByStatus: Record<TaskStatus, number>;
  aiEngines: { aiEngine: string; agents: number }[];
};

const zeroes = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

/** The dashboard's overview: a fixed number of queries, run in parallel, whatever the data size. */
export const getOverview = async (options: { viewer?: RunViewer; now?: Date; days?: number } = {}): Promise<Overview> => {
  const now = options.now ?? new Date();
  const [kpis, activity, recent, deployments, tasks, engines] = await Promise.all([
    getKpis(now),
    getActivity(now, options.days),
    getRecent(options.viewer ?? null),
    prisma.deployment.groupBy({ by: ["status"], _count: { _all: true } }),
    prisma.task.groupBy({ by: ["status"], _count: { _all: true } }),
    prisma.agent.groupBy({ by: ["aiEngine"], _count: { _all: true }, orderBy: { aiEngine: "asc" } }),
  ]);
  const deploymentsByStatus = zeroes(Object.values(DeploymentStatus));
  for (const row of deployments) deploymentsByStatus[row.status] = row._count._all;
  const tasksByStatus = zeroes(Object.values(TaskStatus));
  for (const row of tasks) tasksByStatus[row.status] = row._count._all;
  return {
    asOf: now.toISOString(),
    kpis,
    activity,
    recent,
    deploymentsByStatus,
    tasksByStatus,
    aiEngines: engines.map((row) => ({ aiEngine: row.aiEngine, agents: row._count._all })),
  };
};
