// The dashboard's keyboard shortcuts, as data: what the shortcuts sheet lists and what the key
// handler (keyboard-shortcuts.tsx) does. Single keys act only when no text field has focus and no
// dialog is open, and never with Ctrl, Alt or Meta held (those belong to the browser).

/** "g" then a letter: go to a page. */
export const GO_TO: { key: string; href: string; label: string }[] = [
  { key: "o", href: "/", label: "Overview" },
  { key: "a", href: "/agents", label: "Agents" },
  { key: "s", href: "/squads", label: "Squads" },
  { key: "y", href: "/syndicates", label: "Syndicates" },
  { key: "m", href: "/marketplace", label: "Marketplace" },
  { key: "d", href: "/deployments", label: "Deployments" },
  { key: "t", href: "/tasks", label: "Tasks" },
  { key: "r", href: "/runs", label: "Runs" },
  { key: "p", href: "/approvals", label: "Approvals" },
  { key: "w", href: "/wallet", label: "Wallet" },
  { key: "q", href: "/quantum", label: "Quantum" },
  { key: "e", href: "/activity", label: "Activity" },
];

export type ShortcutGroup = { title: string; shortcuts: { keys: string[]; label: string }[] };

export const SHORTCUT_SHEET: ShortcutGroup[] = [
  {
    title: "Anywhere",
    shortcuts: [
      { keys: ["?"], label: "Show these shortcuts" },
      { keys: ["Ctrl", "K"], label: "Search pages, actions and records" },
      { keys: ["Esc"], label: "Close a dialog or menu" },
    ],
  },
  {
    title: "Lists",
    shortcuts: [
      { keys: ["j"], label: "Next row" },
      { keys: ["k"], label: "Previous row" },
      { keys: ["Enter"], label: "Open the row" },
      { keys: ["c"], label: "Create one (the list's New button)" },
      { keys: ["/"], label: "Filter: move to the search box" },
    ],
  },
  { title: "Go to", shortcuts: GO_TO.map((entry) => ({ keys: ["g", entry.key], label: entry.label })) },
];

/** The page "g" then `key` goes to, if any. */
export const goToHref = (key: string) => GO_TO.find((entry) => entry.key === key)?.href;

/**
 * The row j or k moves to: `current` is the row that holds the focus (-1: none), `count` the rows.
 * With no row focused, j starts at the first and k at the last; at either end the focus stays.
 */
export const nextRow = (current: number, count: number, key: "j" | "k") => {
  if (count === 0) return -1;
  if (current < 0) return key === "j" ? 0 : count - 1;
  return key === "j" ? Math.min(count - 1, current + 1) : Math.max(0, current - 1);
};
