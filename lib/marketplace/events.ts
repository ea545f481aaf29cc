// The marketplace area's events (docs/events.md); listed in the catalog by lib/events/catalog.ts.
// Client-safe.
import { crudEvents } from "../outbox/catalog";
import { ZMarketplaceItem } from "./schemas";

export const MARKETPLACE_EVENTS = crudEvents("marketplace_item", "marketplace item", ZMarketplaceItem);
