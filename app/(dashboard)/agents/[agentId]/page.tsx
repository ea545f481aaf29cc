import Link from "next/link";
import type { Metadata } from "next";
import { Suspense } from "react";
import { DeleteRecordButton } from "@/components/shared/delete-record-button";
import { formatInteger, formatMs, formatPercent } from "@/lib/format";
import { HistoryChart } from "@/components/agents/history-chart";
import { RoleList } from "@/components/agents/role-list";
import { ChartSkeleton } from "@/components/charts/chart-skeleton";
import { Stack } from "@/components/agents/stack";
import { Card, Stat } from "@/components/ui/card";
import { loadAgent } from "./load-agent";
import { WriteOnly } from "@/components/shared/write-access";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";
import { TaskOutcomes } from "@/components/agents/task-outcomes";
import { AgentCredentials } from "@/components/agents/agent-credentials";
import { AgentHosting } from "@/components/agents/agent-hosting";
import { AgentRuns } from "@/components/runs/agent-runs";
import { MetricsSource } from "@/components/agents/metrics-source";
import { loadAgentWork } from "./load-agent-work";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ agentId: string }> };

export const generateMetadata = async ({ params }: Props): Promise<Metadata> => ({ title: (await loadAgent((await params).agentId)).name });

const AgentPage = async ({ params }: Props) => {
  const agent = await loadAgent((await params).agentId);
  const work = await loadAgentWork(agent.id);
  const metrics = agent.performanceMetrics;
  return (
    <>
      <Breadcrumbs items={[{ label: "Agents", href: "/agents" }, { label: agent.name }]} />
      <div className="page-header">
        <div>
          <h1>{agent.name}</h1>
          <p className="muted" style={{ margin: "0.25rem 0 0" }}>
            <code>{agent.id}</code> · {agent.aiEngine} · specialization <span className="badge">{agent.specialization}</span>
          </p>
        </div>
        <WriteOnly>
          <div className="row">
            <Link className="button secondary" href={`/agents/${encodeURIComponent(agent.id)}/edit`}>
              Edit
            </Link>
            <DeleteRecordButton kind="agent" id={agent.id} name={agent.name} />
          </div>
        </WriteOnly>
      </div>

      <MetricsSource source={agent.metricsSource} />
      <div className="stats" data-testid="agent-metrics">
        <Stat label="Uptime" value={formatPercent(metrics.uptime)} />
        <Stat label="Completion rate" value={formatPercent(metrics.completionRate)} />
        <Stat label="Avg. response time" value={formatMs(metrics.averageResponseTime)} />
        <Stat label="Error rate" value={formatPercent(metrics.errorRate)} />
        <Stat label="Experience points" value={formatInteger(agent.experiencePoints)} />
      </div>

      <Stack>
        <Card title="Roles">
          <RoleList roles={agent.roles} label="Roles" />
        </Card>

        <Card title="History">
          <Suspense fallback={<ChartSkeleton />}>
            <HistoryChart history={agent.historicalData} />
          </Suspense>
        </Card>

        <TaskOutcomes history={agent.historicalData} />

        {work.signedIn ? <AgentHosting agentId={agent.id} canChange={work.canWrite} /> : null}

        {work.runs ? <AgentRuns agentId={agent.id} latest={work.runs.latest} total={work.runs.total} taskDescriptions={work.runs.taskDescriptions} /> : null}

        {work.credentials ? <AgentCredentials agentId={agent.id} initial={work.credentials} /> : null}

        <div className="grid-2">
          <Card title="Ownership and version">
            <ul className="kv">
              <li>
                <span>Owner</span>
                <span style={{ overflowWrap: "anywhere", textAlign: "right" }}>{agent.ownershipMetadata.owner ?? "—"}</span>
              </li>
              <li>
                <span>Leased</span>
                <span>{agent.ownershipMetadata.leased ? "Yes" : "No"}</span>
              </li>
              <li>
                <span>Current version</span>
                <span>{agent.dynamicMetadata.currentVersion ?? "—"}</span>
              </li>
              <li>
                <span>Skill upgrades</span>
                <span>{agent.dynamicMetadata.skillUpgrades.length > 0 ? agent.dynamicMetadata.skillUpgrades.join(", ") : "—"}</span>
              </li>
            </ul>
          </Card>
          <Card title="Operational history">
            {agent.operationalHistory.length === 0 ? (
              <p className="muted">Nothing recorded.</p>
            ) : (
              <ol style={{ margin: 0, paddingLeft: "1.1rem" }}>
                {agent.operationalHistory.map((event, index) => (
                  <li key={index}>{event}</li>
                ))}
              </ol>
            )}
          </Card>
        </div>
      </Stack>
    </>
  );
};

export default AgentPage;
