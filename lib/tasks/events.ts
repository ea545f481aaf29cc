// The tasks area's events (docs/events.md); listed in the catalog by lib/events/catalog.ts.
// Client-safe.
import { z } from "zod";
import { crudEvents, type EventDefinition } from "../outbox/catalog";
import { ZTask, ZTaskStatus } from "./schemas";

export const TASK_EVENTS: EventDefinition[] = [
  ...crudEvents("task", "task", ZTask),
  {
    type: "task.status_changed",
    entityType: "task",
    summary: "A task moved to another status.",
    data: z.object({ from: ZTaskStatus, to: ZTaskStatus, task: ZTask }),
    visibility: "shared",
  },
  {
    type: "task.overdue",
    entityType: "task",
    summary: "A task that is not final passed its due date (recorded once per due date, by the overdue sweep).",
    data: z.object({ overdueSince: z.string().describe("The due date it passed (ISO 8601)"), task: ZTask }),
    visibility: "shared",
  },
];
