import { prisma, DeploymentStatus, TaskStatus } from "../db";

export type Overview = {
  agents: number;
  squads: number;
  syndicates: number;
  marketplaceItems: number;
  averageCompletionRate: number;
  averageUptime: number;
  deploymentsByStatus: Record<DeploymentStatus, number>;
  tasksByStatus: Record<TaskStatus, number>;
  aiEngines: { aiEngine: string; agents: number }[];
};

const zeroes = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

/** Dashboard KPIs: a fixed number of queries, run in parallel, whatever the data size. */
export const getOverview = async (): Promise<Overview> => {
  const [agents, squads, syndicates, marketplaceItems, averages, deployments, tasks, engines] = await Promise.all([
    prisma.agent.count(),
    prisma.squad.count(),
    prisma.syndicate.count(),
    prisma.marketplaceItem.count(),
    prisma.agent.aggregate({ _avg: { completionRate: true, uptime: true } }),
    prisma.deployment.groupBy({ by: ["status"], _count: { _all: true } }),
    prisma.task.groupBy({ by: ["status"], _count: { _all: true } }),
    prisma.agent.groupBy({ by: ["aiEngine"], _count: { _all: true }, orderBy: { aiEngine: "asc" } }),
  ]);
  const deploymentsByStatus = zeroes(Object.values(DeploymentStatus));
  for (const row of deployments) deploymentsByStatus[row.status] = row._count._all;
  const tasksByStatus = zeroes(Object.values(TaskStatus));
  for (const row of tasks) tasksByStatus[row.status] = row._count._all;
  return {
    agents,
    squads,
    syndicates,
    marketplaceItems,
    averageCompletionRate: averages._avg.completionRate ?? 0,
    averageUptime: averages._avg.uptime ?? 0,
    deploymentsByStatus,
    tasksByStatus,
    aiEngines: engines.map((row) => ({ aiEngine: row.aiEngine, agents: row._count._all })),
  };
};
