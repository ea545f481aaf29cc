import Link from "next/link";
import { redirect } from "next/navigation";
import type { Metadata } from "next";
import { currentUser } from "@/lib/auth/get-current-user";
import { hasRole } from "@/lib/auth/rules";
import { WriteAccessPrompt } from "@/components/shared/write-access";
import { WebhookEndpoints } from "@/components/webhooks/webhook-endpoints";

export const metadata: Metadata = { title: "Webhooks" };
export const dynamic = "force-dynamic";

const WebhooksPage = async () => {
  const user = await currentUser();
  if (!user) redirect("/signin?next=/settings/webhooks");
  return (
    <>
      <div className="page-header">
        <h1>Webhooks</h1>
        <Link href="/settings">Back to settings</Link>
      </div>
      <p className="muted">
        Endpoints receive events as signed POST requests (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature), retried with back-off
        when they fail. De-duplicate by webhook-id: a delivery can arrive twice.
      </p>
      {hasRole(user.role, "operator") ? <WebhookEndpoints /> : <WriteAccessPrompt role={user.role} next="/settings/webhooks" action="manage webhooks" />}
    </>
  );
};

export default WebhooksPage;
