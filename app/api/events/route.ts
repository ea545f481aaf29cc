import { listEvents, listEventsOperation } from "@/lib/events";
import { methods, pagedResponse, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/events – the event log the caller may see, newest first, paged; ?type=, ?entityType=, ?entityId=, ?after=
  GET: route(listEventsOperation, async ({ query, principal, url }) =>
    pagedResponse(await listEvents(query, { userId: principal.userId, role: principal.role }), url),
  ),
});
