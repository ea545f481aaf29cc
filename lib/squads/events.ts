// The squads area's events (docs/events.md): recorded by lib/groups for squads; listed in the
// catalog by lib/events/catalog.ts. Client-safe.
import { crudEvents } from "../outbox/catalog";
import { ZSquad } from "./schemas";

export const SQUAD_EVENTS = crudEvents("squad", "squad", ZSquad);
