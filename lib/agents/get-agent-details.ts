import { read, readIn, readStatement, type AgentDetails, type Prisma, type WithDocuments } from "../db";
import { notFound } from "../core/errors";
import type { TAgent } from "./schemas";

/** A row of the "AgentDetails" view: the agent as the contract's Agent, built by the view. */
export type AgentDetailsRow = WithDocuments<Pick<AgentDetails, "agent">, { agent: TAgent }>;

/** GET /api/agents/{agentId}/details: one agent ($1) from its read view. The bench's bare peers send this same statement. */
export const AGENT_DETAILS = readStatement<[agentId: string], AgentDetailsRow>("agent-details", `SELECT agent FROM "AgentDetails" WHERE id = $1`);

/** The agents whose ids are in $1, by id (a write reads back what it wrote, for its answer and its event). */
const AGENTS_BY_ID = readStatement<[agentIds: string[]], AgentDetailsRow>("agents-by-id", `SELECT agent FROM "AgentDetails" WHERE id = ANY($1::text[]) ORDER BY id`);

/** The full agent, or null when there is none with that id (one statement: agent, roles and history). */
export const findAgentDetails = async (agentId: string): Promise<TAgent | null> => {
  // Through the process's SQL runner: Prisma's query path cost more CPU per request than the statement.
  const [row] = await read(AGENT_DETAILS, [agentId]);
  return row?.agent ?? null;
};

/** The full agent; 404 when there is none with that id. */
export const getAgentDetails = async (agentId: string): Promise<TAgent> => {
  const agent = await findAgentDetails(agentId);
  if (!agent) throw notFound("Agent", agentId);
  return agent;
};

/** The agents with these ids as they now are inside `tx` (after its writes), by id; unknown ids are left out. */
export const readAgents = async (tx: Prisma.TransactionClient, agentIds: string[]): Promise<TAgent[]> =>
  (await readIn(tx, AGENTS_BY_ID, [agentIds])).map((row) => row.agent);
