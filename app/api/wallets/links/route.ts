import { apiMethods } from "@/lib/api";

export const dynamic = "force-dynamic";

// Moved (lib/api/moved-paths.ts): answers as its new path, with Deprecation, Sunset and a successor Link.
export const { GET, POST, PUT, PATCH, DELETE } = apiMethods("/api/wallets/links");
