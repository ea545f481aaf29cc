import { methods, route } from "@/lib/http";
import { openApiDocument, openApiOperation } from "@/lib/http/api-document";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/openapi.json – the OpenAPI 3.1 document, generated from the routes' zod schemas
  GET: route(openApiOperation, () => openApiDocument()),
});
