import { getDb } from "../db";
import { notFound } from "../core/errors";
import { AGENT_DETAILS_SQL, agentOfRow, type AgentDetailsRow } from "./agent-sql";
import type { TAgent } from "./schemas";

/** The full agent, or null when there is none with that id (one statement: agent, roles and history). */
export const findAgentDetails = async (agentId: string): Promise<TAgent | null> => {
  // Through the process's SQL runner: Prisma's raw query path cost half again as much CPU per request.
  const [row] = await getDb().sql.query<AgentDetailsRow>(AGENT_DETAILS_SQL, [agentId]);
  return row ? agentOfRow(row) : null;
};

/** The full agent; 404 when there is none with that id. */
export const getAgentDetails = async (agentId: string): Promise<TAgent> => {
  const agent = await findAgentDetails(agentId);
  if (!agent) throw notFound("Agent", agentId);
  return agent;
};
