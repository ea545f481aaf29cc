// Squads as a kind of group (lib/groups): a squad's members are agents. The group writes bound to
// this kind; create-squad.ts, update-squad.ts and delete-squad.ts apply them.
import { readIn } from "../db";
import type { GroupKind } from "../groups";
import { SQUAD_DETAILS } from "./get-squad-details";
import type { TSquadBody } from "./schemas";
import { toSquadView, type SquadView } from "./shape";

export const SQUADS: GroupKind<TSquadBody, SquadView> = {
  label: "Squad",
  events: { entity: "squad", record: (view) => view.squad },
  members: { table: "Agent", field: "agents" },
  rows: (body) => ({ id: body.id, name: body.name, memberIds: body.agents.map((agent) => agent.id), stackedRoles: body.stackedRoles ?? [] }),
  // The details' own statement, inside the write's transaction.
  find: async (db, id) => {
    const [row] = await readIn(db, SQUAD_DETAILS, [id]);
    return row ? toSquadView(row.squad) : null;
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
};
