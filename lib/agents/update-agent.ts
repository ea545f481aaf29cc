import { prisma } from "../db";
import { idMismatch, notFound } from "../core/errors";
import { recordEvent } from "../outbox";
import { agentRows } from "./shape";
import { readAgents } from "./get-agent-details";
import type { TUpdateAgentBody } from "./schemas";

/**
 * Replaces an agent with the body: what the body omits takes the same default as on creation
 * (roles minted from id and aiEngine, specialization the dominant role, empty history…).
 * Columns, roles and history are rewritten, and agent.updated recorded with the agent as it now
 * is, in one transaction; squad memberships stay. An agent whose figures are measured (it has
 * connected: docs/agents-at-work.md) keeps its measured performanceMetrics whatever the body says.
 */
export const updateAgent = async (agentId: string, body: TUpdateAgentBody): Promise<void> => {
  if (body.id !== agentId) throw idMismatch(agentId, body.id, "agent");
  const rows = agentRows(body);
  await prisma.$transaction(async (tx) => {
    const existing = await tx.agent.findUnique({ where: { id: agentId }, select: { firstConnectedAt: true } });
    if (!existing) throw notFound("Agent", agentId);
    const { uptime: _uptime, completionRate: _completion, averageResponseTime: _response, errorRate: _errors, ...unmeasured } = rows.columns;
    await tx.agent.update({ where: { id: agentId }, data: existing.firstConnectedAt ? unmeasured : rows.columns });
    await tx.agentRole.deleteMany({ where: { agentId } });
    await tx.agentRole.createMany({ data: rows.roles.map((role) => ({ agentId, ...role })) });
    await tx.agentHistoryPoint.deleteMany({ where: { agentId } });
    if (rows.history.length > 0) {
      await tx.agentHistoryPoint.createMany({ data: rows.history.map((point) => ({ agentId, ...point })) });
    }
    const [agent] = await readAgents(tx, [agentId]);
    await recordEvent(tx, { type: "agent.updated", entityId: agentId, data: agent });
  });
};
