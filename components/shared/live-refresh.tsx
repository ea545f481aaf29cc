"use client";

// For a page rendered on the server (the task board, the deployments list): when an event of
// `types` arrives on the live stream, the page is read again from the server (router.refresh(),
// at most once per `debounceMs`, so a burst of moves costs one refresh). It shows whether updates
// are live; while the stream is down the page simply shows what it was rendered with, as before.
import { useRouter } from "next/navigation";
import { useEffect, useRef, useTransition } from "react";
import { useEventStream } from "./use-event-stream";

export const LiveRefresh = ({
  types,
  entityId,
  debounceMs = 300,
  label = "Live updates",
}: {
  types: readonly string[];
  /** Only events about this record (a run's page follows that run alone). */
  entityId?: string;
  debounceMs?: number;
  label?: string;
}) => {
  const router = useRouter();
  const [, startRefresh] = useTransition();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const refresh = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      startRefresh(() => router.refresh());
    }, debounceMs);
  };
  // The stream only brings what happens from when it comes up: the page is read once then too, for a change made
  // between the server's render and that moment.
  const live = useEventStream({ types, entityId }, refresh, refresh);
  return (
    <div className="muted live-indicator" data-testid="live-indicator" data-live={live ? "stream" : "off"}>
      {live ? `● ${label}` : null}
    </div>
  );
};
