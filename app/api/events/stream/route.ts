import { methods, route } from "@/lib/http";
import { EVENT_STREAM_HEADERS, streamEvents, streamEventsOperation } from "@/lib/events";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/events/stream – server-sent events, filtered by types/entity, resumed with Last-Event-ID or ?after=
  GET: route(streamEventsOperation, async ({ query, principal, request }) => {
    const body = await streamEvents({ principal, query, lastEventId: request.headers.get("last-event-id"), signal: request.signal });
    return new Response(body, { headers: EVENT_STREAM_HEADERS });
  }),
});
