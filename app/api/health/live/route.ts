import { checkLiveness, livenessOperation } from "@/lib/health";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/health/live – 200 while the process answers; touches no dependency
  GET: route(livenessOperation, () => Response.json(checkLiveness(), { headers: { "cache-control": "no-store" } })),
});
