// The records the dashboard creates, replaces and deletes, described once: their react-query key,
// API paths, pages and the words the confirm dialog and toasts use. Client-safe (no functions cross
// from a server page: pages name a record kind, the client looks it up here).
const encode = encodeURIComponent;

export type Resource = {
  /** "Agent": toasts say "Agent created". */
  noun: string;
  key: readonly unknown[];
  createPath: string;
  itemPath: (id: string) => string;
  /** The list page a delete returns to, and a record's own page. */
  listPage: string;
  page: (id: string) => string;
  /** The confirm dialog's question before a delete. */
  deleteQuestion: (name: string) => string;
};

export const RESOURCES = {
  agent: {
    noun: "Agent",
    key: ["agents"],
    createPath: "/api/agents",
    itemPath: (id) => `/api/agents/${encode(id)}`,
    listPage: "/agents",
    page: (id) => `/agents/${encode(id)}`,
    deleteQuestion: (name) => `Delete agent “${name}”? It also leaves every squad it is in. This cannot be undone.`,
  },
  squad: {
    noun: "Squad",
    key: ["squads"],
    createPath: "/api/squads",
    itemPath: (id) => `/api/squads/${encode(id)}`,
    listPage: "/squads",
    page: (id) => `/squads/${encode(id)}`,
    deleteQuestion: (name) => `Delete squad “${name}”? Its agents stay; it leaves every syndicate it is in.`,
  },
  syndicate: {
    noun: "Syndicate",
    key: ["syndicates"],
    createPath: "/api/syndicates",
    itemPath: (id) => `/api/syndicates/${encode(id)}`,
    listPage: "/syndicates",
    page: (id) => `/syndicates/${encode(id)}`,
    deleteQuestion: (name) => `Delete syndicate “${name}”? Its squads stay.`,
  },
  item: {
    noun: "Item",
    key: ["marketplace"],
    createPath: "/api/marketplace/addItem",
    itemPath: (id) => `/api/marketplace/item/${encode(id)}`,
    listPage: "/marketplace",
    page: (id) => `/marketplace/${encode(id)}`,
    deleteQuestion: (name) => `Delete “${name}” from the marketplace? This cannot be undone.`,
  },
  task: {
    noun: "Task",
    key: ["tasks"],
    createPath: "/api/tasks/assign",
    itemPath: (id) => `/api/tasks/${encode(id)}`,
    listPage: "/tasks",
    page: (id) => `/tasks/${encode(id)}`,
    deleteQuestion: (name) => `Delete task “${name}” and its status history? An outcome it gave stays in its assignee's record.`,
  },
  webhook: {
    noun: "Webhook endpoint",
    key: ["webhooks"],
    createPath: "/api/webhooks",
    itemPath: (id) => `/api/webhooks/${encode(id)}`,
    listPage: "/settings/webhooks",
    page: (id) => `/settings/webhooks/${encode(id)}`,
    deleteQuestion: (name) => `Delete the webhook endpoint ${name}? Its delivery log goes with it and nothing more is sent to it.`,
  },
  deployment: {
    noun: "Deployment",
    // Not ["deployments"]: that would refetch the open page's status of the deployment just deleted (a 404).
    key: ["deployments", "records"],
    createPath: "/api/deployments/dapp/deploy",
    itemPath: (id) => `/api/deployments/${encode(id)}`,
    listPage: "/deployments",
    page: (id) => `/deployments/${encode(id)}`,
    deleteQuestion: (name) => `Delete deployment “${name}” and its status history? This cannot be undone.`,
  },
} satisfies Record<string, Resource>;

export type ResourceKind = keyof typeof RESOURCES;
