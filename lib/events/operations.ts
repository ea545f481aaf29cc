// API operations of the event log (GET /api/events), gathered into the OpenAPI document.
import { z } from "zod";
import { defineOperation } from "../core/operation";
import { ZEventListQuery } from "./schemas";
import type { TTask } from "../tasks/schemas";
import { ZEvent } from "./shape";
import type { TEvent } from "./shape";

// The document's examples: the event of a task's completion, as the log, the stream and webhooks carry it.
const TASK_EXAMPLE: TTask = {
  id: "rebalance-usdc-2026-11",
  description: "Rebalance the USDC treasury position between Aave and Compound on Arbitrum",
  status: "completed",
  dueDate: "2026-11-03T17:00:00.000Z",
  assignedEntity: { type: "Agent", id: "yield-scout-7" },
  metadata: { priority: "high", requiredRole: "Builder", requiredSkills: ["transaction batching"] },
  taskMetrics: { estimatedDuration: 2, costEstimate: 35 },
  result: {
    summary: "Moved 250,000 USDC from Compound to Aave; the blended supply APY rose from 4.1% to 4.5%.",
    data: { movedUsdc: 250000, from: "compound-v3", to: "aave-v3", apyBefore: 4.1, apyAfter: 4.5 },
    finishedAt: "2026-11-01T11:48:40.000Z",
  },
  overdue: false,
};
const EVENT_EXAMPLE: TEvent = {
  id: "evt_7e19aa1078b54b3abe47827935646390",
  seq: "4812",
  type: "task.status_changed",
  timestamp: "2026-11-01T11:48:40.000Z",
  entity: { type: "task", id: "rebalance-usdc-2026-11" },
  actorId: "8d0f6a2e-3c4b-4f1a-9e7d-2b5c6a1f0e93",
  data: { from: "in_progress", to: "completed", task: TASK_EXAMPLE },
};

export const listEventsOperation = defineOperation({
  method: "GET",
  path: "/api/events",
  operationId: "listEvents",
  summary: "The event log: what changed, newest first (paged; filter by type, entity, after a seq)",
  description:
    "What changed, as recorded in the same transaction as each change: newest first, or oldest first in commit order with `order=asc`. Filters combine: `type` (a comma-separated list), `entityType`, `entityId` and `after` (only events with a greater `seq`, to catch up from the last one seen). Private events are listed only for their user and for admins; the `Link` header names the next page.",
  example: { query: { type: "task.status_changed", entityId: "rebalance-usdc-2026-11", limit: "20" }, response: [EVENT_EXAMPLE] },
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
