// Syndicates as a kind of group (lib/groups): a syndicate's members are squads, and its metrics
// count every agent of its squads once. The operations below are the group implementation bound
// to this kind.
import { getDb } from "../db";
import { aggregateMetrics, createGroup, deleteGroup, findGroup, getGroup, listGroups, membersMetrics, updateGroup, type GroupKind, type MemberMetrics } from "../groups";
import type { Page } from "../core/paging";
import type { TSyndicate, TSyndicateBody, TSyndicateListQuery, TSyndicateSummary } from "./schemas";
import { toSyndicateView, type SyndicateView } from "./syndicate-shape";
import { SYNDICATE_DETAILS_SQL, syndicateRowOf } from "./syndicate-sql";

type SyndicateDetailsRow = { syndicate: unknown };
const viewOf = ([row]: SyndicateDetailsRow[]) => (row ? toSyndicateView(syndicateRowOf(row.syndicate)) : null);

const SYNDICATES: GroupKind<TSyndicateBody, SyndicateView, TSyndicateSummary> = {
  label: "Syndicate",
  events: { entity: "syndicate", record: (view) => view.syndicate },
  members: { table: "Squad", field: "squads" },
  rows: (body) => ({ id: body.id, name: body.name, memberIds: body.squads.map((squad) => squad.id), stackedRoles: body.stackedRoles ?? [] }),
  // One statement (syndicate-sql.ts) where the nested include took seven: in a write's transaction
  // through Prisma, else through the SQL runner.
  find: async (db, id) => viewOf(await db.$queryRawUnsafe<SyndicateDetailsRow[]>(SYNDICATE_DETAILS_SQL, id)),
  read: async (id) => viewOf(await getDb().sql.query<SyndicateDetailsRow>(SYNDICATE_DETAILS_SQL, [id])),
  exists: async (db, id) => (await db.syndicate.findUnique({ where: { id }, select: { id: true } })) !== null,
  insert: (tx, id, name) => tx.syndicate.create({ data: { id, name } }),
  rename: (tx, id, name) => tx.syndicate.update({ where: { id }, data: { name } }),
  clear: async (tx, id) => {
    await tx.syndicateSquad.deleteMany({ where: { syndicateId: id } });
    await tx.stackedRole.deleteMany({ where: { syndicateId: id } });
  },
  link: (tx, id, squadIds) =>
    tx.syndicateSquad.createMany({ data: squadIds.map((squadId, position) => ({ syndicateId: id, squadId, position })) }),
  addStackedRoles: (tx, id, roles) =>
    tx.stackedRole.createMany({ data: roles.map((role, position) => ({ syndicateId: id, position, ...role })) }),
  remove: (tx, id) => tx.syndicate.delete({ where: { id } }),
  list: {
    table: "Syndicate",
    // Its squads, and its agents each once (an agent in two of its squads counts once) as [xp, uptime, completionRate].
    fields: [
      `(SELECT count(*)::int FROM "SyndicateSquad" l WHERE l."syndicateId" = p.id)`,
      `coalesce((SELECT json_agg(json_build_array(a."experiencePoints", a.uptime, a."completionRate")) FROM "Agent" a
        WHERE a.id IN (SELECT m."agentId" FROM "SyndicateSquad" l JOIN "SquadMember" m ON m."squadId" = l."squadId" WHERE l."syndicateId" = p.id)), '[]')`,
    ],
    summary: ([id, name, squadCount, agents]) => {
      const metrics = membersMetrics(agents as MemberMetrics[]);
      return {
        id: id as string,
        name: name as string,
        squadCount: squadCount as number,
        agentCount: metrics.length,
        aggregatedSyndicateMetrics: aggregateMetrics(metrics),
      };
    },
  },
};

/** Creates a syndicate of existing squads: 409 if the id exists, 422 for unknown squads. */
export const createSyndicate = async (body: TSyndicateBody): Promise<TSyndicate> => (await createGroup(SYNDICATES, body)).syndicate;

/** Replaces a syndicate: 400 if the body's id differs, 404 if unknown (create with POST /api/syndicates), 422 for unknown squads. */
export const updateSyndicate = (syndicateId: string, body: TSyndicateBody): Promise<void> => updateGroup(SYNDICATES, syndicateId, body);

/** Deletes a syndicate (its squads stay): 404 if unknown, 409 while open tasks are assigned to it. */
export const deleteSyndicate = (syndicateId: string): Promise<void> => deleteGroup(SYNDICATES, syndicateId);

/** The syndicate with each squad's full data, or null; a fixed number of queries whatever its size. */
export const findSyndicateView = (syndicateId: string): Promise<SyndicateView | null> => findGroup(SYNDICATES, syndicateId);

/** The contract's Syndicate; 404 when there is none with that id. */
export const getSyndicateDetails = async (syndicateId: string): Promise<TSyndicate> => (await getGroup(SYNDICATES, syndicateId)).syndicate;

/** One page of syndicate summaries with their metrics (a fixed number of queries per page). */
export const listSyndicates = (query: TSyndicateListQuery): Promise<Page<TSyndicateSummary>> => listGroups(SYNDICATES, query);
