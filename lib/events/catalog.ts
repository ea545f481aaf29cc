// The event catalog: every area's event types, each with the record it is about and the JSON shape
// of its `data`, in one list from which the OpenAPI document describes them and the event list, the
// stream and the webhook filters check them. Each area declares its own (lib/<area>/events.ts);
// this module, above the areas, only lists them, and registers the list with the outbox
// (lib/outbox/catalog.ts) when it loads — so any process or bundle that reads the catalog through
// here has it complete, and lib/startup's registerApp() registers it too (docs/events.md,
// "Registration"). An event's data is the record as the API answers it after the change (a deleted
// record: its id), so that a receiver never needs to call back to know what changed. Client-safe.
import { registerEventCatalog, type EventDefinition } from "../outbox/catalog";
import { AGENT_EVENTS } from "../agents/events";
import { SQUAD_EVENTS } from "../squads/events";
import { SYNDICATE_EVENTS } from "../syndicates/events";
import { MARKETPLACE_EVENTS } from "../marketplace/events";
import { DEPLOYMENT_EVENTS } from "../deployments/events";
import { TASK_EVENTS } from "../tasks/events";
import { RUN_EVENTS } from "../runs/events";
import { WEBHOOK_EVENTS } from "../webhooks/events";
import { QUANTUM_EVENTS } from "../quantum/events";
import { WALLET_EVENTS } from "../wallet/events";

export type { EventDefinition, EventVisibility } from "../outbox/catalog";

/** Every event type of the application, in the order the OpenAPI document lists them. */
export const EVENT_DEFINITIONS: EventDefinition[] = [
  ...AGENT_EVENTS,
  ...SQUAD_EVENTS,
  ...SYNDICATE_EVENTS,
  ...MARKETPLACE_EVENTS,
  ...DEPLOYMENT_EVENTS,
  ...TASK_EVENTS,
  ...RUN_EVENTS,
  ...WEBHOOK_EVENTS,
  // Background jobs (lib/jobs), recorded with the job's status update; private to the job's owner
  // (the user who asked for it). A job nobody asked for (a scheduled refresh) records none.
  ...QUANTUM_EVENTS,
  ...WALLET_EVENTS,
];

const catalog = registerEventCatalog(EVENT_DEFINITIONS);

export const EVENT_TYPES: string[] = [...catalog.types];

/** The types whose events only their owner and admins see, and which no webhook endpoint gets. */
export const PRIVATE_EVENT_TYPES: string[] = [...catalog.privateTypes];

/** The types a webhook endpoint may subscribe to: all but the private ones. */
export const DELIVERABLE_EVENT_TYPES: string[] = EVENT_TYPES.filter((type) => !PRIVATE_EVENT_TYPES.includes(type));

export const eventDefinition = (type: string): EventDefinition | undefined => catalog.byType.get(type);
