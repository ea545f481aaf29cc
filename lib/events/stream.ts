// The live event stream (docs/event-stream.md): server-sent events read from the Event table.
//
// One hub per process polls the table for `seq > head` (a bounded batch, on a short interval, only
// while a stream is open) and hands each new event to every open stream whose filter and
// visibility it passes, so a hundred open dashboards cost one query per interval, not a hundred.
// A stream that starts behind the hub (resumed with Last-Event-ID) is caught up by the hub with a
// query of its own, in batches, before it joins the shared feed. Because `seq` is handed out in
// commit order (lib/outbox/record.ts), "every event after N" never skips a slower writer, so a
// resumed stream gets exactly the events it missed. The table is the only source, so this works
// across instances and on both databases.
import { z } from "zod";
import { prisma, type Prisma } from "../db";
import { envSection } from "../config/section";
import { AppError } from "../core/errors";
import { hasRole, type Principal } from "../auth";
import { toEvent, type EventRow } from "./shape";
import { ZEventCursor, type TEventStreamQuery } from "./stream-schemas";
import { canSeeEvent, visibleEventsWhere } from "./visibility";

const ZStreamEnv = z.object({
  EVENT_STREAM_MAX_PER_USER: z.coerce.number().int().min(1).max(1000).default(10).describe("Open event streams one user may have on one instance; more are 429"),
  EVENT_STREAM_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(500).describe("How often the instance reads new events while a stream is open"),
  EVENT_STREAM_HEARTBEAT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000).describe("How often an idle stream gets a comment line (keeps proxies from closing it)"),
  EVENT_STREAM_BATCH: z.coerce.number().int().min(1).max(10_000).default(500).describe("Events read per query"),
  EVENT_STREAM_RETRY_MS: z.coerce.number().int().min(100).max(600_000).default(3_000).describe("The retry: hint: how long a disconnected EventSource waits before reconnecting"),
  EVENT_STREAM_MAX_BUFFER_BYTES: z.coerce.number().int().min(1024).default(1_048_576).describe("Unsent bytes a stream may hold before it is closed (a client that stopped reading)"),
});
export type TStreamConfig = z.infer<typeof ZStreamEnv>;

const section = envSection("event stream configuration", ZStreamEnv);
export const streamConfig = (): TStreamConfig => section.get();
/** Forget the parsed settings (tests that change process.env). */
export const resetStreamConfig = () => section.reset();

/** Who is watching: they see the shared events and their own private ones; an admin sees all (./visibility.ts). */
export type StreamViewer = { userId: string; seesAll: boolean };

export type StreamFilter = { types?: string[]; entityType?: string; entityId?: string };

export type OpenStreamInput = {
  viewer: StreamViewer;
  filter: StreamFilter;
  /** Resume after this seq; null: from now. */
  after: bigint | null;
  /** The request's signal: the stream ends when the client goes away. */
  signal?: AbortSignal;
};

const SELECT = {
  seq: true,
  id: true,
  type: true,
  entityType: true,
  entityId: true,
  data: true,
  actorId: true,
  visibleTo: true,
  createdAt: true,
} as const;

type Row = EventRow & { visibleTo: string | null };

type Subscriber = {
  viewer: StreamViewer;
  filter: StreamFilter;
  types?: Set<string>;
  /** The last seq this stream has passed (sent, or skipped as not its business). */
  cursor: bigint;
  /** When it was last written to (Date.now()): an idle stream gets a heartbeat. */
  lastWrite: number;
  write: (chunk: string) => void;
  close: () => void;
};

const encoder = new TextEncoder();

const message = (row: Row) => `id: ${row.seq}\nevent: ${row.type}\ndata: ${JSON.stringify(toEvent(row))}\n\n`;

const matches = (subscriber: Subscriber, row: Row) =>
  canSeeEvent(subscriber.viewer, row) &&
  (!subscriber.types || subscriber.types.has(row.type)) &&
  (!subscriber.filter.entityType || subscriber.filter.entityType === row.entityType) &&
  (!subscriber.filter.entityId || subscriber.filter.entityId === row.entityId);

/** The same filter as `matches`, as a query (a stream's catch-up). */
const whereOf = (subscriber: Subscriber): Prisma.EventWhereInput => ({
  ...visibleEventsWhere(subscriber.viewer),
  ...(subscriber.filter.types ? { type: { in: subscriber.filter.types } } : {}),
  ...(subscriber.filter.entityType ? { entityType: subscriber.filter.entityType } : {}),
  ...(subscriber.filter.entityId ? { entityId: subscriber.filter.entityId } : {}),
});

const latestSeq = async (): Promise<bigint> => (await prisma.event.aggregate({ _max: { seq: true } }))._max.seq ?? 0n;

class EventHub {
  private readonly subscribers = new Set<Subscriber>();
  /** Streams being opened, by user: counted against the cap before their first await. */
  private readonly opening = new Map<string, number>();
  /** Every event up to here has been handed to the streams that were in step. */
  private head: bigint | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ticking = false;
  private idleWaiters: (() => void)[] = [];

  stats() {
    return { open: this.subscribers.size, polling: this.timer !== null || this.ticking };
  }

  /** Resolves once no stream is open and no poll is scheduled or under way. */
  whenIdle() {
    if (this.idle()) return Promise.resolve();
    return new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private idle() {
    return this.subscribers.size === 0 && this.timer === null && !this.ticking;
  }

  private reportIdle() {
    if (this.idle()) this.idleWaiters.splice(0).forEach((resolve) => resolve());
  }

  private countFor(userId: string) {
    let count = this.opening.get(userId) ?? 0;
    for (const subscriber of this.subscribers) if (subscriber.viewer.userId === userId) count += 1;
    return count;
  }

  async open({ viewer, filter, after, signal }: OpenStreamInput): Promise<ReadableStream<Uint8Array>> {
    const config = streamConfig();
    if (this.countFor(viewer.userId) >= config.EVENT_STREAM_MAX_PER_USER) {
      throw new AppError(
        "rate_limited",
        `At most ${config.EVENT_STREAM_MAX_PER_USER} event streams may be open per user; close one (another tab or client) first.`,
        { headers: { "retry-after": String(Math.ceil(config.EVENT_STREAM_RETRY_MS / 1000)) } },
      );
    }
    this.opening.set(viewer.userId, (this.opening.get(viewer.userId) ?? 0) + 1);
    let latest: bigint;
    try {
      latest = await latestSeq();
    } finally {
      const left = (this.opening.get(viewer.userId) ?? 1) - 1;
      if (left > 0) this.opening.set(viewer.userId, left);
      else this.opening.delete(viewer.userId);
    }
    // A cursor from the future (another database, a reset one) would wait forever: start from now.
    const cursor = after !== null && after < latest ? after : latest;
    let subscriber!: Subscriber;
    let closed = false;
    // The one listener this stream puts on the request's signal, taken off when the stream ends
    // (however it ends), so that nothing of the stream stays referenced by the request.
    const onAbort = () => subscriber.close();
    const end = () => {
      if (closed) return;
      closed = true;
      this.subscribers.delete(subscriber);
      signal?.removeEventListener("abort", onAbort);
      if (this.subscribers.size === 0) this.stop();
    };
    const stream = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          subscriber = {
            viewer,
            filter,
            types: filter.types ? new Set(filter.types) : undefined,
            cursor,
            lastWrite: Date.now(),
            write: (chunk) => {
              if (closed) return;
              subscriber.lastWrite = Date.now();
              controller.enqueue(encoder.encode(chunk));
              // A client that stopped reading: end its stream rather than buffer without bound; it resumes on reconnect.
              if ((controller.desiredSize ?? 0) < -config.EVENT_STREAM_MAX_BUFFER_BYTES) subscriber.close();
            },
            close: () => {
              if (closed) return;
              end();
              try {
                controller.close();
              } catch {
                // already closed or cancelled
              }
            },
          };
          controller.enqueue(
            encoder.encode(`retry: ${config.EVENT_STREAM_RETRY_MS}\nid: ${cursor}\nevent: ready\ndata: ${JSON.stringify({ cursor: cursor.toString() })}\n\n`),
          );
        },
        cancel: end,
      },
      new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
    );
    if (signal?.aborted) {
      subscriber.close();
      return stream;
    }
    signal?.addEventListener("abort", onAbort, { once: true });
    this.subscribers.add(subscriber);
    if (this.head === null || this.timer === null) {
      // Idle until now: nothing older than `latest` is anyone's business but a resumed stream's.
      if (!this.ticking) this.head = latest;
      this.schedule(0);
    }
    return stream;
  }

  /** Ends every open stream (clients reconnect, to this instance's successor or another one) and stops polling. */
  closeAll() {
    for (const subscriber of [...this.subscribers]) subscriber.close();
    this.stop();
  }

  private stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.reportIdle();
  }

  private schedule(delay: number) {
    if (this.timer || this.subscribers.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, delay);
  }

  private async run() {
    if (this.ticking) return;
    this.ticking = true;
    let next = streamConfig().EVENT_STREAM_POLL_MS;
    try {
      if (await this.tick()) next = 0;
    } catch (error) {
      // The database is unreachable or busy: keep the streams, try again a little later.
      next *= 4;
      if (process.env.NODE_ENV !== "test") console.error("event stream: reading events failed:", error);
    } finally {
      this.ticking = false;
    }
    this.schedule(next);
    this.reportIdle();
  }

  /** One round: new events to the streams in step, a batch of backlog to each stream behind. True: more to read at once. */
  private async tick(): Promise<boolean> {
    const { EVENT_STREAM_BATCH: batch, EVENT_STREAM_HEARTBEAT_MS: beatMs } = streamConfig();
    if (this.head === null) this.head = await latestSeq();
    const previous = this.head;
    const rows: Row[] = await prisma.event.findMany({ where: { seq: { gt: previous } }, orderBy: { seq: "asc" }, take: batch, select: SELECT });
    const head = rows.length ? rows[rows.length - 1].seq : previous;
    const encoded = new Map<Row, string>();
    const behind: Subscriber[] = [];
    for (const subscriber of this.subscribers) {
      if (subscriber.cursor < previous) {
        behind.push(subscriber);
        continue;
      }
      for (const row of rows) {
        if (row.seq <= subscriber.cursor || !matches(subscriber, row)) continue;
        let text = encoded.get(row);
        if (text === undefined) encoded.set(row, (text = message(row)));
        subscriber.write(text);
      }
      if (head > subscriber.cursor) subscriber.cursor = head;
    }
    this.head = head;
    let more = rows.length === batch;
    for (const subscriber of behind) {
      const backlog: Row[] = await prisma.event.findMany({
        where: { AND: [{ seq: { gt: subscriber.cursor, lte: head } }, whereOf(subscriber)] },
        orderBy: { seq: "asc" },
        take: batch,
        select: SELECT,
      });
      for (const row of backlog) subscriber.write(message(row));
      if (backlog.length < batch) subscriber.cursor = head;
      else {
        subscriber.cursor = backlog[backlog.length - 1].seq;
        more = true;
      }
    }
    const now = Date.now();
    for (const subscriber of this.subscribers) if (now - subscriber.lastWrite >= beatMs) subscriber.write(": keep-alive\n\n");
    return more;
  }
}

// On globalThis: Next bundles instrumentation (which ends the streams at shutdown) apart from the routes.
const state = globalThis as typeof globalThis & { __syndicateEventHub?: EventHub };
const hub = () => (state.__syndicateEventHub ??= new EventHub());

/**
 * Opens a stream of server-sent events for `viewer`: a `ready` message (its id: where it starts),
 * then every event after `after` (or from now) that passes `filter` and that the viewer may see,
 * in seq order, each as `id: <seq>`, `event: <type>`, `data: <the event envelope>`. 429 over the
 * per-user cap.
 */
export const openEventStream = (input: OpenStreamInput) => hub().open(input);

/** Ends every open stream and stops polling: graceful shutdown, before the server waits for in-flight requests. */
export const closeEventStreams = () => state.__syndicateEventHub?.closeAll();

/** Tests: resolves once this process has no stream open and its hub neither polls nor waits to. */
export const whenEventStreamsIdle = () => state.__syndicateEventHub?.whenIdle() ?? Promise.resolve();

/** Ends every open stream and forgets the hub, whose place in the event log is that of the database it read (tests: the process moves on to another database). */
export const resetEventHub = () => {
  state.__syndicateEventHub?.closeAll();
  state.__syndicateEventHub = undefined;
};

/** How many streams are open in this process, and whether the hub is polling (tests, diagnostics). */
export const eventStreamStats = () => state.__syndicateEventHub?.stats() ?? { open: 0, polling: false };

/** The headers of a stream response: no caching, no compression or proxy buffering (either would hold events back). */
export const EVENT_STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
};

/** Where a stream resumes: the Last-Event-ID header (EventSource's reconnect) wins over `?after=`; neither: null (from now). */
export const streamCursor = (lastEventId: string | null, after: string | undefined): bigint | null => {
  const given = lastEventId?.trim() || undefined;
  if (given !== undefined && !ZEventCursor.safeParse(given).success) {
    throw new AppError("bad_request", "Last-Event-ID must be the id of an event this stream sent (a decimal seq).", {
      errors: [{ path: "headers.last-event-id", message: "Must be an event seq: a decimal number" }],
    });
  }
  const cursor = given ?? after;
  return cursor === undefined ? null : BigInt(cursor);
};

/** Opens the stream a request asks for: the caller's visibility, the query's filter, the resume point. */
export const streamEvents = (input: { principal: Principal; query: TEventStreamQuery; lastEventId: string | null; signal?: AbortSignal }) =>
  openEventStream({
    viewer: { userId: input.principal.userId, seesAll: hasRole(input.principal.role, "admin") },
    filter: { types: input.query.types, entityType: input.query.entityType, entityId: input.query.entityId },
    after: streamCursor(input.lastEventId, input.query.after),
    signal: input.signal,
  });
