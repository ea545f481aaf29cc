// A syndicate as its details show it, made from the document of the "SyndicateDetails" view: each
// squad as its own details show it, the stacked roles as declared or derived from the squads'
// stacked roles, and the metrics over its agents, each agent once however many of its squads it is
// in. Pure: the reads and the writes' events both go through it.
import type { TRole } from "../agents/schemas";
import { aggregateMetrics, stackRoles, uniqueById } from "../groups";
import { toSquadView, type SquadDocument, type SquadView } from "../squads";
import type { TSyndicate } from "./schemas";

/** The "SyndicateDetails" view's document: the squads' documents in order, the declared stacked roles by position (none: derived). */
export type SyndicateDocument = { id: string; name: string; squads: SquadDocument[]; stackedRoles: TRole[] };

export type SyndicateView = { syndicate: TSyndicate; squads: SquadView[]; agentCount: number; stackedRolesDeclared: boolean };

export const toSyndicateView = (document: SyndicateDocument): SyndicateView => {
  const squads = document.squads.map(toSquadView);
  const agents = uniqueById(squads.flatMap((view) => view.members));
  const declared = document.stackedRoles.length > 0;
  return {
    syndicate: {
      id: document.id,
      name: document.name,
      squads: squads.map((view) => view.squad),
      stackedRoles: declared ? document.stackedRoles : stackRoles(squads.flatMap((view) => view.squad.stackedRoles)),
      aggregatedSyndicateMetrics: aggregateMetrics(agents),
    },
    squads,
    agentCount: agents.length,
    stackedRolesDeclared: declared,
  };
};
