// The API table's routes of the service itself, health checks and the API document (lib/api/table.ts): one handler per operation.
import { checkHealth, checkLiveness, checkReadiness, healthOperation, livenessOperation, readinessOperation } from "../health";
import { route, type RouteHandler } from "../http";
import { openApiDocument, openApiOperation } from "../http/api-document";
import { rateLimiterHealth } from "../http/rate-limit";

export const serviceRoutes: RouteHandler[] = [
  // GET /api/health/live – 200 while the process answers; touches no dependency
  route(livenessOperation, () => Response.json(checkLiveness(), { headers: { "cache-control": "no-store" } })),
  // GET /api/health/ready – 200 when the database answers and simulations can run (degraded: Redis down), 503 otherwise
  route(readinessOperation, async () =>
    Response.json(await checkReadiness(rateLimiterHealth()), { headers: { "cache-control": "no-store" } }),
  ),
  // GET /api/health – 200 when the database answers, 503 problem otherwise
  route(healthOperation, async () =>
    Response.json(await checkHealth(), { headers: { "cache-control": "no-store" } }),
  ),
  // GET /api/openapi.json – the OpenAPI 3.1 document, generated from the routes' zod schemas
  route(openApiOperation, () => openApiDocument()),
];
