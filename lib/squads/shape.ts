// A squad as its details show it, made from the document of the "SquadDetails" view: the
// contract's Squad (stacked roles as declared, or derived from the members' roles; the metrics of
// lib/groups/rules.ts, computed on every read, never stored) and the members' figures the
// dashboard lists. Pure: the reads and the writes' events both go through it.
import type { TRole } from "../agents/schemas";
import { aggregateMetrics, stackRoles } from "../groups";
import type { TSquad } from "./schemas";

/** A member as the view has it: what the contract shows of it and the figures its metrics come from. */
export type SquadMemberDocument = {
  id: string;
  name: string;
  aiEngine: string;
  experiencePoints: number;
  uptime: number;
  completionRate: number;
  roles: TRole[];
};

/** The "SquadDetails" view's document: the members in order, the declared stacked roles by position (none: derived). */
export type SquadDocument = { id: string; name: string; members: SquadMemberDocument[]; stackedRoles: TRole[] };

/** A squad as the contract shapes it, its members' figures, and whether its stacked roles were declared or derived. */
export type SquadView = { squad: TSquad; members: SquadMemberDocument[]; stackedRolesDeclared: boolean };

export const toSquadView = (document: SquadDocument): SquadView => {
  const { members } = document;
  const declared = document.stackedRoles.length > 0;
  return {
    squad: {
      id: document.id,
      name: document.name,
      agents: members.map((agent) => ({ id: agent.id, name: agent.name, aiEngine: agent.aiEngine, roles: agent.roles })),
      stackedRoles: declared ? document.stackedRoles : stackRoles(members.flatMap((agent) => agent.roles)),
      aggregatedMetrics: aggregateMetrics(members),
    },
    members,
    stackedRolesDeclared: declared,
  };
};
