import type { Metadata } from "next";
import Link from "next/link";
import { getUseCases } from "@/lib/usecases";
import { DeployForm } from "@/components/deployments/deploy-form";
import { NETWORK_SUGGESTIONS } from "@/components/deployments/labels";
import { WriteOnly } from "@/components/shared/write-access";

export const metadata: Metadata = { title: "New deployment" };
export const dynamic = "force-dynamic";

const NewDeploymentPage = async () => {
  const useCases = await getUseCases();
  const industries = Object.keys(useCases);
  return (
    <>
      <p>
        <Link href="/deployments">← Deployments</Link>
      </p>
      <h1>New deployment</h1>
      <WriteOnly prompt="/deployments/new" action="deploy">
        <DeployForm industries={industries.length ? industries : ["Financial"]} networks={NETWORK_SUGGESTIONS} />
      </WriteOnly>
    </>
  );
};

export default NewDeploymentPage;
