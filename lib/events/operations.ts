// API operations of the event log (GET /api/events), gathered into the OpenAPI document.
import { z } from "zod";
import { defineOperation } from "../core/operation";
import { ZEventListQuery } from "./schemas";
import { ZEvent } from "./shape";

export const listEventsOperation = defineOperation({
  method: "GET",
  path: "/api/events",
  operationId: "listEvents",
  summary: "The event log: what changed, newest first (paged; filter by type, entity, after a seq)",
  tags: ["Events"],
  access: "credential",
  query: ZEventListQuery,
  paged: true,
  responses: {
    200: {
      description: "One page of events (the envelope; each type's data is described under webhooks). Private events (a user's quantum jobs, wallet and circuit runs, wallet indexing, an operator's webhook tests) only for their user and admins",
      schema: z.array(ZEvent),
    },
  },
});
