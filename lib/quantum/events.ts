// The quantum area's events (docs/events.md): its sub-areas' lists, in one for the catalog
// (lib/events/catalog.ts). Client-safe.
import type { EventDefinition } from "../outbox/catalog";
import { QUANTUM_JOB_EVENTS } from "./jobs/events";
import { QUANTUM_RUN_EVENTS } from "./runs/events";

export const QUANTUM_EVENTS: EventDefinition[] = [...QUANTUM_JOB_EVENTS, ...QUANTUM_RUN_EVENTS];
