import { apiMethods } from "@/lib/api";

export const dynamic = "force-dynamic";

// The handlers: lib/api/engines.ts
export const { GET, POST, PUT, PATCH, DELETE } = apiMethods("/api/agents/{agentId}/approval-policy");
