import { deployDapp, deployDappOperation } from "@/lib/deployments";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/deployments/dapp/deploy – start a deployment with the status the body carries
  POST: route(deployDappOperation, ({ body }) => deployDapp(body)),
});
