// Squads as a kind of group (lib/groups): a squad's members are agents. The operations below are
// the group implementation bound to this kind.
import { prisma } from "../db";
import { aggregateMetrics, createGroup, deleteGroup, findGroup, getGroup, listGroups, updateGroup, type GroupKind } from "../groups";
import type { Page } from "../core/paging";
import type { TSquad, TSquadBody, TSquadListQuery, TSquadSummary } from "./schemas";
import { toSquadView, type SquadView } from "./squad-shape";
import { SQUAD_DETAILS_SQL, squadRowOf } from "./squad-sql";

const SQUADS: GroupKind<TSquadBody, SquadView, TSquadSummary> = {
  label: "Squad",
  events: { entity: "squad", record: (view) => view.squad },
  members: { table: "Agent", field: "agents" },
  rows: (body) => ({ id: body.id, name: body.name, memberIds: body.agents.map((agent) => agent.id), stackedRoles: body.stackedRoles ?? [] }),
  find: async (db, id) => {
    // One statement (squad-sql.ts) where the include took five.
    const [row] = await db.$queryRawUnsafe<{ squad: unknown }[]>(SQUAD_DETAILS_SQL, id);
    return row ? toSquadView(squadRowOf(row.squad)) : null;
  },
  exists: async (db, id) => (await db.squad.findUnique({ where: { id }, select: { id: true } })) !== null,
  insert: (tx, id, name) => tx.squad.create({ data: { id, name } }),
  rename: (tx, id, name) => tx.squad.update({ where: { id }, data: { name } }),
  clear: async (tx, id) => {
    await tx.squadMember.deleteMany({ where: { squadId: id } });
    await tx.stackedRole.deleteMany({ where: { squadId: id } });
  },
  link: (tx, id, agentIds) => tx.squadMember.createMany({ data: agentIds.map((agentId, position) => ({ squadId: id, agentId, position })) }),
  addStackedRoles: (tx, id, roles) => tx.stackedRole.createMany({ data: roles.map((role, position) => ({ squadId: id, position, ...role })) }),
  remove: (tx, id) => tx.squad.delete({ where: { id } }),
  page: async (args) => {
    const rows = await prisma.squad.findMany({
      ...args,
      select: {
        id: true,
        name: true,
        createdAt: true,
        updatedAt: true,
        members: { select: { agent: { select: { experiencePoints: true, uptime: true, completionRate: true } } } },
      },
    });
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      agentCount: row.members.length,
      aggregatedMetrics: aggregateMetrics(row.members.map((member) => member.agent)),
    }));
  },
  count: (where) => prisma.squad.count({ where }),
};

/** Creates a squad with its members and declared stacked roles: 409 if the id exists, 422 for unknown agents. */
export const createSquad = async (body: TSquadBody): Promise<TSquad> => (await createGroup(SQUADS, body)).squad;

/** Replaces a squad: 400 if the body's id differs, 404 if unknown (create with POST /api/squads), 422 for unknown agents. */
export const updateSquad = (squadId: string, body: TSquadBody): Promise<void> => updateGroup(SQUADS, squadId, body);

/** Deletes a squad (its agents stay): 404 if unknown, 409 while open tasks are assigned to it. */
export const deleteSquad = (squadId: string): Promise<void> => deleteGroup(SQUADS, squadId);

/** The squad with its members' data, or null; a fixed number of queries whatever its size. */
export const findSquadView = (squadId: string): Promise<SquadView | null> => findGroup(SQUADS, squadId);

/** The contract's Squad; 404 when there is none with that id. */
export const getSquadDetails = async (squadId: string): Promise<TSquad> => (await getGroup(SQUADS, squadId)).squad;

/** One page of squad summaries with their metrics: squads, memberships, agents and the count (four queries). */
export const listSquads = (query: TSquadListQuery): Promise<Page<TSquadSummary>> => listGroups(SQUADS, query);
