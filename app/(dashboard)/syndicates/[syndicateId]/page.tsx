import Link from "next/link";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { findSyndicateView, ZSyndicateParams } from "@/lib/syndicates";
import { RoleList } from "@/components/agents/role-list";
import { AggregatedMetrics } from "@/components/groups/aggregated-metrics";
import { MemberTable } from "@/components/groups/member-table";
import { DeleteRecordButton } from "@/components/shared/delete-record-button";
import { SyndicateForm } from "@/components/syndicates/syndicate-form";
import { Stack } from "@/components/agents/stack";
import { Card } from "@/components/ui/card";
import { formatInteger, formatPercent } from "@/lib/format";
import { WriteOnly } from "@/components/shared/write-access";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ syndicateId: string }> };

const loadSyndicate = cache(async (syndicateId: string) => {
  const parsed = ZSyndicateParams.safeParse({ syndicateId });
  if (!parsed.success) notFound();
  const view = await findSyndicateView(parsed.data.syndicateId);
  if (!view) notFound();
  return view;
});

export const generateMetadata = async ({ params }: Props): Promise<Metadata> => ({
  title: (await loadSyndicate((await params).syndicateId)).syndicate.name,
});

const SyndicatePage = async ({ params }: Props) => {
  const { syndicate, squads, agentCount, stackedRolesDeclared } = await loadSyndicate((await params).syndicateId);
  return (
    <>
      <Breadcrumbs items={[{ label: "Syndicates", href: "/syndicates" }, { label: syndicate.name }]} />
      <div className="page-header">
        <div>
          <h1>{syndicate.name}</h1>
          <p className="muted" style={{ margin: "0.25rem 0 0" }}>
            <code>{syndicate.id}</code> · {formatInteger(squads.length)} squads
          </p>
        </div>
        <WriteOnly>
          <DeleteRecordButton kind="syndicate" id={syndicate.id} name={syndicate.name} />
        </WriteOnly>
      </div>

      <AggregatedMetrics metrics={syndicate.aggregatedSyndicateMetrics} members={agentCount} testId="syndicate-metrics" />
      <p className="muted">Over all agents of all its squads; an agent in two squads counts once.</p>

      <Stack>
        {squads.length === 0 ? (
          <Card title="Squads">
            <p className="muted">This syndicate has no squads yet.</p>
          </Card>
        ) : (
          squads.map(({ squad, members }) => (
            <Card
              key={squad.id}
              title={
                <Link href={`/squads/${encodeURIComponent(squad.id)}`}>
                  {squad.name}
                </Link>
              }
            >
              <p className="muted" style={{ marginTop: 0 }}>
                {formatInteger(squad.agents.length)} agents · {formatInteger(squad.aggregatedMetrics.totalExperiencePoints)} XP · uptime{" "}
                {formatPercent(squad.aggregatedMetrics.averageUptime)} · completion {formatPercent(squad.aggregatedMetrics.overallCompletionRate)}
              </p>
              <MemberTable members={members} label={`Members of ${squad.name}`} />
            </Card>
          ))
        )}
        <Card title={stackedRolesDeclared ? "Stacked roles (declared)" : "Stacked roles (derived from the squads)"}>
          <RoleList roles={syndicate.stackedRoles} label="Stacked roles" />
        </Card>
        <WriteOnly>
        <Card title="Edit syndicate">
          <SyndicateForm
            syndicate={{
              id: syndicate.id,
              name: syndicate.name,
              squads: syndicate.squads.map((squad) => ({ id: squad.id, name: squad.name })),
              declaredStackedRoles: stackedRolesDeclared ? syndicate.stackedRoles : null,
            }}
          />
        </Card>
        </WriteOnly>
      </Stack>
    </>
  );
};

export default SyndicatePage;
