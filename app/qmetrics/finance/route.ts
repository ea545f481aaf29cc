import { apiMethods } from "@/lib/api";

export const dynamic = "force-dynamic";

// The handlers: lib/api/quantum.ts
export const { GET, POST, PUT, PATCH, DELETE } = apiMethods("/qmetrics/finance");
