"use client";

import { Command } from "cmdk";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { NAV_ITEMS } from "@/components/layout/nav";
import { startNavigation } from "@/components/layout/navigation-progress";
import { ApiError } from "@/lib/client/api";
import { SEARCH_KINDS, SEARCH_Q_MAX, type TSearchHit, type TSearchKind } from "@/lib/search/schemas";
import { useSearch } from "./use-search";
import styles from "./search.module.css";
import { taskHref } from "@/components/tasks/task-href";

const KIND_LABELS: Record<TSearchKind, string> = {
  agent: "Agents",
  squad: "Squads",
  syndicate: "Syndicates",
  marketplaceItem: "Marketplace items",
  deployment: "Deployments",
  task: "Tasks",
};

const DETAIL_PATHS: Record<Exclude<TSearchKind, "task">, string> = {
  agent: "/agents",
  squad: "/squads",
  syndicate: "/syndicates",
  marketplaceItem: "/marketplace",
  deployment: "/deployments",
};

/** The page a hit opens: the record's page; a task (which has none) on the board, filtered to its description. */
export const searchHitHref = (hit: TSearchHit) =>
  hit.kind === "task"
    ? taskHref(hit.id, hit.name)
    : `${DETAIL_PATHS[hit.kind]}/${encodeURIComponent(hit.id)}`;

/** What the palette offers beside records: the pages, and the things one comes to do. */
type Shortcut = { kind: "page" | "action"; href: string; label: string; keywords?: string };
const ACTIONS: Shortcut[] = [
  { kind: "action", href: "/agents/new", label: "Create an agent", keywords: "new add agent" },
  { kind: "action", href: "/squads/new", label: "Create a squad", keywords: "new add squad group" },
  { kind: "action", href: "/syndicates/new", label: "Create a syndicate", keywords: "new add syndicate group" },
  { kind: "action", href: "/marketplace/new", label: "List a marketplace item", keywords: "new add item dapp marketplace" },
  { kind: "action", href: "/deployments/new", label: "Deploy a dApp", keywords: "new start deployment" },
  { kind: "action", href: "/tasks/new", label: "Assign a task", keywords: "new add task assign" },
  { kind: "action", href: "/quantum/circuit", label: "Run a circuit", keywords: "openqasm qasm simulate quantum" },
  { kind: "action", href: "/settings", label: "Create an API key", keywords: "key token settings" },
];
const SHORTCUTS: Shortcut[] = [...NAV_ITEMS.map((item): Shortcut => ({ kind: "page", ...item })), ...ACTIONS];

/** Pages and actions whose words all start a word of their label or keywords ("cr ag" finds "Create an agent"). */
export const matchShortcuts = (q: string): Shortcut[] => {
  const words = q.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return SHORTCUTS.filter((shortcut) => {
    const haystack = `${shortcut.label} ${shortcut.keywords ?? ""}`.toLowerCase().split(/[^a-z0-9]+/);
    return words.every((word) => haystack.some((part) => part.startsWith(word)));
  });
};

const statusText = (q: string, search: ReturnType<typeof useSearch>, shortcuts: number) => {
  const trimmed = q.trim();
  if (trimmed.length === 0) return "Type part of a name or id.";
  if (trimmed.length > SEARCH_Q_MAX) return `Search for at most ${SEARCH_Q_MAX} characters.`;
  if (search.error instanceof ApiError && search.error.status === 401) return "Sign in to search.";
  if (search.isError) return "Search is not answering right now. Try again in a moment.";
  if (search.typing || search.isFetching || !search.data) return "Searching…";
  const count = search.data.length + shortcuts;
  return count === 0 ? `Nothing matches “${search.settled}”.` : `${count} ${count === 1 ? "match" : "matches"}. Use the arrow keys and Enter to open one.`;
};

/**
 * Global search: a "Search" button in the top bar, and ⌘K / Ctrl+K anywhere, open a modal dialog (the
 * native <dialog>: focus is kept inside, Escape closes it and focus returns to where it was) with a cmdk
 * command list: pages and actions whose words match, then records grouped by kind; arrow keys to
 * choose, Enter to open. The first match stays chosen as matches change while one types (and a chosen
 * one stays chosen while it still matches), so Enter always opens something when anything matches.
 */
export const SearchPalette = () => {
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState("");
  const [chosen, setChosen] = useState("");
  const search = useSearch(open ? q : "");

  const show = useCallback(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
    setOpen(true);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "k" || !(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      show();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [show]);

  const go = (href: string) => {
    dialog.current?.close();
    startNavigation();
    router.push(href);
  };

  const hits = search.data && q.trim().length > 0 ? search.data : [];
  const groups = SEARCH_KINDS.map((kind) => ({ kind, hits: hits.filter((hit) => hit.kind === kind) })).filter((group) => group.hits.length > 0);
  const shortcuts = matchShortcuts(q);
  const pages = shortcuts.filter((shortcut) => shortcut.kind === "page");
  const actions = shortcuts.filter((shortcut) => shortcut.kind === "action");
  // Item values in the order shown: the chosen one is kept while it is there, else the first.
  const values = [...pages, ...actions].map((shortcut) => `${shortcut.kind}:${shortcut.href}`).concat(groups.flatMap((group) => group.hits.map((hit) => `${hit.kind}:${hit.id}`)));
  const selected = values.includes(chosen) ? chosen : (values[0] ?? "");

  return (
    <>
      <button type="button" className={`secondary ${styles.trigger}`} onClick={show} aria-haspopup="dialog" aria-keyshortcuts="Control+K Meta+K">
        <span aria-hidden="true">⌕</span> <span className={styles.triggerLabel}>Search</span> <kbd className={styles.shortcut}>Ctrl K</kbd>
      </button>
      <dialog
        ref={dialog}
        className={styles.dialog}
        aria-label="Search"
        onClose={() => {
          setOpen(false);
          setQ("");
          setChosen("");
        }}
        onClick={(event) => {
          // A click on the backdrop (the dialog element itself, outside its content) closes it.
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
      >
        {open ? (
          <Command
            label="Search pages, actions, agents, squads, syndicates, marketplace items, deployments and tasks"
            shouldFilter={false}
            loop
            value={selected}
            onValueChange={setChosen}
            className={styles.command}
          >
            <div className={styles.inputRow}>
              <Command.Input value={q} onValueChange={setQ} placeholder="Search by name or id…" maxLength={SEARCH_Q_MAX + 1} autoFocus />
              <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
                Close
              </button>
            </div>
            <p role="status" className={styles.status}>
              {statusText(q, search, shortcuts.length)}
            </p>
            <Command.List className={styles.list} label="Matches">
              {[
                { heading: "Pages", items: pages },
                { heading: "Actions", items: actions },
              ]
                .filter((group) => group.items.length > 0)
                .map((group) => (
                  <Command.Group key={group.heading} heading={group.heading}>
                    {group.items.map((shortcut) => (
                      <Command.Item key={shortcut.href} value={`${shortcut.kind}:${shortcut.href}`} onSelect={() => go(shortcut.href)} className={styles.item}>
                        <span className={styles.name}>{shortcut.label}</span>
                        <code className={styles.id}>{shortcut.href}</code>
                      </Command.Item>
                    ))}
                  </Command.Group>
                ))}
              {groups.map((group) => (
                <Command.Group key={group.kind} heading={KIND_LABELS[group.kind]}>
                  {group.hits.map((hit) => (
                    <Command.Item key={`${hit.kind}:${hit.id}`} value={`${hit.kind}:${hit.id}`} onSelect={() => go(searchHitHref(hit))} className={styles.item}>
                      <span className={styles.name}>{hit.name}</span>
                      <code className={styles.id}>{hit.id}</code>
                    </Command.Item>
                  ))}
                </Command.Group>
              ))}
            </Command.List>
          </Command>
        ) : null}
      </dialog>
    </>
  );
};
