import { z } from "zod";
import { defineOperation } from "../http/operation";

export const healthOperation = defineOperation({
  method: "GET",
  path: "/api/health",
  operationId: "getHealth",
  summary: "Liveness and database readiness",
  tags: ["Service"],
  access: "public",
  rateLimited: false,
  responses: { 200: { description: "The database answers", schema: z.object({ status: z.literal("ok") }) } },
  errors: { 503: "The database does not answer" },
});
