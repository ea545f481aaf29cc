import { prisma } from "../db";
import { notFound } from "../core/errors";
import { AGENT_INCLUDE, toAgent } from "./agent-shape";
import type { TAgent } from "./schemas";

/** The full agent, or null when there is none with that id (three queries: agent, roles, history). */
export const findAgentDetails = async (agentId: string): Promise<TAgent | null> => {
  const row = await prisma.agent.findUnique({ where: { id: agentId }, include: AGENT_INCLUDE });
  return row ? toAgent(row) : null;
};

/** The full agent; 404 when there is none with that id. */
export const getAgentDetails = async (agentId: string): Promise<TAgent> => {
  const agent = await findAgentDetails(agentId);
  if (!agent) throw notFound("Agent", agentId);
  return agent;
};
