// The one Prisma shape of a syndicate with its squads and their members, and its mapping to the
// contract's Syndicate. A fixed number of queries whatever the number of squads or agents.
import type { Prisma } from "../db";
import { toRole } from "../agents";
import { aggregateMetrics, stackRoles, STACKED_ROLES, uniqueById } from "../groups";
import { SQUAD_INCLUDE, toSquadView, type SquadView } from "../squads";
import type { TSyndicate } from "./schemas";

export const SYNDICATE_INCLUDE = {
  squads: { orderBy: { position: "asc" }, select: { squad: { include: SQUAD_INCLUDE } } },
  stackedRoles: STACKED_ROLES,
} satisfies Prisma.SyndicateInclude;

export type SyndicateRow = Prisma.SyndicateGetPayload<{ include: typeof SYNDICATE_INCLUDE }>;

export type SyndicateView = { syndicate: TSyndicate; squads: SquadView[]; agentCount: number; stackedRolesDeclared: boolean };

export const toSyndicateView = (row: SyndicateRow): SyndicateView => {
  const squads = row.squads.map((link) => toSquadView(link.squad));
  const agents = uniqueById(squads.flatMap((view) => view.members));
  const declared = row.stackedRoles.length > 0;
  return {
    syndicate: {
      id: row.id,
      name: row.name,
      squads: squads.map((view) => view.squad),
      stackedRoles: declared ? row.stackedRoles.map(toRole) : stackRoles(squads.flatMap((view) => view.squad.stackedRoles)),
      aggregatedSyndicateMetrics: aggregateMetrics(agents),
    },
    squads,
    agentCount: agents.length,
    stackedRolesDeclared: declared,
  };
};
