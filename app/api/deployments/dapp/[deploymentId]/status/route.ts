import { apiMethods } from "@/lib/api";

export const dynamic = "force-dynamic";

// The handlers: lib/api/deployments.ts
export const { GET, POST, PUT, PATCH, DELETE } = apiMethods("/api/deployments/dapp/{deploymentId}/status");
