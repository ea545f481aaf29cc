// The live event stream's API operation (GET /api/events/stream), gathered into the OpenAPI document.
import { defineOperation } from "../core/operation";
import { ZEventStreamQuery } from "./stream-schemas";

export const streamEventsOperation = defineOperation({
  method: "GET",
  path: "/api/events/stream",
  operationId: "streamEvents",
  summary: "Live events as server-sent events (text/event-stream), resumable with Last-Event-ID",
  description:
    "Sends new events as they are committed, as server-sent events, with the event list's envelope and visibility rule. Without `after` or a `Last-Event-ID` header the stream starts from now with no backlog; with either it resumes exactly after that seq, so a reconnecting client misses nothing. Filters combine (`types`, `entityType`, `entityId`); a user may hold at most 10 open streams per server instance by default.",
  example: { query: { types: "task.status_changed,deployment.status_changed", entityId: "rebalance-usdc-2026-11" } },
  tags: ["Events"],
  access: "credential",
  query: ZEventStreamQuery,
  responses: {
    200: {
      description:
        "An endless text/event-stream. First a `ready` message whose id is where the stream starts, then each event after it that passes the filter " +
        "and that the caller may see (events private to another user reach only that user and admins), in seq order: `id: <seq>`, `event: <type>`, " +
        "`data: <the event as JSON>`. A comment line at least every 15 s while idle; `retry:` says how long to wait before reconnecting. " +
        "Reconnect with the Last-Event-ID header (EventSource does this itself) or ?after=<seq> to get exactly the events missed.",
      alternatives: { "text/event-stream": "Server-sent events: `id: <seq>`, `event: <type>`, `data: <event JSON>` per message" },
    },
  },
  errors: {
    400: "An unknown event type in `types`, or a Last-Event-ID / `after` that is not an event seq",
    429: "Too many event streams open for this user on this instance (EVENT_STREAM_MAX_PER_USER), or the rate limit",
  },
});
