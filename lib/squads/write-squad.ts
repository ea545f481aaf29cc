// Writing a squad's rows (name, members in order, declared stacked roles) inside a transaction;
// shared by create and replace.
import type { Prisma } from "../db";
import { requireExisting } from "./members";
import type { TSquadBody } from "./schemas";

export const writeSquadRows = async (tx: Prisma.TransactionClient, body: TSquadBody, mode: "create" | "replace") => {
  const agentIds = body.agents.map((agent) => agent.id);
  await requireExisting(tx, "Agent", agentIds, "agents");
  if (mode === "create") {
    await tx.squad.create({ data: { id: body.id, name: body.name } });
  } else {
    await tx.squad.update({ where: { id: body.id }, data: { name: body.name } });
    await tx.squadMember.deleteMany({ where: { squadId: body.id } });
    await tx.stackedRole.deleteMany({ where: { squadId: body.id } });
  }
  if (agentIds.length > 0) {
    await tx.squadMember.createMany({ data: agentIds.map((agentId, position) => ({ squadId: body.id, agentId, position })) });
  }
  const stacked = body.stackedRoles ?? [];
  if (stacked.length > 0) {
    await tx.stackedRole.createMany({ data: stacked.map((role, position) => ({ squadId: body.id, position, ...role })) });
  }
};
