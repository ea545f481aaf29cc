import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { findSquadView, ZSquadParams } from "@/lib/squads";
import { RoleList } from "@/components/agents/role-list";
import { AggregatedMetrics } from "@/components/groups/aggregated-metrics";
import { DeleteRecordButton } from "@/components/shared/delete-record-button";
import { MemberTable } from "@/components/groups/member-table";
import { SquadForm } from "@/components/squads/squad-form";
import { Stack } from "@/components/agents/stack";
import { Card } from "@/components/ui/card";
import { canWrite, WriteOnly } from "@/components/shared/write-access";
import { SquadOptimizer } from "@/components/squads/squad-optimizer";
import { env } from "@/lib/config/env";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ squadId: string }> };

const loadSquad = cache(async (squadId: string) => {
  const parsed = ZSquadParams.safeParse({ squadId });
  if (!parsed.success) notFound();
  const view = await findSquadView(parsed.data.squadId);
  if (!view) notFound();
  return view;
});

export const generateMetadata = async ({ params }: Props): Promise<Metadata> => ({ title: (await loadSquad((await params).squadId)).squad.name });

const SquadPage = async ({ params }: Props) => {
  const { squad, members, stackedRolesDeclared } = await loadSquad((await params).squadId);
  return (
    <>
      <Breadcrumbs items={[{ label: "Squads", href: "/squads" }, { label: squad.name }]} />
      <div className="page-header">
        <div>
          <h1>{squad.name}</h1>
          <p className="muted" style={{ margin: "0.25rem 0 0" }}>
            <code>{squad.id}</code>
          </p>
        </div>
        <WriteOnly>
          <DeleteRecordButton kind="squad" id={squad.id} name={squad.name} />
        </WriteOnly>
      </div>

      <AggregatedMetrics metrics={squad.aggregatedMetrics} members={squad.agents.length} testId="squad-metrics" />

      <Stack>
        <Card title="Members">
          <MemberTable members={members} />
        </Card>
        <Card title={stackedRolesDeclared ? "Stacked roles (declared)" : "Stacked roles (derived from the members)"}>
          <RoleList roles={squad.stackedRoles} label="Stacked roles" />
        </Card>
        <Card title="Optimize">
          <SquadOptimizer
            squad={{
              id: squad.id,
              name: squad.name,
              members: squad.agents.map((agent) => ({ id: agent.id, name: agent.name })),
              declaredStackedRoles: stackedRolesDeclared ? squad.stackedRoles : null,
            }}
            canApply={await canWrite()}
            quantumUrl={(env().QUANTUM_URL ?? "").replace(/\/+$/, "")}
          />
        </Card>
        <WriteOnly>
        <Card title="Edit squad">
          <SquadForm
            squad={{
              id: squad.id,
              name: squad.name,
              members: squad.agents.map((agent) => ({ id: agent.id, name: agent.name })),
              declaredStackedRoles: stackedRolesDeclared ? squad.stackedRoles : null,
            }}
          />
        </Card>
        </WriteOnly>
      </Stack>
    </>
  );
};

export default SquadPage;
