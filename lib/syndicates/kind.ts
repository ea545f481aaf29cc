// Syndicates as a kind of group (lib/groups): a syndicate's members are squads. The group writes
// bound to this kind; create-syndicate.ts, update-syndicate.ts and delete-syndicate.ts apply them.
import { readIn } from "../db";
import type { GroupKind } from "../groups";
import { SYNDICATE_DETAILS } from "./get-syndicate-details";
import type { TSyndicateBody } from "./schemas";
import { toSyndicateView, type SyndicateView } from "./shape";

export const SYNDICATES: GroupKind<TSyndicateBody, SyndicateView> = {
  label: "Syndicate",
  events: { entity: "syndicate", record: (view) => view.syndicate },
  members: { table: "Squad", field: "squads" },
  rows: (body) => ({ id: body.id, name: body.name, memberIds: body.squads.map((squad) => squad.id), stackedRoles: body.stackedRoles ?? [] }),
  // The details' own statement, inside the write's transaction.
  find: async (db, id) => {
    const [row] = await readIn(db, SYNDICATE_DETAILS, [id]);
    return row ? toSyndicateView(row.syndicate) : null;
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
};
