// The syndicates area's events (docs/events.md): recorded by lib/groups for syndicates; listed in
// the catalog by lib/events/catalog.ts. Client-safe.
import { crudEvents } from "../outbox/catalog";
import { ZSyndicate } from "./schemas";

export const SYNDICATE_EVENTS = crudEvents("syndicate", "syndicate", ZSyndicate);
