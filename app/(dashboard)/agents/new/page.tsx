import Link from "next/link";
import type { Metadata } from "next";
import { AgentForm } from "@/components/agents/agent-form";
import { WriteOnly } from "@/components/shared/write-access";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New agent" };

const NewAgentPage = () => (
  <>
    <p>
      <Link href="/agents">← Agents</Link>
    </p>
    <h1>New agent</h1>
    <WriteOnly prompt="/agents/new" action="create agents">
      <AgentForm />
    </WriteOnly>
  </>
);

export default NewAgentPage;
