// The runs area's events (docs/agents-at-work.md, "Events"): every move of a run, each appended batch
// of steps, and each approval asked and decided. Shared: whoever may read the event log sees an
// agent's work, and webhook endpoints may subscribe. Listed in the catalog by lib/events/catalog.ts.
// Client-safe.
import { z } from "zod";
import type { EventDefinition } from "../outbox/catalog";
import { ZApproval, ZRun, ZStep } from "./schemas";

const runEvent = (type: string, summary: string, data: z.ZodType = z.object({ run: ZRun })): EventDefinition => ({
  type,
  entityType: "run",
  summary,
  data,
  visibility: "shared",
});

export const RUN_EVENTS: EventDefinition[] = [
  runEvent("run.started", "An agent claimed a task: its run started (the task moved to in_progress)."),
  runEvent("run.step", "A run appended steps to its trace (one event per appended batch).", z.object({ run: ZRun, steps: z.array(ZStep) })),
  runEvent("run.approval_requested", "A run paused for a person's decision.", z.object({ run: ZRun, approval: ZApproval })),
  runEvent("run.approval_decided", "An operator approved or rejected a run's request; the run goes on.", z.object({ run: ZRun, approval: ZApproval })),
  runEvent("run.completed", "A run ended with a result (its task completed)."),
  runEvent("run.failed", "A run ended with an error (its task failed)."),
  runEvent("run.lost", "A run's lease ran out: its task is offered again, or failed after the last attempt."),
  runEvent("run.released", "An agent handed its run back (shutting down, or the task is not for it): its task is offered again, or failed after the last attempt."),
  runEvent("run.cancelled", "An operator cancelled a run (its task is cancelled with it)."),
];
