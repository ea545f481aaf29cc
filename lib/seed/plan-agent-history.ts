// A connected agent's history points (seed-runs.ts), consistent with its task outcomes as the
// outcome rule moves them (docs/marketplace-deployments-tasks.md, "Outcomes"): each outcome adds a
// point carrying its task (tasksCompleted + 1 on completion, experience + 100 on completion and + 20
// on failure), and a point at 00:00 UTC every day since its first connection (as the metrics sweep
// adds one a day) carries the running totals. The totals continue the agent's monthly history; a
// monthly point after its first connection (an epoch late in a month) gains the outcomes before it,
// so totals never shrink. The agent's experience is its latest point's. Pure: rows only.
import type { Prisma } from "../db";
import { OUTCOME_RULE } from "../tasks";
import { DAY } from "./generator/support";

const { experience } = OUTCOME_RULE;

export type HistoryPoint = { id: string; timestamp: Date; tasksCompleted: number; experiencePoints: number };
export type Outcome = { at: Date; taskId: string; completed: boolean };

export type PlannedHistory = {
  points: Prisma.AgentHistoryPointCreateManyInput[];
  /** Existing points whose totals gain the outcomes before them. */
  updates: { id: string; tasksCompleted: number; experiencePoints: number }[];
  experiencePoints: number;
};

/** `existing`: the agent's points in time order; `outcomes`: in time order. */
export const planAgentHistory = (agentId: string, existing: readonly HistoryPoint[], outcomes: readonly Outcome[], firstConnectedAt: Date, epoch: Date): PlannedHistory => {
  // Totals at `at`: the latest existing point at or before it, plus the outcomes up to it.
  const totalsAt = (at: number) => {
    const base = existing.filter((point) => point.timestamp.getTime() <= at).at(-1);
    const done = outcomes.filter((outcome) => outcome.at.getTime() <= at);
    const completed = done.filter((outcome) => outcome.completed).length;
    return {
      tasksCompleted: (base?.tasksCompleted ?? 0) + completed,
      experiencePoints: (base?.experiencePoints ?? 0) + completed * experience.completed + (done.length - completed) * experience.failed,
    };
  };
  const points: Prisma.AgentHistoryPointCreateManyInput[] = outcomes.map((outcome, index) => ({
    id: `${agentId}:o:${index}`,
    agentId,
    timestamp: outcome.at,
    ...totalsAt(outcome.at.getTime()),
    taskId: outcome.taskId,
  }));
  const taken = new Set(existing.map((point) => point.timestamp.getTime()));
  let day = Math.floor(firstConnectedAt.getTime() / DAY) * DAY + DAY;
  for (let index = 0; day <= epoch.getTime(); day += DAY) {
    if (taken.has(day)) continue;
    points.push({ id: `${agentId}:d:${index}`, agentId, timestamp: new Date(day), ...totalsAt(day), taskId: null });
    index += 1;
  }
  const updates = existing
    .filter((point) => point.timestamp.getTime() > firstConnectedAt.getTime())
    .map((point) => ({ id: point.id, ...totalsAt(point.timestamp.getTime()) }));
  const latest = Math.max(...existing.map((point) => point.timestamp.getTime()), ...points.map((point) => new Date(point.timestamp).getTime()));
  return { points, updates, experiencePoints: totalsAt(latest).experiencePoints };
};
