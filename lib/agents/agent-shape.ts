// The one Prisma shape of a full agent and its mapping to the contract's Agent, shared by every
// read and write of this area (details, create) so that they answer the same object.
import type { Prisma } from "../db";
import type { TAgent, TAgentBody, TRole } from "./schemas";
import { dominantRole, mintRoles } from "./mint-roles";

export const AGENT_INCLUDE = {
  roles: { orderBy: { position: "asc" } },
  history: { orderBy: [{ timestamp: "asc" }, { id: "asc" }] },
} satisfies Prisma.AgentInclude;

export type AgentRow = Prisma.AgentGetPayload<{ include: typeof AGENT_INCLUDE }>;

export const toRole = (row: { roleName: string; primaryFunction: string; skills: string[] }): TRole => ({
  roleName: row.roleName,
  primaryFunction: row.primaryFunction,
  skills: row.skills,
});

export const toAgent = (row: AgentRow): TAgent => ({
  id: row.id,
  name: row.name,
  aiEngine: row.aiEngine,
  operationalHistory: row.operationalHistory,
  experiencePoints: row.experiencePoints,
  specialization: row.specialization,
  ownershipMetadata: { owner: row.owner, leased: row.leased },
  roles: row.roles.map(toRole),
  dynamicMetadata: { currentVersion: row.currentVersion, skillUpgrades: row.skillUpgrades },
  performanceMetrics: {
    uptime: row.uptime,
    completionRate: row.completionRate,
    averageResponseTime: row.averageResponseTime,
    errorRate: row.errorRate,
  },
  historicalData: row.history.map((point) => ({
    timestamp: point.timestamp.toISOString(),
    tasksCompleted: point.tasksCompleted,
    experiencePoints: point.experiencePoints,
    ...(point.taskId ? { taskId: point.taskId } : {}),
  })),
});

/**
 * The rows a body stands for: the agent's columns, its five roles (minted when the body has
 * none) and its history ordered by time. Used by create and by replace alike.
 */
export const agentRows = (body: TAgentBody) => {
  const roles = body.roles ?? mintRoles(body.id, body.aiEngine);
  const history = [...body.historicalData]
    .map((point) => ({ ...point, timestamp: new Date(point.timestamp) }))
    .sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
  return {
    columns: {
      name: body.name,
      aiEngine: body.aiEngine,
      operationalHistory: body.operationalHistory,
      experiencePoints: body.experiencePoints,
      specialization: body.specialization ?? dominantRole(roles.map((role) => role.roleName)),
      owner: body.ownershipMetadata.owner,
      leased: body.ownershipMetadata.leased,
      currentVersion: body.dynamicMetadata.currentVersion,
      skillUpgrades: body.dynamicMetadata.skillUpgrades,
      uptime: body.performanceMetrics.uptime,
      completionRate: body.performanceMetrics.completionRate,
      averageResponseTime: body.performanceMetrics.averageResponseTime,
      errorRate: body.performanceMetrics.errorRate,
    },
    roles: roles.map((role, position) => ({ position, ...role })),
    history,
  };
};
