import { checkHealth, healthOperation } from "@/lib/health";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/health – 200 when the database answers, 503 problem otherwise
  GET: route(healthOperation, async () =>
    Response.json(await checkHealth(), { headers: { "cache-control": "no-store" } }),
  ),
});
