"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useState, useSyncExternalStore } from "react";
import styles from "./layout.module.css";

// Pending client navigations, shared by the link-click listener and code that navigates itself
// (the search palette calls startNavigation before router.push).
// The number of the navigation under way (0: none), so a delayed "show" belongs to one navigation only.
let current = 0;
let started = 0;
const listeners = new Set<() => void>();
const setCurrent = (value: number) => {
  if (current === value) return;
  current = value;
  listeners.forEach((listener) => listener());
};
export const startNavigation = () => setCurrent((started += 1));
const endNavigation = () => setCurrent(0);
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The click opens another page of this app in this tab (not a new tab, a download, a hash jump or another site). */
const isAppNavigation = (event: MouseEvent) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const anchor = (event.target as Element | null)?.closest?.("a[href]");
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return false;
  const to = new URL(anchor.href, location.href);
  if (to.origin !== location.origin || to.pathname.startsWith("/api/")) return false;
  return to.pathname !== location.pathname || to.search !== location.search;
};

const GIVE_UP_MS = 15_000;

/**
 * A thin bar at the top of the window while a client navigation is under way: it starts when a link to
 * another page is followed and ends when the new address has rendered (or after 15 s, so it never hangs).
 * role="progressbar" without a value: an indeterminate progress announced as "Loading page".
 */
export const NavigationProgress = () => {
  const active = useSyncExternalStore(subscribe, () => current, () => 0);
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const [shownFor, setShownFor] = useState(0);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (isAppNavigation(event)) startNavigation();
    };
    // Capture: Next's <Link> cancels the click's default (it navigates itself), so look before it does.
    document.addEventListener("click", onClick, true);
    return () => {
      document.removeEventListener("click", onClick, true);
    };
  }, []);

  // The new page has rendered: the navigation is over.
  useEffect(endNavigation, [pathname, search]);

  // Fast navigations (a prefetched page) finish before the bar would show: wait 120 ms before showing it.
  useEffect(() => {
    if (active === 0) return;
    const show = setTimeout(() => setShownFor(active), 120);
    const giveUp = setTimeout(endNavigation, GIVE_UP_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(giveUp);
    };
  }, [active]);

  return active !== 0 && shownFor === active ? <div className={styles.progress} role="progressbar" aria-label="Loading page" data-testid="navigation-progress" /> : null;
};
