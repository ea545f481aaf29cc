// Every API operation, registered once; the OpenAPI document is built from this list. The HTTP
// layer sits above the areas, so it may gather their operation declarations.
import { z } from "zod";
import packageJson from "../../package.json" with { type: "json" };
import type { Operation } from "../core/operation";
import { buildOpenApiDocument } from "./openapi";
import { defineOperation } from "../core/operation";
import { healthOperation, livenessOperation, readinessOperation } from "../health/operations";
import * as auth from "../auth/operations";
import * as agents from "../agents/operations";
import * as squads from "../squads/operations";
import * as syndicates from "../syndicates/operations";
import * as marketplace from "../marketplace/operations";
import * as deployments from "../deployments/operations";
import * as tasks from "../tasks/operations";
import * as runs from "../runs/operations";
import * as engines from "../engines/operations";
import * as usecases from "../usecases/operations";
import * as wallet from "../wallet/operations";
import * as quantum from "../quantum/operations";
import * as search from "../search/operations";
import * as events from "../events/operations";
import * as webhooks from "../webhooks/operations";
import * as eventStream from "../events/stream-operations";
// The event catalog and envelope (transport-free, client-safe) become the document's `webhooks`.
import { EVENT_DEFINITIONS } from "../events/catalog";
import { ZEvent } from "../events/shape";

export const openApiOperation = defineOperation({
  method: "GET",
  path: "/api/openapi.json",
  operationId: "getOpenApiDocument",
  summary: "This document",
  description:
    "The OpenAPI 3.1 document of this API, generated from the same operation declarations and schemas the server validates requests with: every path with its parameters, request bodies, answers, errors and examples, the security schemes, and the events as `webhooks`. `info.version` is the server's version.",
  example: {
    response: {
      openapi: "3.1.0",
      info: { title: "Syndicate API", version: "0.1.0" },
      paths: {
        "/api/health/live": {
          get: {
            operationId: "getLiveness",
            tags: ["Service"],
            responses: { "200": { description: "The process answers", content: { "application/json": { example: { status: "ok" } } } } },
          },
        },
      },
    },
  },
  tags: ["Service"],
  access: "public",
  responses: { 200: { description: "The OpenAPI 3.1 document", schema: z.object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }).loose() } },
});

const areas = [auth, agents, squads, syndicates, marketplace, deployments, tasks, runs, engines, usecases, wallet, quantum, search, events, webhooks, eventStream] as Record<string, Operation>[];

export const ALL_OPERATIONS: Operation[] = [healthOperation, livenessOperation, readinessOperation, openApiOperation, ...areas.flatMap((area) => Object.values(area))];

let cached: ReturnType<typeof buildOpenApiDocument> | undefined;
export const openApiDocument = () => (cached ??= buildOpenApiDocument(ALL_OPERATIONS, packageJson.version, { types: EVENT_DEFINITIONS, envelope: ZEvent }));
