"use client";

import { useSyncExternalStore } from "react";
import { THEME_KEY as KEY } from "./theme-script";

/** The visitor's choice: follow the system, or always light or dark. Stored in localStorage under "theme". */
export type ThemeChoice = "system" | "light" | "dark";

const NEXT: Record<ThemeChoice, ThemeChoice> = { system: "light", light: "dark", dark: "system" };
const LABEL: Record<ThemeChoice, string> = { system: "System", light: "Light", dark: "Dark" };
const listeners = new Set<() => void>();

const read = (): ThemeChoice => {
  try {
    const stored = localStorage.getItem(KEY);
    return stored === "light" || stored === "dark" ? stored : "system";
  } catch {
    return "system";
  }
};

const apply = (choice: ThemeChoice) => {
  if (choice === "system") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
};

const choose = (choice: ThemeChoice) => {
  try {
    if (choice === "system") localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    // Storage may be disabled; the choice then lasts for this page only.
  }
  apply(choice);
  listeners.forEach((listener) => listener());
};

const subscribe = (listener: () => void) => {
  // The head script applied the stored choice before the first paint; apply it again once mounted, in
  // case React re-created <html> on the client.
  apply(read());
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Cycles the theme: system → light → dark → system. */
export const ThemeToggle = () => {
  const choice = useSyncExternalStore(subscribe, read, () => "system" as ThemeChoice);
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-label={`Theme: ${LABEL[choice]}`}
      title="Switch between the system's theme, light and dark"
      onClick={() => choose(NEXT[choice])}
    >
      <span aria-hidden="true">◐</span>
      <span className="theme-name"> {LABEL[choice]}</span>
    </button>
  );
};
