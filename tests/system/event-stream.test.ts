// The event stream on the production server (server.mjs, Next's handler): messages arrive as they
// happen (no buffering or compression holds them back), a second connection resumes with
// Last-Event-ID, and a graceful shutdown ends open streams at once rather than waiting for the
// in-flight bound (here 60 s, longer than the stop's own 20 s bound before SIGKILL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sseReader } from "../helpers/sse";
import { ACCOUNTS, startServer, testDatabase, type SystemServer } from "./server";
import { keyFor } from "./session";

let database: Awaited<ReturnType<typeof testDatabase>>;
let server: SystemServer;
let key: string;

beforeAll(async () => {
  database = await testDatabase("stream");
  server = await startServer({ env: { ...database.env, SEED_ON_FIRST_START: "false", SHUTDOWN_TIMEOUT_MS: "60000" } });
  key = await keyFor(server, ACCOUNTS.admin);
}, 180_000);

afterAll(async () => {
  await server?.stop(5_000).catch(() => {});
  await database?.cleanup().catch(() => {});
});

const send = (method: string, path: string, body: unknown) =>
  server.fetch(path, { method, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });

const open = async (headers: Record<string, string> = {}) => {
  const response = await server.fetch("/api/events/stream?types=task.status_changed", { headers: { authorization: `Bearer ${key}`, ...headers } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  expect(response.headers.get("content-encoding")).toBeNull();
  const reader = sseReader(response.body!);
  const ready = await reader.next();
  expect(ready?.event).toBe("ready");
  return { ...reader, ready: ready! };
};

describe("the event stream on the production server", () => {
  it("delivers task moves live, resumes with Last-Event-ID, and ends at a graceful shutdown", async () => {
    expect((await send("POST", "/api/agents", { id: "stream-agent", name: "Stream agent", aiEngine: "GPT-4o" })).status).toBe(201);
    const task = { id: "stream-task", description: "Streamed", status: "pending", assignedEntity: { type: "Agent", id: "stream-agent" } };
    expect((await send("POST", "/api/tasks/assign", task)).status).toBe(201);

    const first = await open();
    expect((await send("PATCH", "/api/tasks/stream-task/status", { status: "assigned" })).status).toBe(200);
    const [assigned] = await first.events(1);
    expect(assigned).toMatchObject({ type: "task.status_changed", entity: { type: "task", id: "stream-task" }, data: { from: "pending", to: "assigned" } });

    // A second client that last saw the stream's start: it gets the move it missed, then the next one live.
    const second = await open({ "last-event-id": first.ready.id! });
    expect((await second.events(1))[0].seq).toBe(assigned.seq);
    expect((await send("PATCH", "/api/tasks/stream-task/status", { status: "in_progress" })).status).toBe(200);
    const [firstSees, secondSees] = await Promise.all([first.events(1), second.events(1)]);
    expect(firstSees[0].seq).toBe(secondSees[0].seq);
    expect(BigInt(firstSees[0].seq)).toBeGreaterThan(BigInt(assigned.seq));

    // SIGTERM: both streams end, and the server exits by itself (code 0), not by the stop's SIGKILL.
    const stopped = server.stop(20_000);
    await Promise.all([first.drain(), second.drain()]);
    await stopped;
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.jsonLines().some((line) => line.msg === "shutdown: in-flight requests past the bound are cut off")).toBe(false);
  });
});
