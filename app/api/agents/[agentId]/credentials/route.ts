import { apiMethods } from "@/lib/api";

export const dynamic = "force-dynamic";

// The handlers: lib/api/auth.ts
export const { GET, POST, PUT, PATCH, DELETE } = apiMethods("/api/agents/{agentId}/credentials");
