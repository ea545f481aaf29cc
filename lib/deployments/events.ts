// The deployments area's events (docs/events.md); listed in the catalog by lib/events/catalog.ts.
// Client-safe.
import { z } from "zod";
import { crudEvents, type EventDefinition } from "../outbox/catalog";
import { ZDeployment, ZDeploymentStatus } from "./schemas";

export const DEPLOYMENT_EVENTS: EventDefinition[] = [
  ...crudEvents("deployment", "deployment", ZDeployment),
  {
    type: "deployment.status_changed",
    entityType: "deployment",
    summary: "A deployment moved to another status.",
    data: z.object({ from: ZDeploymentStatus, to: ZDeploymentStatus, deployment: ZDeployment }),
    visibility: "shared",
  },
  {
    type: "deployment.stale",
    entityType: "deployment",
    summary: "A deployment has been in progress longer than DEPLOYMENT_STALE_AFTER_MINUTES (recorded once, by the stale sweep).",
    data: ZDeployment,
    visibility: "shared",
  },
];
