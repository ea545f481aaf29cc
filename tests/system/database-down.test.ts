// The production server started while its PostgreSQL server is down: it serves anyway, with
// readiness and every database-backed answer a 503 problem (Retry-After) saying why, never a 500
// and never a crash; it becomes ready by itself within seconds of the database coming up. The
// PostgreSQL server is a private cluster (one this test may stop), so this runs in both modes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresCluster } from "../reliability/processes";
import { ACCOUNTS, freshDatabase, sleep, startServer, stepLog, waitFor, type SystemServer } from "./server";
import { keyFor } from "./session";

let cluster: Awaited<ReturnType<typeof postgresCluster>>;
let url: string;
const figures: Record<string, unknown> = {};

beforeAll(async () => {
  const step = stepLog("database down");
  cluster = await postgresCluster();
  await cluster.start();
  url = (await freshDatabase(cluster.url(), "down")).url;
  await cluster.stop("SIGINT");
  step("private cluster made, then stopped");
}, 120_000);

afterAll(async () => {
  await cluster?.destroy();
  console.log(`database down: ${JSON.stringify(figures)}`);
});

const probe = async (server: SystemServer, path: string) => {
  const response = await server.fetch(path);
  return { status: response.status, type: response.headers.get("content-type"), retryAfter: response.headers.get("retry-after"), body: (await response.json()) as { detail?: string } };
};

describe("started with the database down", () => {
  it("answers 503 problems meanwhile, then is ready by itself once the database comes up", async () => {
    const server = await startServer({ env: { DATABASE_URL: url, DATABASE_CONNECT_TIMEOUT_MS: "1000", SEED_ON_FIRST_START: "false" }, ready: false });
    try {
      // It serves: liveness answers although start-up cannot complete.
      expect(await waitFor(async () => (await server.fetch("/api/health/live").catch(() => null))?.status === 200, 120_000, 200)).toBe(true);
      const answers = [];
      for (let n = 0; n < 4; n++) {
        answers.push(await probe(server, "/api/health/ready"), await probe(server, "/api/agents?limit=1"));
        await sleep(500);
      }
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.type).toBe("application/problem+json");
        expect(answer.retryAfter).toBe("5");
      }
      // Readiness says why: start-up has not completed, with the error of the last attempt.
      expect(answers[0].body.detail).toMatch(/start-up has not completed \(attempt \d+: .*\S.*\)/);
      expect(server.running()).toBe(true);

      await cluster.start();
      const upAt = Date.now();
      expect(await waitFor(async () => (await probe(server, "/api/health/ready")).status === 200, 30_000, 200)).toBe(true);
      // Ready by itself (the retry delay is at most 5 s, plus migrating an empty database); how long
      // it took is printed, not asserted: the wait above is the test's bound.
      figures.readyAfterDatabaseUpMs = Date.now() - upAt;
      // Migrated and prepared: the admin made from ADMIN_PASSWORD signs in, and writes work.
      const key = await keyFor(server, ACCOUNTS.admin);
      const created = await server.fetch("/api/agents", {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ id: "after-outage", name: "After the outage", aiEngine: "GPT-4o" }),
      });
      expect(created.status).toBe(201);
      expect(server.lines().some((line) => /startup: ready after \d+ attempts/.test(line.text))).toBe(true);
    } finally {
      await server.stop();
    }
  }, 240_000);
});
