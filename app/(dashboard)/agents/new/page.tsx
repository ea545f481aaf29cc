import Link from "next/link";
import type { Metadata } from "next";
import { AgentForm } from "@/components/agents/agent-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New agent" };

const NewAgentPage = () => (
  <>
    <p>
      <Link href="/agents">← Agents</Link>
    </p>
    <h1>New agent</h1>
    <AgentForm />
  </>
);

export default NewAgentPage;
