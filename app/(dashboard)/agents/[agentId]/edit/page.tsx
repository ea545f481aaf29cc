import type { Metadata } from "next";
import { AgentForm } from "@/components/agents/agent-form";
import { loadAgent } from "../load-agent";
import { WriteOnly } from "@/components/shared/write-access";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ agentId: string }> };

export const generateMetadata = async ({ params }: Props): Promise<Metadata> => ({ title: `Edit ${(await loadAgent((await params).agentId)).name}` });

const EditAgentPage = async ({ params }: Props) => {
  const agent = await loadAgent((await params).agentId);
  return (
    <>
      <Breadcrumbs items={[{ label: "Agents", href: "/agents" }, { label: agent.name, href: `/agents/${encodeURIComponent(agent.id)}` }, { label: "Edit" }]} />
      <h1>Edit {agent.name}</h1>
      <WriteOnly prompt={`/agents/${encodeURIComponent(agent.id)}/edit`} action="edit agents">
        <AgentForm agent={agent} />
      </WriteOnly>
    </>
  );
};

export default EditAgentPage;
