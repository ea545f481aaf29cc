// Squads as a kind of group (lib/groups): a squad's members are agents. The operations below are
// the group implementation bound to this kind.
import { getDb } from "../db";
import { aggregateMetrics, membersMetrics, type MemberMetrics, createGroup, deleteGroup, findGroup, getGroup, listGroups, updateGroup, type GroupKind } from "../groups";
import type { Page } from "../core/paging";
import type { TSquad, TSquadBody, TSquadListQuery, TSquadSummary } from "./schemas";
import { toSquadView, type SquadView } from "./squad-shape";
import { SQUAD_DETAILS_SQL, squadRowOf } from "./squad-sql";

type SquadDetailsRow = { squad: unknown };
const viewOf = ([row]: SquadDetailsRow[]) => (row ? toSquadView(squadRowOf(row.squad)) : null);

const SQUADS: GroupKind<TSquadBody, SquadView, TSquadSummary> = {
  label: "Squad",
  events: { entity: "squad", record: (view) => view.squad },
  members: { table: "Agent", field: "agents" },
  rows: (body) => ({ id: body.id, name: body.name, memberIds: body.agents.map((agent) => agent.id), stackedRoles: body.stackedRoles ?? [] }),
  // One statement (squad-sql.ts) where the include took five: in a write's transaction through
  // Prisma, else through the SQL runner (Prisma's raw query path cost more CPU than the statement).
  find: async (db, id) => viewOf(await db.$queryRawUnsafe<SquadDetailsRow[]>(SQUAD_DETAILS_SQL, id)),
  read: async (id) => viewOf(await getDb().sql.query<SquadDetailsRow>(SQUAD_DETAILS_SQL, [id])),
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
  list: {
    table: "Squad",
    // The member count and the members' metrics ([xp, uptime, completionRate] per member), aggregated in JS.
    fields: [
      `coalesce((SELECT json_agg(json_build_array(a."experiencePoints", a.uptime, a."completionRate")) FROM "SquadMember" m JOIN "Agent" a ON a.id = m."agentId" WHERE m."squadId" = p.id), '[]')`,
    ],
    summary: ([id, name, members]) => {
      const metrics = membersMetrics(members as MemberMetrics[]);
      return { id: id as string, name: name as string, agentCount: metrics.length, aggregatedMetrics: aggregateMetrics(metrics) };
    },
  },
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

/** One page of squad summaries with their metrics and the total: one statement. */
export const listSquads = (query: TSquadListQuery): Promise<Page<TSquadSummary>> => listGroups(SQUADS, query);
