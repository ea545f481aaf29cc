// The overview's KPIs, each with the value it had a week or a month before, computed from what the
// database stores: creation times, the status-change history of deployments and tasks, and the
// quantum runs. A fixed number of set-based queries, run in parallel, whatever the data size.
import { prisma, Prisma } from "../db";
import { daysBefore } from "./rules";

/**
 * An instant as SQL for the `timestamp(3)` columns Prisma writes (UTC wall time), independent of
 * the session's time zone.
 */
export const sqlInstant = (at: Date) => Prisma.sql`(${at.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;

export type Kpi = {
  key: string;
  label: string;
  value: number;
  /** The same figure `windowDays` earlier (or for the window before); null when it has no history. */
  previous: number | null;
  windowDays: number | null;
  unit: "count" | "percent";
  /** How the figure is computed, in a few words. */
  hint: string;
};

const OPEN_TASK = Prisma.sql`('pending', 'assigned', 'in_progress')`;

type Counts = {
  agents: number; agentsBefore: number;
  squads: number; squadsBefore: number;
  syndicates: number; syndicatesBefore: number;
  items: number; itemsBefore: number;
  deployed: number; deployedBefore: number;
  openTasks: number; openTasksBefore: number;
  runs: number; runsBefore: number;
  finished: number; completed: number; finishedBefore: number; completedBefore: number;
};

// Status of each row at an instant: its last change at or before then (rows created later have none).
const statusAt = (table: "DeploymentStatusChange" | "TaskStatusChange", key: "deploymentId" | "taskId", at: Date) => Prisma.sql`
  SELECT DISTINCT ON (${Prisma.raw(`"${key}"`)}) "toStatus"::text AS status
  FROM ${Prisma.raw(`"${table}"`)} WHERE "changedAt" <= ${sqlInstant(at)}
  ORDER BY ${Prisma.raw(`"${key}"`)}, "changedAt" DESC, id DESC`;

const createdCounts = (table: string, name: string, monthAgo: Date) => Prisma.sql`
  (SELECT count(*)::int FROM ${Prisma.raw(`"${table}"`)}) AS ${Prisma.raw(`"${name}"`)},
  (SELECT count(*)::int FROM ${Prisma.raw(`"${table}"`)} WHERE "createdAt" <= ${sqlInstant(monthAgo)}) AS ${Prisma.raw(`"${name}Before"`)}`;

const readCounts = async (now: Date): Promise<Counts> => {
  const weekAgo = daysBefore(now, 7);
  const twoWeeksAgo = daysBefore(now, 14);
  const monthAgo = daysBefore(now, 30);
  const twoMonthsAgo = daysBefore(now, 60);
  // Quantum runs counted are the entity analyses, which everyone may see (wallet and circuit runs are private).
  const [row] = await prisma.$queryRaw<Counts[]>`
    SELECT
      ${createdCounts("Agent", "agents", monthAgo)},
      ${createdCounts("Squad", "squads", monthAgo)},
      ${createdCounts("Syndicate", "syndicates", monthAgo)},
      ${createdCounts("MarketplaceItem", "items", monthAgo)},
      (SELECT count(*)::int FROM "Deployment" WHERE status = 'deployed') AS deployed,
      (SELECT count(*)::int FROM (${statusAt("DeploymentStatusChange", "deploymentId", weekAgo)}) s WHERE status = 'deployed') AS "deployedBefore",
      (SELECT count(*)::int FROM "Task" WHERE status::text IN ${OPEN_TASK}) AS "openTasks",
      (SELECT count(*)::int FROM (${statusAt("TaskStatusChange", "taskId", weekAgo)}) s WHERE status IN ${OPEN_TASK}) AS "openTasksBefore",
      (SELECT count(*)::int FROM "QuantumRun" WHERE "entityType"::text IN ('agent', 'squad', 'syndicate')
         AND "createdAt" > ${sqlInstant(weekAgo)} AND "createdAt" <= ${sqlInstant(now)}) AS runs,
      (SELECT count(*)::int FROM "QuantumRun" WHERE "entityType"::text IN ('agent', 'squad', 'syndicate')
         AND "createdAt" > ${sqlInstant(twoWeeksAgo)} AND "createdAt" <= ${sqlInstant(weekAgo)}) AS "runsBefore",
      (SELECT count(*)::int FROM "TaskStatusChange" WHERE "toStatus"::text IN ('completed', 'failed', 'cancelled')
         AND "changedAt" > ${sqlInstant(monthAgo)} AND "changedAt" <= ${sqlInstant(now)}) AS finished,
      (SELECT count(*)::int FROM "TaskStatusChange" WHERE "toStatus" = 'completed'
         AND "changedAt" > ${sqlInstant(monthAgo)} AND "changedAt" <= ${sqlInstant(now)}) AS completed,
      (SELECT count(*)::int FROM "TaskStatusChange" WHERE "toStatus"::text IN ('completed', 'failed', 'cancelled')
         AND "changedAt" > ${sqlInstant(twoMonthsAgo)} AND "changedAt" <= ${sqlInstant(monthAgo)}) AS "finishedBefore",
      (SELECT count(*)::int FROM "TaskStatusChange" WHERE "toStatus" = 'completed'
         AND "changedAt" > ${sqlInstant(twoMonthsAgo)} AND "changedAt" <= ${sqlInstant(monthAgo)}) AS "completedBefore"`;
  return row;
};

const rate = (part: number, whole: number) => (whole === 0 ? null : (part / whole) * 100);

export const getKpis = async (now: Date): Promise<Kpi[]> => {
  const [c, averages] = await Promise.all([readCounts(now), prisma.agent.aggregate({ _avg: { completionRate: true } })]);
  const created = (key: string, label: string, value: number, previous: number): Kpi => ({
    key, label, value, previous, windowDays: 30, unit: "count", hint: "vs 30 days ago",
  });
  return [
    created("agents", "Agents", c.agents, c.agentsBefore),
    created("squads", "Squads", c.squads, c.squadsBefore),
    created("syndicates", "Syndicates", c.syndicates, c.syndicatesBefore),
    created("marketplaceItems", "Marketplace items", c.items, c.itemsBefore),
    { key: "activeDeployments", label: "Active deployments", value: c.deployed, previous: c.deployedBefore, windowDays: 7, unit: "count", hint: "deployed, vs 7 days ago" },
    { key: "openTasks", label: "Open tasks", value: c.openTasks, previous: c.openTasksBefore, windowDays: 7, unit: "count", hint: "pending, assigned or in progress, vs 7 days ago" },
    { key: "quantumRuns", label: "Quantum runs (7 days)", value: c.runs, previous: c.runsBefore, windowDays: 7, unit: "count", hint: "entity analyses, vs the 7 days before" },
    {
      key: "taskCompletionRate",
      label: "Task completion rate (30 days)",
      value: rate(c.completed, c.finished) ?? 0,
      previous: rate(c.completedBefore, c.finishedBefore),
      windowDays: 30,
      unit: "percent",
      hint: "completed of finished tasks, vs the 30 days before",
    },
    {
      key: "averageCompletionRate",
      label: "Avg. agent completion rate",
      value: averages._avg.completionRate ?? 0,
      previous: null,
      windowDays: null,
      unit: "percent",
      hint: "as the agents report it now; no history kept",
    },
  ];
};
