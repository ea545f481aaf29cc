import { getOverview } from "@/lib/overview";
import { Card, Stat } from "@/components/ui/card";

export const dynamic = "force-dynamic";

const number = new Intl.NumberFormat("en-US");
const percent = (value: number) => `${value.toFixed(1)}%`;
const label = (status: string) => status.replace(/_/g, " ");

const OverviewPage = async () => {
  const overview = await getOverview();
  return (
    <>
      <h1>Overview</h1>
      <div className="stats" data-testid="kpis">
        <Stat label="Agents" value={number.format(overview.agents)} />
        <Stat label="Squads" value={number.format(overview.squads)} />
        <Stat label="Syndicates" value={number.format(overview.syndicates)} />
        <Stat label="Marketplace items" value={number.format(overview.marketplaceItems)} />
        <Stat label="Avg. completion rate" value={percent(overview.averageCompletionRate)} />
        <Stat label="Avg. uptime" value={percent(overview.averageUptime)} />
      </div>
      <div className="grid-2">
        <Card title="Deployments by status">
          <ul className="kv">
            {Object.entries(overview.deploymentsByStatus).map(([status, count]) => (
              <li key={status}>
                <span className={`badge badge-${status}`}>{label(status)}</span>
                <span>{number.format(count)}</span>
              </li>
            ))}
          </ul>
        </Card>
        <Card title="Tasks by status">
          <ul className="kv">
            {Object.entries(overview.tasksByStatus).map(([status, count]) => (
              <li key={status}>
                <span className={`badge badge-${status}`}>{label(status)}</span>
                <span>{number.format(count)}</span>
              </li>
            ))}
          </ul>
        </Card>
        <Card title="Agents by AI engine">
          {overview.aiEngines.length === 0 ? (
            <p className="muted">No agents yet.</p>
          ) : (
            <ul className="kv">
              {overview.aiEngines.map((row) => (
                <li key={row.aiEngine}>
                  <span>{row.aiEngine}</span>
                  <span>{number.format(row.agents)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
};

export default OverviewPage;
