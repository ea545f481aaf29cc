// The one Prisma shape of a squad with its members, and its mapping to the contract's Squad.
// Loading it is a fixed number of queries (squad, memberships, agents, roles, stacked roles)
// whatever the number of members; the syndicate details reuse it for each of its squads.
import type { Prisma } from "../db";
import { toRole } from "../agents";
import { aggregateMetrics, stackRoles, STACKED_ROLES } from "../groups";
import type { TSquad } from "./schemas";

export const MEMBER_AGENT_SELECT = {
  id: true,
  name: true,
  aiEngine: true,
  experiencePoints: true,
  uptime: true,
  completionRate: true,
  roles: { orderBy: { position: "asc" }, select: { roleName: true, primaryFunction: true, skills: true } },
} satisfies Prisma.AgentSelect;

export const SQUAD_INCLUDE = {
  members: { orderBy: { position: "asc" }, select: { agent: { select: MEMBER_AGENT_SELECT } } },
  stackedRoles: STACKED_ROLES,
} satisfies Prisma.SquadInclude;

export type SquadRow = Prisma.SquadGetPayload<{ include: typeof SQUAD_INCLUDE }>;
export type MemberAgentRow = SquadRow["members"][number]["agent"];

/** A squad as the contract shapes it, and whether its stacked roles were declared or derived. */
export type SquadView = { squad: TSquad; members: MemberAgentRow[]; stackedRolesDeclared: boolean };

export const toSquadView = (row: SquadRow): SquadView => {
  const members = row.members.map((member) => member.agent);
  const declared = row.stackedRoles.length > 0;
  return {
    squad: {
      id: row.id,
      name: row.name,
      agents: members.map((agent) => ({ id: agent.id, name: agent.name, aiEngine: agent.aiEngine, roles: agent.roles.map(toRole) })),
      stackedRoles: declared ? row.stackedRoles.map(toRole) : stackRoles(members.flatMap((agent) => agent.roles.map(toRole))),
      aggregatedMetrics: aggregateMetrics(members),
    },
    members,
    stackedRolesDeclared: declared,
  };
};
