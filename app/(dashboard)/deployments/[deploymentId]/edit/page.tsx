import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { canEditDeployment, findDeploymentStatus } from "@/lib/deployments";
import { getUseCases } from "@/lib/usecases";
import { EditDeploymentForm } from "@/components/deployments/edit-form";
import { NETWORK_SUGGESTIONS } from "@/components/deployments/labels";
import { WriteOnly } from "@/components/shared/write-access";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";

export const metadata: Metadata = { title: "Edit deployment" };
export const dynamic = "force-dynamic";

const EditDeploymentPage = async ({ params }: { params: Promise<{ deploymentId: string }> }) => {
  const { deploymentId } = await params;
  const [deployment, useCases] = await Promise.all([findDeploymentStatus(deploymentId), getUseCases()]);
  if (!deployment) notFound();
  const page = `/deployments/${encodeURIComponent(deployment.id)}`;
  return (
    <>
      <Breadcrumbs items={[{ label: "Deployments", href: "/deployments" }, { label: deployment.name, href: page }, { label: "Edit" }]} />
      <h1>Edit {deployment.name}</h1>
      <WriteOnly prompt={`${page}/edit`} action="edit deployments">
        {canEditDeployment(deployment.deploymentStatus) ? (
          <EditDeploymentForm deployment={deployment} industries={Object.keys(useCases)} networks={NETWORK_SUGGESTIONS} />
        ) : (
          <p className="note" role="note">
            This deployment is in progress: it can be edited once it has finished (deployed or failed).
          </p>
        )}
      </WriteOnly>
    </>
  );
};

export default EditDeploymentPage;
