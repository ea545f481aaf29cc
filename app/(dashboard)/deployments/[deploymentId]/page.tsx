import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { hasRole } from "@/lib/auth/rules";
import { currentUser } from "@/lib/auth/get-current-user";
import { findDeploymentStatus } from "@/lib/deployments";
import { LiveDeployment } from "@/components/deployments/live-deployment";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";

export const metadata: Metadata = { title: "Deployment" };
export const dynamic = "force-dynamic";

const DeploymentPage = async ({ params }: { params: Promise<{ deploymentId: string }> }) => {
  const { deploymentId } = await params;
  const [deployment, user] = await Promise.all([findDeploymentStatus(deploymentId), currentUser()]);
  if (!deployment) notFound();
  return (
    <>
      <Breadcrumbs items={[{ label: "Deployments", href: "/deployments" }, { label: deployment.name }]} />
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
