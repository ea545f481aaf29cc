import type { TEntityType } from "@/lib/tasks/schemas";
import type { TaskStatusValue } from "@/lib/tasks/status-machine";

export const COLUMN_TITLES: Record<TaskStatusValue, string> = {
  pending: "Pending",
  assigned: "Assigned",
  in_progress: "In progress",
  completed: "Completed",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** What the button that moves a task to `status` says. */
export const MOVE_LABELS: Record<TaskStatusValue, string> = {
  pending: "Reopen",
  assigned: "Mark assigned",
  in_progress: "Start",
  completed: "Complete",
  failed: "Mark failed",
  cancelled: "Cancel",
};

export const ENTITY_TYPE_LABELS: Record<TEntityType, string> = {
  Agent: "Agent",
  Squad: "Squad",
  Syndicate: "Syndicate",
  MarketplaceItem: "Marketplace item",
};

/** Where an entity's page is (agents, squads and syndicates have theirs under their own paths). */
export const entityHref = (type: TEntityType, id: string) => {
  const encoded = encodeURIComponent(id);
  switch (type) {
    case "Agent":
      return `/agents/${encoded}`;
    case "Squad":
      return `/squads/${encoded}`;
    case "Syndicate":
      return `/syndicates/${encoded}`;
    case "MarketplaceItem":
      return `/marketplace/${encoded}`;
  }
};
