// Activity per UTC day over the last weeks, from the stored history: tasks moved to completed,
// deployments moved to deployed, and entity quantum analyses run. One query for all three series.
import { prisma, Prisma } from "../db";
import { sqlInstant } from "./get-kpis";
import { DAY_MS, dayStart, lastDays } from "./rules";

export type ActivityDay = { date: string; tasksCompleted: number; deploymentsDeployed: number; quantumRuns: number };

type Row = { series: "tasks" | "deployments" | "runs"; day: string; n: number };

const FIELD: Record<Row["series"], keyof Omit<ActivityDay, "date">> = {
  tasks: "tasksCompleted",
  deployments: "deploymentsDeployed",
  runs: "quantumRuns",
};

const perDay = (column: string) => Prisma.sql`to_char(date_trunc('day', ${Prisma.raw(`"${column}"`)}), 'YYYY-MM-DD')`;

/** One entry per day (oldest first, today last), zero where nothing happened. */
export const getActivity = async (now: Date, days = 30): Promise<ActivityDay[]> => {
  const from = sqlInstant(new Date(dayStart(now).getTime() - (days - 1) * DAY_MS));
  const to = sqlInstant(now);
  const rows = await prisma.$queryRaw<Row[]>`
    SELECT 'tasks' AS series, ${perDay("changedAt")} AS day, count(*)::int AS n FROM "TaskStatusChange"
      WHERE "toStatus" = 'completed' AND "changedAt" >= ${from} AND "changedAt" <= ${to} GROUP BY 2
    UNION ALL
    SELECT 'deployments', ${perDay("changedAt")}, count(*)::int FROM "DeploymentStatusChange"
      WHERE "toStatus" = 'deployed' AND "changedAt" >= ${from} AND "changedAt" <= ${to} GROUP BY 2
    UNION ALL
    SELECT 'runs', ${perDay("createdAt")}, count(*)::int FROM "QuantumRun"
      WHERE "entityType"::text IN ('agent', 'squad', 'syndicate') AND "createdAt" >= ${from} AND "createdAt" <= ${to} GROUP BY 2`;
  const byDay = new Map(lastDays(now, days).map((date) => [date, { date, tasksCompleted: 0, deploymentsDeployed: 0, quantumRuns: 0 }]));
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (entry) entry[FIELD[row.series]] = row.n;
  }
  return [...byDay.values()];
};
