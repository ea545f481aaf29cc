"use client";

// The mark of a stale deployment (in progress longer than DEPLOYMENT_STALE_AFTER_MINUTES), with how
// long it has been stale. The duration depends on the clock, so it is added once the page has
// hydrated (the server's HTML and the browser's first render agree) and kept current each minute.
import { useSyncExternalStore } from "react";
import { formatDateTime } from "@/lib/format";
import { formatElapsed } from "./labels";
import styles from "./deployments.module.css";

let minuteNow = 0;
const readClock = () => {
  minuteNow = Date.now();
};
const subscribeMinutes = (changed: () => void) => {
  const timer = setInterval(() => {
    readClock();
    changed();
  }, 60_000);
  return () => clearInterval(timer);
};
const clientNow = () => {
  if (!minuteNow) readClock();
  return minuteNow;
};

/** The browser's time, refreshed each minute; null while server-rendering and hydrating. */
const useMinuteClock = () => useSyncExternalStore(subscribeMinutes, clientNow, () => null);

export const StaleMarker = ({ staleSince }: { staleSince: string }) => {
  const now = useMinuteClock();
  return (
    <span className={`badge ${styles.stale}`} data-testid="stale-marker" title={`In progress too long: stale since ${formatDateTime(staleSince)}`}>
      {now === null ? "stale" : `stale for ${formatElapsed(staleSince, now)}`}
    </span>
  );
};
