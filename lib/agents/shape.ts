// The rows an agent body stands for, shared by create and replace. Reads answer the agent from the
// "AgentDetails" view (get-agent-details.ts), writes included, so that every answer and every
// recorded event carries the same object.
import type { TAgentBody } from "./schemas";
import { dominantRole, mintRoles } from "./mint-roles";

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
