// One run with its trace (every step, in order), its approvals and its task. An agent's credential
// reads only that agent's runs.
import { notFound } from "../core/errors";
import { prisma } from "../db";
import { findTask } from "../tasks";
import type { TRunDetails } from "./schemas";
import { APPROVAL_COLUMNS, RUN_COLUMNS, toApproval, toRun, toStep } from "./shape";

export const getRun = async (runId: string, agentId?: string): Promise<TRunDetails> => {
  const row = await prisma.agentRun.findUnique({
    where: { id: runId },
    select: {
      ...RUN_COLUMNS,
      steps: { orderBy: { seq: "asc" }, select: { seq: true, kind: true, at: true, text: true, data: true, tokens: true, cost: true } },
      approvals: { orderBy: [{ requestedAt: "asc" }, { id: "asc" }], select: APPROVAL_COLUMNS },
    },
  });
  if (!row || (agentId !== undefined && row.agentId !== agentId)) throw notFound("Run", runId);
  const found = await findTask(row.taskId);
  if (!found) throw notFound("Run", runId);
  const { statusHistory: _history, ...task } = found;
  return { ...toRun(row), task, steps: row.steps.map(toStep), approvals: row.approvals.map(toApproval) };
};
