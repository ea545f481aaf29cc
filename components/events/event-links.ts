// Where an event's record lives in the dashboard, and what to call it: the activity page's links.
import type { TEvent } from "@/lib/events/shape";
import type { TEntityType } from "@/lib/tasks/schemas";
import { entityHref as taskEntityHref } from "@/components/tasks/labels";

// The records tasks can be assigned to have their pages where the task board links them.
const CATALOG_ENTITIES: Record<string, TEntityType> = { agent: "Agent", squad: "Squad", syndicate: "Syndicate", marketplace_item: "MarketplaceItem" };
const QUANTUM_ENTITIES = new Set(["agent", "squad", "syndicate"]);

/**
 * The dashboard page of the record an event is about, or null when there is none to open (a
 * deleted record, or a kind without a page of its own).
 */
export const eventEntityHref = (event: TEvent): string | null => {
  if (event.type.endsWith(".deleted")) return null;
  const catalog = CATALOG_ENTITIES[event.entity.type];
  if (catalog) return taskEntityHref(catalog, event.entity.id);
  switch (event.entity.type) {
    case "deployment":
      return `/deployments/${encodeURIComponent(event.entity.id)}`;
    case "task":
      return "/tasks";
    case "quantum_job":
      return "/quantum/queue";
    case "quantum_run": {
      const run = event.data as { entityType?: string; entityId?: string | null };
      if (run.entityType && run.entityId && QUANTUM_ENTITIES.has(run.entityType)) return `/quantum/${run.entityType}/${encodeURIComponent(run.entityId)}`;
      return run.entityType === "circuit" ? "/quantum/circuit" : "/quantum";
    }
    case "wallet":
      return "/wallet";
    default:
      return null;
  }
};

/** A short human name for the record: its name when the data carries one (with the id), else its id. */
export const eventEntityLabel = (event: TEvent): string => {
  const data = event.data as Record<string, unknown> | null;
  const named = [data, data?.deployment].find((part) => part && typeof part === "object" && typeof (part as { name?: unknown }).name === "string");
  const name = (named as { name?: string } | undefined)?.name;
  return name && name !== event.entity.id ? `${name} (${event.entity.id})` : event.entity.id;
};
