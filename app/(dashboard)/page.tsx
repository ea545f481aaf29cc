import Link from "next/link";
import type { ReactNode } from "react";
import { ActivityChart } from "@/components/charts/activity-chart";
import { BarList, type BarListRow } from "@/components/charts/bar-list";
import { RunSubject } from "@/components/quantum/run-subject";
import { Card, Stat } from "@/components/ui/card";
import { currentUser } from "@/lib/auth/get-current-user";
import { formatDateTime, formatDecimal, formatInteger, formatPercent, formatStatus } from "@/lib/format";
import { getOverview, type Kpi } from "@/lib/overview";
import { taskHref } from "@/components/tasks/task-href";

export const dynamic = "force-dynamic";

const kpiValue = (kpi: Kpi) => (kpi.unit === "percent" ? formatPercent(kpi.value) : formatInteger(kpi.value));

// "+2, vs 30 days ago", "no change, …", or what the figure is when no earlier value is stored.
const kpiChange = (kpi: Kpi) => {
  if (kpi.previous === null) return kpi.hint;
  const delta = kpi.value - kpi.previous;
  const amount = kpi.unit === "percent" ? `${formatDecimal(Math.abs(delta), 1)} pts` : formatInteger(Math.abs(delta));
  if (amount === "0" || amount === "0.0 pts") return `no change, ${kpi.hint}`;
  return `${delta > 0 ? "+" : "−"}${amount}, ${kpi.hint}`;
};

/** The list behind each figure, filtered as the figure counts. */
const KPI_LISTS: Record<string, string> = {
  agents: "/agents",
  squads: "/squads",
  syndicates: "/syndicates",
  marketplaceItems: "/marketplace",
  activeDeployments: "/deployments?status=deployed",
  openTasks: "/tasks",
  quantumRuns: "/quantum",
  taskCompletionRate: "/tasks",
  averageCompletionRate: "/agents?sort=-completionRate",
};

const Badge = ({ status }: { status: string }) => <span className={`badge badge-${status}`}>{formatStatus(status)}</span>;

/** A card of label–value lines, or a short note when there are none. */
const KeyValues = ({ title, empty, testId, rows }: { title: string; empty: string; testId?: string; rows: { key: string; label: ReactNode; value: ReactNode }[] }) => (
  <Card title={title}>
    {rows.length === 0 ? (
      <p className="muted">{empty}</p>
    ) : (
      <ul className="kv" data-testid={testId}>
        {rows.map((row) => (
          <li key={row.key}>
            {row.label}
            {row.value}
          </li>
        ))}
      </ul>
    )}
  </Card>
);

/** A count per status as bars, each status linking to its list when `href` says where. */
const byStatus = (counts: Record<string, number>, href?: (status: string) => string): BarListRow[] =>
  Object.entries(counts).map(([status, count]) => ({ key: status, name: <Badge status={status} />, value: count, href: href?.(status) }));

/** A card with a breakdown as bars, or a short note when there is nothing to break down. */
const Breakdown = ({ title, empty, testId, rows }: { title: string; empty: string; testId: string; rows: BarListRow[] }) => (
  <Card title={title}>{rows.length === 0 ? <p className="muted">{empty}</p> : <BarList label={title} rows={rows} testId={testId} />}</Card>
);

const OverviewPage = async () => {
  const user = await currentUser();
  const overview = await getOverview({ viewer: user ? { userId: user.userId, role: user.role } : null });
  const { recent } = overview;
  return (
    <>
      <h1>Overview</h1>
      <p className="muted">As of {formatDateTime(overview.asOf)}; each change compares with the stored history a week or a month before.</p>
      <div className="stats" data-testid="kpis">
        {overview.kpis.map((kpi) => (
          <Stat key={kpi.key} label={kpi.label} value={kpiValue(kpi)} hint={kpiChange(kpi)} href={KPI_LISTS[kpi.key]} />
        ))}
      </div>
      <div className="stack">
        <Card title="Activity over the last 30 days">
          <ActivityChart days={overview.activity} />
        </Card>
        <div className="grid-2">
          <KeyValues
            title="Recent quantum runs"
            empty="No runs yet."
            testId="recent-runs"
            rows={recent.runs.map((run) => ({
              key: run.id,
              label: <RunSubject run={run} />,
              value: <span className="muted">{`${run.riskScore === null ? "" : `risk ${formatDecimal(run.riskScore, 1)} · `}${formatDateTime(run.createdAt)}`}</span>,
            }))}
          />
          <KeyValues
            title="Recent deployments"
            empty="No deployments yet."
            testId="recent-deployments"
            rows={recent.deployments.map((deployment) => ({
              key: deployment.id,
              label: <Link href={`/deployments/${encodeURIComponent(deployment.id)}`}>{deployment.name}</Link>,
              value: <Badge status={deployment.status} />,
            }))}
          />
          <KeyValues
            title="Recent tasks"
            empty="No tasks yet."
            testId="recent-tasks"
            rows={recent.tasks.map((task) => ({
              key: task.id,
              label: <Link href={taskHref(task.id, task.description)}>{task.description}</Link>,
              value: <Badge status={task.status} />,
            }))}
          />
          <Breakdown
            title="Deployments by status"
            empty="No deployments yet."
            testId="deployments-by-status"
            rows={byStatus(overview.deploymentsByStatus, (status) => `/deployments?status=${encodeURIComponent(status)}`)}
          />
          <Breakdown title="Tasks by status" empty="No tasks yet." testId="tasks-by-status" rows={byStatus(overview.tasksByStatus)} />
          <Breakdown
            title="Agents by AI engine"
            empty="No agents yet."
            testId="agents-by-engine"
            rows={overview.aiEngines.map((row) => ({ key: row.aiEngine, name: row.aiEngine, value: row.agents }))}
          />
        </div>
      </div>
    </>
  );
};

export default OverviewPage;
