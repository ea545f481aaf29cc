// The API table's routes of the event log and its stream (lib/api/table.ts): one handler per operation.
import { EVENT_STREAM_HEADERS, listEvents, listEventsOperation, streamEvents, streamEventsOperation } from "../events";
import { pagedResponse, route, type RouteHandler } from "../http";

export const eventsRoutes: RouteHandler[] = [
  // GET /api/events – the event log the caller may see, newest first, paged; ?type=, ?entityType=, ?entityId=, ?after=
  route(listEventsOperation, async ({ query, principal, url }) =>
    pagedResponse(await listEvents(query, { userId: principal.userId, role: principal.role }), url),
  ),
  // GET /api/events/stream – server-sent events, filtered by types/entity, resumed with Last-Event-ID or ?after=
  route(streamEventsOperation, async ({ query, principal, request }) => {
    const body = await streamEvents({ principal, query, lastEventId: request.headers.get("last-event-id"), signal: request.signal });
    return new Response(body, { headers: EVENT_STREAM_HEADERS });
  }),
];
