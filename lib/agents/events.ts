// The agents area's events (docs/events.md): recorded by create-agent.ts, update-agent.ts and
// delete-agent.ts; listed in the catalog by lib/events/catalog.ts. Client-safe.
import { crudEvents } from "../outbox/catalog";
import { ZAgent } from "./schemas";

export const AGENT_EVENTS = crudEvents("agent", "agent", ZAgent);
