// The webhooks area's event (docs/events.md); listed in the catalog by lib/events/catalog.ts.
// Client-safe.
import { z } from "zod";
import type { EventDefinition } from "../outbox/catalog";

export const WEBHOOK_EVENTS: EventDefinition[] = [
  {
    type: "webhook.test",
    entityType: "webhook_endpoint",
    // Seen by the operator who sent it (and admins); delivered to the tested endpoint only, by
    // lib/webhooks/send-test.ts itself, never by the fan-out.
    summary: "A test an operator sent to one webhook endpoint (delivered to that endpoint only).",
    data: z.object({ endpointId: z.string().describe("The endpoint the test was sent to"), message: z.string().describe("A fixed sentence") }),
    visibility: "private",
  },
];
