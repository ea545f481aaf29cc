// The wallet area's events (docs/events.md): its sub-areas' lists, in one for the catalog
// (lib/events/catalog.ts). Client-safe.
import type { EventDefinition } from "../outbox/catalog";
import { WALLET_INDEXING_EVENTS } from "./indexing/events";

export const WALLET_EVENTS: EventDefinition[] = [...WALLET_INDEXING_EVENTS];
