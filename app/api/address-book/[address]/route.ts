import { apiMethods } from "@/lib/api";

export const dynamic = "force-dynamic";

// The handlers: lib/api/wallet.ts
export const { GET, POST, PUT, PATCH, DELETE } = apiMethods("/api/address-book/{address}");
