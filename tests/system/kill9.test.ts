// A crash under write load: several writers create agents through the production server, the
// server's whole process group is killed with SIGKILL mid-load, and a new server on the same data
// (the same embedded folder, or the same PostgreSQL database) must hold every write that was
// acknowledged (201) before the crash, and come up at once (no stale lock of the dead process).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNTS, groupAlive, sleep, startServer, stepLog, testDatabase, type SystemServer } from "./server";
import { keyFor } from "./session";

const WRITERS = 6;
let database: Awaited<ReturnType<typeof testDatabase>>;
let env: Record<string, string | undefined>;
let first: SystemServer;
let key: string;
const figures: Record<string, unknown> = {};

beforeAll(async () => {
  const step = stepLog("kill -9");
  database = await testDatabase("kill9");
  // No demo data (quicker start): the admin, who may write the catalog, is made from ADMIN_PASSWORD.
  env = { ...database.env, RATE_LIMIT_PER_KEY: "1000000", SEED_ON_FIRST_START: "false" };
  first = await startServer({ env });
  step(`first server ready (${database.mode})`);
  key = await keyFor(first, ACCOUNTS.admin);
}, 180_000);

afterAll(async () => {
  await first?.stop(5_000);
  await database?.cleanup().catch(() => {});
  console.log(`kill -9 (${database?.mode}): ${JSON.stringify(figures)}`);
});

type Attempt = { id: string; status: number | "no answer" };

const create = async (server: SystemServer, id: string): Promise<Attempt> => {
  try {
    const response = await server.fetch("/api/agents", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ id, name: `Crash load ${id}`, aiEngine: "GPT-4o" }),
    });
    await response.arrayBuffer();
    return { id, status: response.status };
  } catch {
    // Connection reset or refused: the server died with this request in flight.
    return { id, status: "no answer" };
  }
};

describe("kill -9 under write load", () => {
  it("loses no acknowledged write, and a new server on the same data is ready at once", async () => {
    const attempts: Attempt[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) attempts.push(await create(first, `crash-${w}-${n}`));
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    // Let the load run until a good number of writes are acknowledged, then crash mid-load.
    const until = Date.now() + 20_000;
    while (attempts.filter((a) => a.status === 201).length < 60 && Date.now() < until) await sleep(50);
    await first.kill9();
    const killedAt = Date.now();
    stop = true;
    await Promise.all(writers);
    expect(groupAlive(first.pid)).toBe(false);

    const acknowledged = attempts.filter((a) => a.status === 201).map((a) => a.id);
    figures.attempts = attempts.length;
    figures.acknowledged = acknowledged.length;
    // In flight at the kill, or sent to the dead server after it.
    figures.noAnswer = attempts.filter((a) => a.status === "no answer").length;
    // Only creates and crash-cut connections: no error answers under load.
    expect(attempts.filter((a) => a.status !== 201 && a.status !== "no answer")).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);

    // The same data, a new process: it must not wait for or refuse on the dead one's lock.
    const second = await startServer({ env, readyTimeoutMs: 60_000 });
    figures.restartReadyMs = Date.now() - killedAt;
    try {
      const text = second.lines().map((line) => line.text).join("\n");
      expect(text).not.toMatch(/in use by process|not ready/);

      const response = await second.fetch(`/api/agents?q=crash-&limit=1000`);
      expect(response.status).toBe(200);
      const stored = new Set(((await response.json()) as { id: string }[]).map((agent) => agent.id));
      const lost = acknowledged.filter((id) => !stored.has(id));
      figures.lost = lost.length;
      figures.storedNotAcknowledged = stored.size - acknowledged.length;
      expect(lost).toEqual([]);
      // Nothing was stored that was never sent.
      expect([...stored].every((id) => attempts.some((a) => a.id === id))).toBe(true);

      // And it takes writes again.
      expect((await create(second, "after-crash")).status).toBe(201);
    } finally {
      await second.stop();
    }
  });
});
