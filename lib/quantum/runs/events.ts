// Events of the stored runs (docs/events.md). Client-safe.
import type { EventDefinition } from "../../outbox/catalog";
import { ZQuantumRun } from "./schemas";

export const QUANTUM_RUN_EVENTS: EventDefinition[] = [
  {
    type: "quantum_run.completed",
    entityType: "quantum_run",
    summary: "A quantum analysis or circuit run was stored (GET /quantum/runs lists it).",
    data: ZQuantumRun,
    visibility: "owner-if-any",
  },
];
