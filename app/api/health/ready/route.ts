import { checkReadiness, readinessOperation } from "@/lib/health";
import { methods, route } from "@/lib/http";
import { rateLimiterHealth } from "@/lib/http/rate-limit";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/health/ready – 200 when the database answers and simulations can run (degraded: Redis down), 503 otherwise
  GET: route(readinessOperation, async () =>
    Response.json(await checkReadiness(rateLimiterHealth()), { headers: { "cache-control": "no-store" } }),
  ),
});
