import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import type { Metadata } from "next";
import { currentUser } from "@/lib/auth/get-current-user";
import { hasRole } from "@/lib/auth/rules";
import { findWebhookEndpoint } from "@/lib/webhooks";
import { DeleteRecordButton } from "@/components/shared/delete-record-button";
import { WebhookDetail } from "@/components/webhooks/webhook-detail";

export const metadata: Metadata = { title: "Webhook endpoint" };
export const dynamic = "force-dynamic";

const WebhookPage = async ({ params }: { params: Promise<{ webhookId: string }> }) => {
  const { webhookId } = await params;
  const user = await currentUser();
  if (!user) redirect(`/signin?next=${encodeURIComponent(`/settings/webhooks/${webhookId}`)}`);
  if (!hasRole(user.role, "operator")) notFound();
  const endpoint = await findWebhookEndpoint(webhookId);
  if (!endpoint) notFound();
  return (
    <>
      <div className="page-header">
        <h1>Webhook endpoint</h1>
        <span className="row">
          <Link href="/settings/webhooks">All endpoints</Link>
          <DeleteRecordButton kind="webhook" id={endpoint.id} name={endpoint.url} />
        </span>
      </div>
      <WebhookDetail initial={endpoint} />
    </>
  );
};

export default WebhookPage;
