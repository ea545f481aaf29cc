import { apiMethods } from "@/lib/api";

export const dynamic = "force-dynamic";

// The handlers: lib/api/syndicates.ts
export const { GET, POST, PUT, PATCH, DELETE } = apiMethods("/api/syndicates/{syndicateId}");
