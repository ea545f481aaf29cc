import { prisma } from "../db";
import { alreadyExists } from "../core/errors";
import { recordEvent } from "../outbox";
import { agentRows } from "./shape";
import { readAgents } from "./get-agent-details";
import type { TAgent, TCreateAgentBody } from "./schemas";

/** Creates an agent with its five roles and its history, and records agent.created, in one transaction; 409 if the id exists. */
export const createAgent = async (body: TCreateAgentBody): Promise<TAgent> => {
  const rows = agentRows(body);
  return prisma.$transaction(async (tx) => {
    const existing = await tx.agent.findUnique({ where: { id: body.id }, select: { id: true } });
    if (existing) throw alreadyExists("Agent", body.id);
    await tx.agent.create({
      data: {
        id: body.id,
        ...rows.columns,
        roles: { createMany: { data: rows.roles } },
        history: { createMany: { data: rows.history } },
      },
      select: { id: true },
    });
    // The answer and the event are the agent as its details read it.
    const [agent] = await readAgents(tx, [body.id]);
    await recordEvent(tx, { type: "agent.created", entityId: agent.id, data: agent });
    return agent;
  });
};
