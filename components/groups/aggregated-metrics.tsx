import type { TAggregatedMetrics } from "@/lib/squads/schemas";
import { formatInteger, formatPercent } from "@/lib/format";
import { Stat } from "@/components/ui/card";

/** The three aggregated metrics of a squad or syndicate, as stats. */
export const AggregatedMetrics = ({ metrics, members, testId }: { metrics: TAggregatedMetrics; members: number; testId?: string }) => (
  <div className="stats" data-testid={testId}>
    <Stat label="Agents" value={formatInteger(members)} />
    <Stat label="Total experience points" value={formatInteger(metrics.totalExperiencePoints)} />
    <Stat label="Average uptime" value={formatPercent(metrics.averageUptime)} />
    <Stat label="Overall completion rate" value={formatPercent(metrics.overallCompletionRate)} />
  </div>
);
