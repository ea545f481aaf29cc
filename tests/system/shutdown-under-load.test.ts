// SIGTERM under a steady load, in both database modes (the embedded database in a folder of its
// own, and a database of its own on a PostgreSQL server: DATABASE_URL's, else a private cluster):
// every request gets an HTTP answer (2xx, or a 503 problem once the shutdown began) or is refused
// before it is accepted (ECONNREFUSED: nothing sent, safe to retry), never a reset connection.
// Along the load, two requests whose moment is certain: one in flight when the signal comes (its
// headers read, its body not yet sent) finishes with 201, and one sent on a kept-alive connection
// after the signal gets the 503 problem with Connection: close. The server exits 0 without cutting
// anything off, and the database is closed after the last request (the embedded folder's lock is
// released; no session of the server is left on PostgreSQL).
import http from "node:http";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { postgresCluster } from "../reliability/processes";
import { ACCOUNTS, freshDatabase, startServer, tempDataDir, waitFor, type SystemServer } from "./server";
import { keyFor } from "./session";

/**
 * The load: RATE requests a second in bursts of BURST (several kept-alive connections, so that some
 * are idle at any moment), at most MAX_REQUESTS, at most MAX_OUTSTANDING at once.
 */
const RATE = 15;
const BURST = 3;
const MAX_REQUESTS = 1_000;
const MAX_OUTSTANDING = 32;
/** Answers before the signal. */
const BEFORE_SIGNAL = 40;

const cleanups: (() => Promise<unknown>)[] = [];
const figures: Record<string, unknown> = {};

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  console.log(`shutdown under load: ${JSON.stringify(figures)}`);
});

type Outcome = { kind: string; sentAt: number; status?: number; problem?: boolean; error?: string };

const errorCode = (error: unknown) => {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? String(error);
};

/**
 * An open-model load against `server`: burst k/BURST is due at start + (k/BURST)·BURST/RATE,
 * whatever the earlier ones did. Reads (agents, readiness) and writes (agent creates with `key`), over fetch's pool of
 * kept-alive connections. Runs until `stop()` or MAX_REQUESTS.
 */
const steadyLoad = (server: SystemServer, key: string, label: string) => {
  const outcomes: Outcome[] = [];
  const pending = new Set<Promise<void>>();
  let stopped = false;
  let notSent = 0;
  const one = async (k: number) => {
    const kind = ["list", "create", "ready", "create", "detail"][k % 5];
    const init: RequestInit =
      kind === "create"
        ? {
            method: "POST",
            headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
            body: JSON.stringify({ id: `${label}-${k}`, name: `Shutdown load ${k}`, aiEngine: "GPT-4o" }),
          }
        : {};
    const target = kind === "list" ? "/api/agents?limit=5" : kind === "ready" ? "/api/health/ready" : kind === "detail" ? `/api/agents/${label}-1/details` : "/api/agents";
    const outcome: Outcome = { kind, sentAt: Date.now() };
    outcomes.push(outcome);
    try {
      const response = await server.fetch(target, init);
      await response.arrayBuffer();
      outcome.status = response.status;
      outcome.problem = response.headers.get("content-type") === "application/problem+json";
    } catch (error) {
      outcome.error = errorCode(error);
    }
  };
  const done = (async () => {
    const start = Date.now();
    for (let k = 0; k < MAX_REQUESTS && !stopped; k++) {
      const due = start + (Math.floor(k / BURST) * BURST * 1000) / RATE;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      if (stopped) break;
      if (pending.size >= MAX_OUTSTANDING) {
        notSent += 1;
        continue;
      }
      const request = one(k).finally(() => pending.delete(request));
      pending.add(request);
    }
    while (pending.size > 0) await Promise.allSettled([...pending]);
  })();
  return {
    outcomes,
    /** Requests answered with a 2xx so far. */
    succeeded: () => outcomes.filter((o) => o.status !== undefined && o.status >= 200 && o.status < 300).length,
    notSent: () => notSent,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
};

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

const readAnswer = (request: http.ClientRequest) =>
  new Promise<RawAnswer>((resolve, reject) => {
    request.once("error", reject);
    request.once("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.once("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      response.once("error", reject);
    });
  });

/** Runs the whole scenario against a fresh server with `env`; `closed()` checks the database was closed. */
const scenario = async (label: string, env: Record<string, string>, closed: (server: SystemServer) => Promise<void>) => {
  // No demo data (a quicker start): the admin comes from ADMIN_PASSWORD. No rate limit in the way.
  const server = await startServer({ env: { ...env, SEED_ON_FIRST_START: "false", RATE_LIMIT_PER_KEY: "1000000", RATE_LIMIT_PER_ADDRESS: "1000000" } });
  cleanups.push(() => server.stop(5_000));
  const key = await keyFor(server, ACCOUNTS.admin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  cleanups.push(async () => agent.destroy());
  const load = steadyLoad(server, key, `shutdown-${label}`);
  try {
    expect(await waitFor(() => load.succeeded() >= BEFORE_SIGNAL, 60_000, 50)).toBe(true);

    // A kept-alive connection, idle when the signal comes.
    const idle = await readAnswer(http.get({ host: "127.0.0.1", port: server.port, path: "/api/health/live", agent }));
    expect(idle.status).toBe(200);

    // A request in flight at the signal: the server has read its headers (it answered 100 Continue,
    // which Node does as it hands the request to the handler); its body comes after the signal.
    const inFlight = http.request({
      host: "127.0.0.1",
      port: server.port,
      method: "POST",
      path: "/api/agents",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", expect: "100-continue" },
    });
    const inFlightAnswer = readAnswer(inFlight);
    inFlightAnswer.catch(() => {});
    await new Promise<void>((resolve, reject) => {
      inFlight.once("continue", resolve);
      inFlight.once("error", reject);
    });

    const signalledAt = Date.now();
    process.kill(server.pid, "SIGTERM");
    expect(await waitFor(() => server.jsonLines().some((line) => line.msg === "shutdown: stop accepting, finish in-flight requests"), 30_000, 20)).toBe(true);

    // A new request on the connection kept from before: refused with a 503 problem, cleanly.
    const late = await readAnswer(http.get({ host: "127.0.0.1", port: server.port, path: "/api/agents?limit=1", agent }));
    expect(late.status).toBe(503);
    expect(late.headers["content-type"]).toBe("application/problem+json");
    expect(late.headers["retry-after"]).toBe("5");
    expect(late.headers.connection).toBe("close");
    expect(JSON.parse(late.body)).toMatchObject({ status: 503, title: "Service Unavailable" });

    // The request in flight finishes, and its connection is not kept.
    inFlight.end(JSON.stringify({ id: `shutdown-${label}-in-flight`, name: "In flight at SIGTERM", aiEngine: "GPT-4o" }));
    const finished = await inFlightAnswer;
    expect(finished.status).toBe(201);
    expect(finished.headers.connection).toBe("close");

    const exit = await server.exited;
    await load.stop();
    expect(exit).toEqual({ code: 0, signal: null });

    const outcomes = load.outcomes;
    const after = outcomes.filter((o) => o.sentAt >= signalledAt);
    const statuses: Record<string, number> = {};
    for (const o of outcomes) {
      const name = o.status !== undefined ? `${o.status}${o.problem ? " problem" : ""}` : `error ${o.error}`;
      statuses[name] = (statuses[name] ?? 0) + 1;
    }
    figures[label] = { requests: outcomes.length, sentAfterSignal: after.length, notSent: load.notSent(), statuses };

    // Every request: a 2xx (200 for reads, 201 for creates), a 503 problem, or refused before accept.
    const wrong = outcomes.filter(
      (o) =>
        !(o.status !== undefined && o.status >= 200 && o.status < 300) &&
        !(o.status === 503 && o.problem) &&
        // The detail of one agent created by the load, asked before its create was answered.
        !(o.status === 404 && o.kind === "detail") &&
        o.error !== "ECONNREFUSED",
    );
    expect(wrong).toEqual([]);
    expect(load.succeeded()).toBeGreaterThanOrEqual(BEFORE_SIGNAL);
    // The load went on through the shutdown and past the exit.
    expect(after.length).toBeGreaterThan(0);

    // From the signal on, nothing was cut off at the bound and nothing failed (before it, the
    // readiness polls of the start logged their 503s as failures).
    const all = server.jsonLines();
    const lines = all.slice(all.findIndex((line) => line.msg === "shutdown: stop accepting, finish in-flight requests"));
    expect(lines.filter((line) => line.msg === "shutdown: in-flight requests past the bound are cut off")).toEqual([]);
    expect(lines.filter((line) => line.level === "error" || line.level === "fatal")).toEqual([]);
    expect(lines.some((line) => line.msg === "shutdown: done")).toBe(true);
    await closed(server);
  } finally {
    await load.stop();
    agent.destroy();
    await server.stop(5_000);
  }
};

describe("SIGTERM under a steady load", () => {
  it("embedded database: every request answered or refused before accept, none reset; the folder is released", async () => {
    const data = tempDataDir();
    cleanups.push(async () => data.remove());
    await scenario("embedded", { DATA_DIR: data.dir }, async () => {
      // The database was closed (close() removes the lock file last).
      expect(existsSync(path.join(data.dir, "syndicate.lock"))).toBe(false);
    });
  }, 240_000);

  it("PostgreSQL server: every request answered or refused before accept, none reset; no session left", async () => {
    let base = process.env.DATABASE_URL;
    if (!base) {
      const cluster = await postgresCluster();
      cleanups.push(() => cluster.destroy());
      await cluster.start();
      base = cluster.url();
    }
    const db = await freshDatabase(base, "shutdown");
    cleanups.push(db.drop);
    await scenario("server", { DATABASE_URL: db.url }, async () => {
      // The pool and the readiness probe's connection were closed: no session of the server remains.
      const admin = new pg.Client({ connectionString: base });
      admin.on("error", () => {});
      await admin.connect();
      try {
        const sessions = async () =>
          Number((await admin.query("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1", [db.name])).rows[0].n);
        // A backend ends a moment after its client closed the connection: poll.
        expect(await waitFor(async () => (await sessions()) === 0, 10_000, 100)).toBe(true);
      } finally {
        await admin.end();
      }
    });
  }, 240_000);
});
