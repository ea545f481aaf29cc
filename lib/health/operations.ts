import { z } from "zod";
import { defineOperation } from "../core/operation";

// The document's examples: a ready instance with Redis configured and two simulation threads, one busy.
const READINESS_EXAMPLE: z.infer<typeof ZReadiness> = {
  status: "ok",
  checks: {
    database: { status: "ok", latencyMs: 3 },
    redis: { status: "ok" },
    simulations: { status: "ok", threads: 2, maxThreads: 3, queued: 0, maxQueue: 16 },
  },
};

export const healthOperation = defineOperation({
  method: "GET",
  path: "/api/health",
  operationId: "getHealth",
  summary: "Liveness and database readiness",
  description:
    "Answers `ok` when the database answers a probe within 2 seconds, asked so that the probe never waits behind the requests' work (a busy instance still passes). Kept for existing monitors: load balancers should use `/api/health/ready`, process supervisors `/api/health/live`. Not rate limited.",
  example: { response: { status: "ok" } },
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
  description:
    "Always answers `ok` while the process serves requests, whatever the state of the database or Redis: restart the process when this fails, and use `/api/health/ready` to decide whether to send it traffic. Not rate limited.",
  example: { response: { status: "ok" } },
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
  description:
    "Send traffic to the instance only while this answers 200. It is not ready (a problem with `Retry-After`) until its start-up preparation has completed, while the database does not answer within 2 seconds, or when the simulation workers cannot start. It stays ready but says `degraded` while Redis does not answer (rate limits are then per instance) or the simulation queue is full; `redis` is `not_configured` without `REDIS_URL`. Not rate limited.",
  example: { response: READINESS_EXAMPLE },
  tags: ["Service"],
  access: "public",
  rateLimited: false,
  responses: { 200: { description: "Ready to serve (status degraded when Redis is configured but down, or the simulation queue is full)", schema: ZReadiness } },
  errors: { 503: "Not ready: start-up preparation has not completed, the database does not answer, or the simulation workers cannot start (detail says which)" },
});
