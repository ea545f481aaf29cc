import { apiMethods } from "@/lib/api";

export const dynamic = "force-dynamic";

// The handlers: lib/api/runs.ts
export const { GET, POST, PUT, PATCH, DELETE } = apiMethods("/api/runs/{runId}/release");
