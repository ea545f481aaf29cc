import { z } from "zod";
import { defineOperation } from "../core/operation";

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

export const livenessOperation = defineOperation({
  method: "GET",
  path: "/api/health/live",
  operationId: "getLiveness",
  summary: "Liveness: the process is up and its event loop answers (touches no dependency)",
  tags: ["Service"],
  access: "public",
  rateLimited: false,
  responses: { 200: { description: "The process answers", schema: z.object({ status: z.literal("ok") }) } },
});

const ZCheck = z.object({ status: z.enum(["ok", "degraded", "unavailable", "not_configured"]), detail: z.string().optional() });

export const ZReadiness = z.object({
  status: z.enum(["ok", "degraded"]).describe("degraded: serving, with a dependency in a fallback (e.g. per-instance rate limits)"),
  checks: z.object({
    database: ZCheck.extend({ latencyMs: z.number() }),
    redis: ZCheck.describe("Shared rate limits; not_configured without REDIS_URL, degraded while Redis does not answer"),
    simulations: ZCheck.extend({
      threads: z.number().int(),
      maxThreads: z.number().int(),
      queued: z.number().int(),
      maxQueue: z.number().int(),
    }),
  }),
});

export const readinessOperation = defineOperation({
  method: "GET",
  path: "/api/health/ready",
  operationId: "getReadiness",
  summary: "Readiness: the database answers (within a short bound), Redis when configured, the simulation worker pool",
  tags: ["Service"],
  access: "public",
  rateLimited: false,
  responses: { 200: { description: "Ready to serve (status degraded when Redis is configured but down)", schema: ZReadiness } },
  errors: { 503: "Not ready: the database does not answer, or the simulation workers cannot start (detail says which)" },
});
