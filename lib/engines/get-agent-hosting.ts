// An agent's hosting (docs/agents.md): whether a configured engine carries its name (hosted), the
// tools its roles give it, and which of them its approval policy holds for a person.
import { notFound } from "../core/errors";
import { prisma } from "../db";
import { readAgents } from "../agents";
import { recordEvent } from "../outbox";
import { toolbox } from "./provide-toolbox";
import { needsApproval, type ApprovalPolicy } from "./rules/approval";
import type { TAgentHosting, TApprovalPolicy } from "./schemas";

const hostingOf = async (agent: { id: string; aiEngine: string; approvalPolicy: ApprovalPolicy; roles: { roleName: string }[] }): Promise<TAgentHosting> => {
  const engine = await prisma.engine.findUnique({ where: { name: agent.aiEngine }, select: { id: true, name: true, model: true } });
  const tools = toolbox().toolsFor([...new Set(agent.roles.map((role) => role.roleName))]);
  return {
    agentId: agent.id,
    aiEngine: agent.aiEngine,
    hosted: engine !== null,
    engine,
    approvalPolicy: agent.approvalPolicy,
    tools: tools.map((tool) => ({ name: tool.name, method: tool.method, path: tool.path, summary: tool.summary, write: tool.write, needsApproval: needsApproval(agent.approvalPolicy, tool) })),
  };
};

const AGENT = { id: true, aiEngine: true, approvalPolicy: true, roles: { select: { roleName: true }, orderBy: { position: "asc" as const } } } as const;

export const getAgentHosting = async (agentId: string): Promise<TAgentHosting> => {
  const agent = await prisma.agent.findUnique({ where: { id: agentId }, select: AGENT });
  if (!agent) throw notFound("Agent", agentId);
  return hostingOf(agent);
};

/**
 * Sets which of the agent's tool calls wait for a person; its hosted runs follow from their next
 * call. Recorded as agent.updated (the activity feed shows who changed it).
 */
export const setApprovalPolicy = async (agentId: string, approvalPolicy: TApprovalPolicy): Promise<TAgentHosting> => {
  await prisma.$transaction(async (tx) => {
    const updated = await tx.agent.updateMany({ where: { id: agentId }, data: { approvalPolicy } });
    if (updated.count === 0) throw notFound("Agent", agentId);
    const [agent] = await readAgents(tx, [agentId]);
    await recordEvent(tx, { type: "agent.updated", entityId: agentId, data: agent });
  });
  return getAgentHosting(agentId);
};
