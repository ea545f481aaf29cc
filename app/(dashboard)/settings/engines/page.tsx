import Link from "next/link";
import { redirect } from "next/navigation";
import type { Metadata } from "next";
import { currentUser } from "@/lib/auth/get-current-user";
import { hasRole } from "@/lib/auth/rules";
import { WriteAccessPrompt } from "@/components/shared/write-access";
import { EngineSettings } from "@/components/engines/engine-list";

export const metadata: Metadata = { title: "Engines" };
export const dynamic = "force-dynamic";

// Operators read the engines, admins configure them (the API's rule: GET operator, writes admin).
const EnginesPage = async () => {
  const user = await currentUser();
  if (!user) redirect("/signin?next=/settings/engines");
  return (
    <>
      <div className="page-header">
        <h1>Engines</h1>
        <Link href="/settings">Back to settings</Link>
      </div>
      <p className="muted">
        An OpenAI-compatible chat-completions endpoint. An agent whose AI engine names one runs hosted: its tasks are worked inside Syndicate.
      </p>
      {hasRole(user.role, "operator") ? (
        <EngineSettings canAdmin={user.role === "admin"} />
      ) : (
        <WriteAccessPrompt role={user.role} next="/settings/engines" action="open the engines" />
      )}
    </>
  );
};

export default EnginesPage;
