// The harness itself: the production server starts on a database of its own, answers ready, and
// stops gracefully with nothing of its process group left running.
import { afterAll, describe, expect, it } from "vitest";
import { groupAlive, startServer, testDatabase } from "./server";

let cleanup = async () => {};
afterAll(async () => cleanup());

describe("system-test harness", () => {
  it("starts the production server, ready and serving, then stops it with nothing left running", async () => {
    const db = await testDatabase("smoke");
    cleanup = db.cleanup;
    const server = await startServer({ env: db.env });
    const live = await server.fetch("/api/health/live");
    expect(live.status).toBe(200);
    const agents = await server.fetch("/api/agents?limit=1");
    expect(agents.status).toBe(200);
    expect(Number(agents.headers.get("x-total-count"))).toBeGreaterThan(0);
    expect(server.jsonLines().some((line) => line.msg === "listening")).toBe(true);
    await server.stop();
    expect(server.running()).toBe(false);
    expect(groupAlive(server.pid)).toBe(false);
    expect(server.jsonLines().some((line) => line.msg === "shutdown: done")).toBe(true);
  });
});
