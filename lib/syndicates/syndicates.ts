// Syndicates as a kind of group (lib/groups): a syndicate's members are squads, and its metrics
// count every agent of its squads once. The operations below are the group implementation bound
// to this kind.
import { prisma } from "../db";
import { aggregateMetrics, createGroup, deleteGroup, findGroup, getGroup, listGroups, uniqueById, updateGroup, type GroupKind } from "../groups";
import type { Page } from "../core/paging";
import type { TSyndicate, TSyndicateBody, TSyndicateListQuery, TSyndicateSummary } from "./schemas";
import { toSyndicateView, type SyndicateView } from "./syndicate-shape";
import { SYNDICATE_DETAILS_SQL, syndicateRowOf } from "./syndicate-sql";

const SYNDICATES: GroupKind<TSyndicateBody, SyndicateView, TSyndicateSummary> = {
  label: "Syndicate",
  events: { entity: "syndicate", record: (view) => view.syndicate },
  members: { table: "Squad", field: "squads" },
  rows: (body) => ({ id: body.id, name: body.name, memberIds: body.squads.map((squad) => squad.id), stackedRoles: body.stackedRoles ?? [] }),
  find: async (db, id) => {
    // One statement (syndicate-sql.ts) where the nested include took seven.
    const [row] = await db.$queryRawUnsafe<{ syndicate: unknown }[]>(SYNDICATE_DETAILS_SQL, id);
    return row ? toSyndicateView(syndicateRowOf(row.syndicate)) : null;
  },
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
  page: async (args) => {
    const rows = await prisma.syndicate.findMany({
      ...args,
      select: {
        id: true,
        name: true,
        createdAt: true,
        updatedAt: true,
        squads: {
          select: {
            squad: {
              select: { members: { select: { agent: { select: { id: true, experiencePoints: true, uptime: true, completionRate: true } } } } },
            },
          },
        },
      },
    });
    return rows.map((row) => {
      const agents = uniqueById(row.squads.flatMap((link) => link.squad.members.map((member) => member.agent)));
      return {
        id: row.id,
        name: row.name,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        squadCount: row.squads.length,
        agentCount: agents.length,
        aggregatedSyndicateMetrics: aggregateMetrics(agents),
      };
    });
  },
  count: (where) => prisma.syndicate.count({ where }),
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
