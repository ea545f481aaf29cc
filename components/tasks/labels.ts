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

/**
 * What a move to a final status asks first (it cannot be undone: a final task never moves again), and
 * what its confirming button says. Moves to an open status go at once.
 */
export const FINAL_MOVE_CONFIRMS: Partial<Record<TaskStatusValue, { title: string; confirmLabel: string; question: (description: string) => string }>> = {
  completed: {
    title: "Complete task",
    confirmLabel: "Complete task",
    question: (description) => `“${description}” will be completed. A completed task is final: its status cannot change again.`,
  },
  failed: {
    title: "Mark task failed",
    confirmLabel: "Mark failed",
    question: (description) => `“${description}” will be marked failed. A failed task is final: assign a new task to try the work again.`,
  },
  cancelled: {
    title: "Cancel task",
    confirmLabel: "Cancel task",
    question: (description) => `“${description}” will be cancelled and its work stopped. A cancelled task is final: assign a new task to do the work later.`,
  },
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
