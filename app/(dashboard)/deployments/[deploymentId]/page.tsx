import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { hasRole } from "@/lib/auth/roles";
import { currentUser } from "@/lib/auth/session";
import { findDeploymentStatus } from "@/lib/deployments";
import { LiveDeployment } from "@/components/deployments/live-deployment";

export const metadata: Metadata = { title: "Deployment" };
export const dynamic = "force-dynamic";

const DeploymentPage = async ({ params }: { params: Promise<{ deploymentId: string }> }) => {
  const { deploymentId } = await params;
  const [deployment, user] = await Promise.all([findDeploymentStatus(deploymentId), currentUser()]);
  if (!deployment) notFound();
  return (
    <>
      <p>
        <Link href="/deployments">← Deployments</Link>
      </p>
      <div className="page-header">
        <h1>
          {deployment.name} <span className="muted">{deployment.version}</span>
        </h1>
        <code>{deployment.id}</code>
      </div>
      <LiveDeployment initial={deployment} canWrite={user ? hasRole(user.role, "operator") : false} />
    </>
  );
};

export default DeploymentPage;
