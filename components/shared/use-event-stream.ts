"use client";

// One EventSource per tab on GET /api/events/stream (docs/event-stream.md), shared by every part of
// the page that wants live updates. It carries the union of the types the mounted listeners ask
// for; when that union changes it is reopened after the last event seen (?after=), so nothing is
// missed. The browser reconnects it after a network error, sending Last-Event-ID, and the server
// resumes from there. Only a signed-in tab opens it (it needs a credential), and only with types
// the server knows. When the stream cannot be had (signed out; too many tabs: 429; an error),
// listeners are told it is down and the pages fall back to polling; it is tried again a little later.
import { useEffect, useRef, useState } from "react";
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { isKnownEventType } from "@/lib/events/stream-schemas";
import type { EventEnvelope } from "@/lib/outbox/envelope";

/** An event as the stream sends it: the envelope the server makes of an Event row. */
export type StreamEvent = EventEnvelope;

type Listener = {
  types: readonly string[];
  entityId?: string;
  onEvent: (event: StreamEvent) => void;
  /** The stream is up for this listener (first time, or again after it was down): the caller reads its data once, for what happened before. */
  onLive: () => void;
  onDown: () => void;
  live: boolean;
};

const STREAM_PATH = "/api/events/stream";
/** How long a stream refused outright (401, 429, an error answer) waits before trying again. */
const RETRY_REFUSED_MS = 30_000;
/** How long an unused stream stays open (a navigation to a page that listens again reuses it). */
const IDLE_CLOSE_MS = 5_000;

class TabStream {
  private readonly listeners = new Set<Listener>();
  private source: EventSource | null = null;
  private sourceTypes = "";
  private lastId: string | null = null;
  private handled = new Set<string>();
  private syncQueued = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;

  add(listener: Listener) {
    this.listeners.add(listener);
    this.queueSync();
    return () => {
      this.listeners.delete(listener);
      this.queueSync();
    };
  }

  // Listeners mounting in one render open one connection, not one each.
  private queueSync() {
    if (this.syncQueued) return;
    this.syncQueued = true;
    queueMicrotask(() => {
      this.syncQueued = false;
      this.sync();
    });
  }

  private sync() {
    if (this.listeners.size === 0) {
      this.idleTimer ??= setTimeout(() => {
        this.idleTimer = null;
        if (this.listeners.size === 0) this.close();
      }, IDLE_CLOSE_MS);
      return;
    }
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const types = [...new Set([...this.listeners].flatMap((listener) => listener.types))].sort().join(",");
    if (this.source && types === this.sourceTypes) {
      // Same connection: a listener that joins an open stream is live at once.
      if (this.source.readyState === EventSource.OPEN && this.connected) for (const listener of this.listeners) this.markLive(listener);
      return;
    }
    if (this.retryTimer) return;
    this.open(types);
  }

  private connected = false;

  private open(types: string) {
    this.close();
    if (typeof EventSource === "undefined") return;
    const query = new URLSearchParams({ types });
    if (this.lastId) query.set("after", this.lastId);
    const source = new EventSource(`${STREAM_PATH}?${query}`);
    this.source = source;
    this.sourceTypes = types;
    source.addEventListener("ready", (message) => {
      if (this.source !== source) return;
      this.lastId = message.lastEventId || this.lastId;
      this.connected = true;
      for (const listener of this.listeners) this.markLive(listener);
    });
    const deliver = (message: MessageEvent<string>) => {
      if (this.source !== source) return;
      this.lastId = message.lastEventId || this.lastId;
      // A reopened stream resumes after the last id: never hand the same event out twice.
      if (this.handled.has(message.lastEventId)) return;
      this.handled.add(message.lastEventId);
      if (this.handled.size > 500) this.handled = new Set([...this.handled].slice(-250));
      const event = JSON.parse(message.data) as StreamEvent;
      for (const listener of this.listeners) {
        if (!listener.types.includes(event.type)) continue;
        if (listener.entityId !== undefined && listener.entityId !== event.entity.id) continue;
        listener.onEvent(event);
      }
    };
    for (const type of types.split(",")) source.addEventListener(type, deliver);
    source.onerror = () => {
      if (this.source !== source) return;
      this.markDown();
      // CONNECTING: the browser reconnects by itself (with Last-Event-ID). CLOSED: the answer was not a stream (401, 429, 5xx).
      if (source.readyState === EventSource.CLOSED) {
        this.close();
        this.retryTimer = setTimeout(() => {
          this.retryTimer = null;
          this.sync();
        }, RETRY_REFUSED_MS);
      }
    };
  }

  private markLive(listener: Listener) {
    if (listener.live) return;
    listener.live = true;
    listener.onLive();
  }

  private markDown() {
    this.connected = false;
    for (const listener of this.listeners) {
      if (!listener.live) continue;
      listener.live = false;
      listener.onDown();
    }
  }

  private close() {
    this.markDown();
    this.source?.close();
    this.source = null;
    this.sourceTypes = "";
  }
}

let tabStream: TabStream | undefined;
const shared = () => (tabStream ??= new TabStream());

/**
 * Calls `onEvent` for each event of `types` (about `entityId`, when given) while mounted; `onLive`
 * when the stream is up for it (read the data once then: the stream only brings what happens from
 * now on). Returns whether it is live now: when it is not, the caller polls as it did before.
 */
export const useEventStream = (
  options: { types: readonly string[]; entityId?: string; enabled?: boolean },
  onEvent: (event: StreamEvent) => void,
  onLive?: () => void,
): boolean => {
  const [live, setLive] = useState(false);
  const callbacks = useRef({ onEvent, onLive });
  useEffect(() => {
    callbacks.current = { onEvent, onLive };
  });
  const types = options.types.filter(isKnownEventType).join(",");
  const signedIn = useSession().status === "authenticated";
  const enabled = (options.enabled ?? true) && signedIn;
  useEffect(() => {
    if (!enabled || !types) return;
    const remove = shared().add({
      types: types.split(","),
      entityId: options.entityId,
      live: false,
      onEvent: (event) => callbacks.current.onEvent(event),
      onLive: () => {
        setLive(true);
        callbacks.current.onLive?.();
      },
      onDown: () => setLive(false),
    });
    return () => {
      remove();
      setLive(false);
    };
  }, [types, options.entityId, enabled]);
  return live;
};

/**
 * Keeps a react-query query fresh from the stream: it is read again (at most once per `debounceMs`)
 * when an event of `types` arrives, and when the stream comes up. Returns whether the stream is live.
 */
export const useLiveQuery = (
  types: readonly string[],
  queryKey: QueryKey,
  options: { entityId?: string; enabled?: boolean; debounceMs?: number } = {},
): boolean => {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const key = useRef(queryKey);
  useEffect(() => {
    key.current = queryKey;
  });
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const refresh = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: key.current });
    }, options.debounceMs ?? 100);
  };
  return useEventStream({ types, entityId: options.entityId, enabled: options.enabled }, refresh, refresh);
};
