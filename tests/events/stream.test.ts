// GET /api/events/stream against the route handler on a real database: events recorded after
// connecting arrive in seq order; a stream resumed with Last-Event-ID (or ?after=) gets exactly the
// events it missed, in order, with none twice; type and record filters; events private to a user
// reach only them and admins; 401, 400 and 429 problems; the stream ends when the client goes away
// or the server shuts down, and then nothing polls any more.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "../../lib/db";
import { recordEvent, closeEventStreams, eventStreamStats, whenEventStreamsIdle } from "../../lib/events";
import { resetStreamConfig } from "../../lib/events/stream";
import { GET } from "../../app/api/events/stream/route";
import { useApiTest } from "../helpers/api";
import { call } from "../helpers/http";
import { userWithKey } from "../helpers/factories";
import { sseReader, type StreamEnvelope } from "../helpers/sse";

const SETTINGS = {
  EVENT_STREAM_POLL_MS: "30",
  // Small batches, so that catching up and reading a burst take several rounds.
  EVENT_STREAM_BATCH: "3",
  EVENT_STREAM_MAX_PER_USER: "2",
  EVENT_STREAM_HEARTBEAT_MS: "200",
};
const saved = Object.fromEntries(Object.keys(SETTINGS).map((name) => [name, process.env[name]]));

beforeAll(() => {
  Object.assign(process.env, SETTINGS);
  resetStreamConfig();
});
afterAll(() => {
  closeEventStreams();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetStreamConfig();
});

const api = useApiTest({ withKeys: true });

/** Opens a stream as EventSource would (the route handler, a real Request) and reads its messages. */
const openStream = async (options: { key?: string; query?: Record<string, string>; lastEventId?: string } = {}) => {
  const url = new URL("http://localhost/api/events/stream");
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
  const headers = new Headers({ accept: "text/event-stream" });
  if (options.key) headers.set("authorization", `Bearer ${options.key}`);
  if (options.lastEventId !== undefined) headers.set("last-event-id", options.lastEventId);
  const client = new AbortController();
  const response = await GET(new Request(url, { headers, signal: client.signal }), { params: Promise.resolve({}) });
  const reader = sseReader(response.body!);
  const ready = await reader.next();
  return { response, ready, ...reader, disconnect: () => client.abort() };
};

let counter = 0;
/** Records one event in a transaction of its own, as a change would; `n` tells them apart. */
const record = async (entityId: string, options: { type?: string; visibleTo?: string } = {}) => {
  const n = ++counter;
  await prisma.$transaction((tx) =>
    recordEvent(tx, { type: options.type ?? "task.updated", entityId, data: { id: entityId, n }, visibleTo: options.visibleTo }),
  );
  return n;
};
const numbers = (events: StreamEnvelope[]) => events.map((event) => event.data.n);

describe("GET /api/events/stream", () => {
  it("sends events recorded after connecting, in seq order, and none from before", async () => {
    const before = await record("task-live-1");
    const stream = await openStream({ key: api.viewer });
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get("cache-control")).toContain("no-transform");
    expect(stream.ready).toMatchObject({ event: "ready", retry: expect.stringMatching(/^\d+$/) });
    // Ten changes committing together: every one arrives, in the order they committed.
    const written = await Promise.all(Array.from({ length: 10 }, (_, index) => record(`task-live-${index}`)));
    const received = await stream.events(10);
    expect(numbers(received).sort((a, b) => a! - b!)).toEqual([...written].sort((a, b) => a - b));
    expect(numbers(received)).not.toContain(before);
    const committed = await prisma.event.findMany({ where: { seq: { gt: BigInt(stream.ready!.id!) } }, orderBy: { seq: "asc" } });
    expect(received.map((event) => event.seq)).toEqual(committed.map((row) => row.seq.toString()));
    expect(received[0]).toMatchObject({ type: "task.updated", entity: { type: "task", id: expect.any(String) }, id: expect.stringMatching(/^evt_/) });
    stream.disconnect();
    await whenEventStreamsIdle();
  });

  it("resumed with Last-Event-ID, gets exactly the events it missed, then live ones", async () => {
    const first = await openStream({ key: api.viewer });
    await record("dep-a");
    const [seen] = await first.events(1);
    first.disconnect();
    // Seven changes while disconnected: more than one batch to catch up.
    const missed: number[] = [];
    for (let index = 0; index < 7; index += 1) missed.push(await record(`dep-missed-${index}`));
    const second = await openStream({ key: api.viewer, lastEventId: seen.seq });
    expect(second.ready?.id).toBe(seen.seq);
    const live = record("dep-after-resume");
    const received = await second.events(8);
    expect(numbers(received)).toEqual([...missed, await live]);
    const seqs = received.map((event) => BigInt(event.seq));
    expect(seqs.every((seq, index) => index === 0 || seq > seqs[index - 1])).toBe(true);
    second.disconnect();
  });

  it("resumes with ?after= too; Last-Event-ID wins over it; a cursor from the future starts from now", async () => {
    const start = await openStream({ key: api.operator });
    const a = await record("task-after-a");
    const b = await record("task-after-b");
    const [eventA] = await start.events(1);
    start.disconnect();
    const byQuery = await openStream({ key: api.operator, query: { after: eventA.seq } });
    expect(numbers(await byQuery.events(1))).toEqual([b]);
    byQuery.disconnect();
    const both = await openStream({ key: api.operator, query: { after: "0" }, lastEventId: eventA.seq });
    expect(numbers(await both.events(1))).toEqual([b]);
    both.disconnect();
    const future = await openStream({ key: api.operator, lastEventId: "999999999999" });
    const latest = await prisma.event.aggregate({ _max: { seq: true } });
    expect(future.ready?.id).toBe(latest._max.seq!.toString());
    const c = await record("task-after-c");
    expect(numbers(await future.events(1))).toEqual([c]);
    expect(a).toBeLessThan(b);
    future.disconnect();
  });

  it("filters by type and by record", async () => {
    const byType = await openStream({ key: api.viewer, query: { types: "deployment.status_changed, task.deleted" } });
    const byRecord = await openStream({ key: api.operator, query: { entityType: "task", entityId: "task-wanted" } });
    await record("task-wanted", { type: "task.updated" });
    await record("task-other", { type: "task.updated" });
    const deleted = await record("task-wanted", { type: "task.deleted" });
    const moved = await record("dep-x", { type: "deployment.status_changed" });
    expect((await byType.events(2)).map((event) => [event.type, event.data.n])).toEqual([
      ["task.deleted", deleted],
      ["deployment.status_changed", moved],
    ]);
    expect((await byRecord.events(2)).map((event) => [event.type, event.entity.id])).toEqual([
      ["task.updated", "task-wanted"],
      ["task.deleted", "task-wanted"],
    ]);
    byType.disconnect();
    byRecord.disconnect();
  });

  it("sends an event private to a user only to that user and to admins, live and when catching up", async () => {
    const [owner, other, admin] = await Promise.all([userWithKey("viewer"), userWithKey("viewer"), userWithKey("admin")]);
    const streams = await Promise.all([owner, other, admin].map((user) => openStream({ key: user.key })));
    const mine = await record("wallet-0xabc", { type: "task.updated", visibleTo: owner.user.id });
    const everyone = await record("task-public");
    const [ownerStream, otherStream, adminStream] = streams;
    expect(numbers(await ownerStream.events(2))).toEqual([mine, everyone]);
    expect(numbers(await otherStream.events(1))).toEqual([everyone]);
    expect(numbers(await adminStream.events(2))).toEqual([mine, everyone]);
    // Catching up from before both: the same rule.
    const resumed = await openStream({ key: other.key, query: { after: otherStream.ready!.id! } });
    expect(numbers(await resumed.events(1))).toEqual([everyone]);
    for (const stream of [...streams, resumed]) stream.disconnect();
  });

  it("sends a comment line while idle, so proxies keep the connection", async () => {
    const stream = await openStream({ key: api.viewer });
    let message = await stream.next();
    while (message && message.comment === undefined) message = await stream.next();
    expect(message?.comment).toBe("keep-alive");
    stream.disconnect();
  });

  it("401 without a credential", async () => {
    const response = await call(GET, "GET", "/api/events/stream");
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
  });

  it("400 naming the unknown types, and for a bad Last-Event-ID or after", async () => {
    const types = await call(GET, "GET", "/api/events/stream", { key: api.viewer, query: { types: "task.status_changed,task.exploded,agent.sang" } });
    expect(types.status).toBe(400);
    expect(types.json.errors).toEqual([{ path: "query.types", message: expect.stringMatching(/^unknown event types 'task\.exploded', 'agent\.sang'; allowed: .*task\.status_changed/) }]);
    const header = await call(GET, "GET", "/api/events/stream", { key: api.viewer, headers: { "last-event-id": "evt_123" } });
    expect(header.status).toBe(400);
    expect(header.json.errors).toEqual([expect.objectContaining({ path: "headers.last-event-id" })]);
    const after = await call(GET, "GET", "/api/events/stream", { key: api.viewer, query: { after: "-1" } });
    expect(after.status).toBe(400);
    expect(after.json.errors).toEqual([expect.objectContaining({ path: "query.after" })]);
    expect(eventStreamStats().open).toBe(0);
  });

  it("429 over the per-user cap of open streams; closing one makes room", async () => {
    const { key } = await userWithKey("viewer");
    const opened = [await openStream({ key }), await openStream({ key })];
    const refused = await call(GET, "GET", "/api/events/stream", { key });
    expect(refused.status).toBe(429);
    expect(refused.json.detail).toContain("At most 2 event streams");
    // Another user is not affected.
    const other = await openStream({ key: api.operator });
    expect(other.response.status).toBe(200);
    opened[0].disconnect();
    await opened[0].drain();
    const again = await openStream({ key });
    expect(again.response.status).toBe(200);
    for (const stream of [opened[1], other, again]) stream.disconnect();
  });

  it("ends when the client goes away, and then nothing polls", async () => {
    await whenEventStreamsIdle();
    const stream = await openStream({ key: api.viewer });
    expect(eventStreamStats()).toEqual({ open: 1, polling: true });
    stream.disconnect();
    expect(await stream.next()).toBeNull();
    await whenEventStreamsIdle();
    expect(eventStreamStats()).toEqual({ open: 0, polling: false });
  });

  it("ends every stream at shutdown", async () => {
    const streams = [await openStream({ key: api.viewer }), await openStream({ key: api.operator })];
    closeEventStreams();
    for (const stream of streams) {
      await stream.drain();
      expect(await stream.next()).toBeNull();
    }
    await whenEventStreamsIdle();
  });
});
