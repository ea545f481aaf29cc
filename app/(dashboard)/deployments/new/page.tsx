import type { Metadata } from "next";
import Link from "next/link";
import { getUseCases } from "@/lib/usecases";
import { DeployForm } from "@/components/deployments/deploy-form";
import { WriteOnly } from "@/components/shared/write-access";

export const metadata: Metadata = { title: "New deployment" };
export const dynamic = "force-dynamic";

// Suggestions for the network field; any chain name is accepted.
const NETWORKS = ["eth-mainnet", "arbitrum-mainnet", "base-mainnet", "optimism-mainnet", "matic-mainnet", "bsc-mainnet", "zksync-mainnet", "linea-mainnet"];

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
        <DeployForm industries={industries.length ? industries : ["Financial"]} networks={NETWORKS} />
      </WriteOnly>
    </>
  );
};

export default NewDeploymentPage;
