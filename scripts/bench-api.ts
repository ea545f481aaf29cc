// Part of `npm run bench`: the API under load, and queries per request.
//
// On a fresh PostgreSQL database (DATABASE_URL's server) seeded at --agents (100,000 by default):
// the production build (scripts/own-server.ts: built under the .next-e2e lock, its own process
// group), and the two peers of scripts/bench-bare.ts in a child of their own. Each read route is
// answered by all three; the bodies are compared byte for byte once, then autocannon measures each
// in turn (fixed connections and duration, after a warm-up). Targets: the app ≥ 0.5× the bare
// server's requests/s and p99 ≤ 3× its p99.
//
// Queries per request: the same route handlers called in this process on a small database (64
// agents) and on the large one, counting the statements node-postgres sends; target: equal.
import { spawn, type ChildProcess } from "node:child_process";
import autocannon from "autocannon";
import pg from "pg";
import type { BenchRow } from "./bench-table";
import type { RouteHandler } from "../lib/http/route";
import { freePort, freshDatabase, PASSWORD, ROOT, sleep, waitFor } from "../tests/system/server";

export type ApiBenchOptions = { agents: number; connections: number; seconds: number; warmupSeconds: number; log: (line: string) => void };

type Target = {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  credential: boolean;
  /** Fields that differ by nature between two answers (a measured time), blanked before comparing. */
  variable?: RegExp;
};

// The routes measured. Ids are those of the deterministic seed (present at every size).
const TARGETS: Target[] = [
  { name: "GET /api/agents?limit=100", method: "GET", path: "/api/agents?limit=100", credential: true },
  { name: "GET /api/agents/{id}/details", method: "GET", path: "/api/agents/agent-0042/details", credential: true },
  { name: "GET /api/squads/{id}/details", method: "GET", path: "/api/squads/squad-0007/details", credential: true },
  { name: "GET /api/syndicates/{id}/details", method: "GET", path: "/api/syndicates/syndicate-0003/details", credential: true },
  // Without a credential (public reads): with one, every analysis is stored as a run of its user.
  { name: "GET /quantum/agent (1,024 shots)", method: "GET", path: "/quantum/agent?agentId=agent-0042&shots=1024&seed=1", credential: false, variable: /"simulationDuration":"[^"]*"/g },
  { name: "POST /api/metrics (seeded wallet)", method: "POST", path: "/api/metrics", body: "{}", credential: true },
];

type Load = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

const measure = async (url: string, target: Target, headers: Record<string, string>, options: ApiBenchOptions): Promise<Load> => {
  const run = (duration: number) =>
    autocannon({
      url: url + target.path,
      method: target.method,
      headers: { ...headers, ...(target.body ? { "content-type": "application/json" } : {}) },
      body: target.body,
      connections: options.connections,
      duration,
    });
  await run(options.warmupSeconds);
  const result = await run(options.seconds);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
};

const fetchBody = async (url: string, target: Target, headers: Record<string, string>) => {
  const response = await fetch(url + target.path, {
    method: target.method,
    headers: { ...headers, ...(target.body ? { "content-type": "application/json" } : {}) },
    body: target.body,
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${target.name} at ${url} answered ${response.status}: ${body.toString("utf8").slice(0, 300)}`);
  return body;
};

/** Runs `work` with a fresh database of `agents` seeded agents on DATABASE_URL's server; drops it after. */
const withSeededDatabase = async <T>(label: string, agents: number, log: (line: string) => void, work: (url: string, seedSeconds: number) => Promise<T>) => {
  const db = await freshDatabase(process.env.DATABASE_URL, label);
  databases.add(db.drop);
  try {
    const { applyMigrations, openDatabase } = await import("../lib/db");
    const { seedDatabase } = await import("../lib/seed");
    // One long transaction: the generous bounds of a bulk load, not those of a request.
    const handle = openDatabase({ mode: "server", url: db.url, timeouts: { statementMs: 600_000, transactionMs: 3_600_000 } });
    let seconds = 0;
    try {
      await applyMigrations(handle.sql);
      log(`seeding ${agents.toLocaleString("en-US")} agents into ${db.name}…`);
      const started = performance.now();
      await seedDatabase(handle.prisma, { agents, adminPassword: PASSWORD, log: (line) => log(line) });
      seconds = (performance.now() - started) / 1000;
      log(`seeded in ${seconds.toFixed(1)} s`);
    } finally {
      await handle.close();
    }
    return await work(db.url, seconds);
  } finally {
    databases.delete(db.drop);
    await db.drop().catch((error: unknown) => log(`could not drop ${db.name}: ${String(error)}`));
  }
};

const killGroup = (child: ChildProcess | undefined) => {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // gone
  }
};

// What a Ctrl-C or SIGTERM must undo before the process exits: the bare servers' group, the app
// server (own-server.ts stops it on the same signals) and every database this run created.
let bareChild: ChildProcess | undefined;
const databases = new Set<() => Promise<unknown>>();
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    killGroup(bareChild);
    void Promise.allSettled([...databases].map((drop) => drop())).then(() => process.exit(130));
  });
process.once("exit", () => killGroup(bareChild));

const LIMITS = { RATE_LIMIT_PER_KEY: "100000000", RATE_LIMIT_PER_ADDRESS: "100000000" };

const startBare = async (databaseUrl: string) => {
  const [pgPort, handlerPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench-bare.ts"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      ...LIMITS,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      BARE_PG_PORT: String(pgPort),
      BARE_HANDLER_PORT: String(handlerPort),
      BENCH_PARENT_PID: String(process.pid),
    },
  });
  bareChild = child;
  const up = await waitFor(async () => {
    try {
      return (await fetch(`http://127.0.0.1:${pgPort}/none`)).status === 404;
    } catch {
      return false;
    }
  }, 60_000, 200);
  if (!up) throw new Error("the bare servers did not start");
  return { pgUrl: `http://127.0.0.1:${pgPort}`, handlerUrl: `http://127.0.0.1:${handlerPort}`, stop: () => killGroup(child) };
};

const ratioRows = (group: string, target: Target, app: Load, peer: Load, peerName: string, detailExtra = ""): BenchRow[] => {
  const throughput = app.rps / peer.rps;
  const p99 = app.p99 / Math.max(peer.p99, 1);
  // A server that answered nothing in the window gives no ratio: the target does not hold.
  const answered = app.rps > 0 && peer.rps > 0;
  const figures = `app ${Math.round(app.rps)} req/s p99 ${app.p99} ms; ${peerName} ${Math.round(peer.rps)} req/s p99 ${peer.p99} ms${detailExtra}`;
  return [
    { group, name: `${target.name}: req/s vs ${peerName}`, measured: throughput, unit: "×", target: "≥ 0.5×", holds: answered && throughput >= 0.5, detail: figures },
    { group, name: `${target.name}: p99 vs ${peerName}`, measured: p99, unit: "×", target: "≤ 3×", holds: answered && p99 <= 3, detail: figures },
  ];
};

/** The API under load against its peers, on a database seeded at options.agents; also the seed row. */
export const runApiBench = async (options: ApiBenchOptions): Promise<BenchRow[]> => {
  const rows: BenchRow[] = [];
  const { log } = options;
  await withSeededDatabase("bench_api", options.agents, log, async (databaseUrl, seedSeconds) => {
    rows.push({
      group: "seed",
      name: `seed ${options.agents.toLocaleString("en-US")} agents (PostgreSQL server)`,
      measured: seedSeconds,
      unit: "s",
      target: "< 60 s",
      holds: seedSeconds < 60,
      detail: "squads, syndicates, history, roles, marketplace, deployments, tasks, wallets; one transaction",
    });
    // The key: made directly in the database, for the seeded operator.
    process.env.DATABASE_URL = databaseUrl;
    const { createApiKey } = await import("../lib/auth/api-keys");
    const { OPERATOR_USER_ID } = await import("../lib/seed");
    const { closeDatabase } = await import("../lib/db");
    const { key } = await createApiKey(OPERATOR_USER_ID, { name: "bench" });
    await closeDatabase();
    const { startOwnServer, stopOwnServer } = await import("./own-server");
    const bare = await startBare(databaseUrl);
    try {
      const { server } = await startOwnServer("bench_app", { ...LIMITS, DATABASE_URL: databaseUrl, SEED_ON_FIRST_START: "false" });
      const credential = { authorization: `Bearer ${key}` };
      for (const target of TARGETS) {
        const headers = target.credential ? credential : {};
        const [appBody, pgBody, handlerBody] = [
          await fetchBody(server.url, target, headers),
          await fetchBody(bare.pgUrl, target, headers),
          await fetchBody(bare.handlerUrl, target, headers),
        ];
        const comparable = (body: Buffer) => (target.variable ? Buffer.from(body.toString("utf8").replace(target.variable, '""')) : body);
        const samePg = comparable(appBody).equals(comparable(pgBody));
        const sameHandler = comparable(appBody).equals(comparable(handlerBody));
        if (!samePg) log(`${target.name}: the bare server's body differs from the app's (${pgBody.length} against ${appBody.length} bytes)`);
        if (!sameHandler) log(`${target.name}: the bare handler's body differs from the app's (${handlerBody.length} against ${appBody.length} bytes)`);
        rows.push({
          group: "api bodies",
          name: `${target.name}: bodies byte-equal`,
          measured: appBody.length,
          unit: "bytes",
          target: target.variable ? "app = bare = handler (but the measured time)" : "app = bare = handler",
          holds: samePg && sameHandler,
          detail: `bare ${samePg ? "same" : `differs (${pgBody.length} B)`}, handler ${sameHandler ? "same" : `differs (${handlerBody.length} B)`}`,
        });
        const app = await measure(server.url, target, headers, options);
        const barePg = await measure(bare.pgUrl, target, headers, options);
        const handler = await measure(bare.handlerUrl, target, headers, options);
        const failures = app.errors + app.non2xx + barePg.errors + barePg.non2xx;
        const extra = `; handler without Next ${Math.round(handler.rps)} req/s p99 ${handler.p99} ms${failures ? `; ${failures} failed requests` : ""}`;
        log(`${target.name}: app ${Math.round(app.rps)} req/s (p99 ${app.p99} ms), bare ${Math.round(barePg.rps)} (p99 ${barePg.p99}), handler ${Math.round(handler.rps)} (p99 ${handler.p99})`);
        rows.push(...ratioRows("api (PostgreSQL)", target, app, barePg, "bare node:http", extra));
      }
    } finally {
      bare.stop();
      await stopOwnServer();
    }
    rows.push(...(await runQueryCount(databaseUrl, options)));
  });
  return rows;
};

// ---- queries per request ----------------------------------------------------------------------

type Counted = { name: string; path: string; method: "GET" | "POST"; body?: string; load: () => Promise<Record<"GET" | "POST", RouteHandler>>; params?: Record<string, string> };

const COUNTED: Counted[] = [
  { name: "GET /api/agents", method: "GET", path: "/api/agents?limit=100", load: () => import("../app/api/agents/route") },
  { name: "GET /api/agents/{id}/details", method: "GET", path: "/api/agents/agent-0042/details", params: { agentId: "agent-0042" }, load: () => import("../app/api/agents/[agentId]/details/route") },
  { name: "GET /api/squads", method: "GET", path: "/api/squads?limit=100", load: () => import("../app/api/squads/route") },
  { name: "GET /api/squads/{id}/details", method: "GET", path: "/api/squads/squad-0007/details", params: { squadId: "squad-0007" }, load: () => import("../app/api/squads/[squadId]/details/route") },
  { name: "GET /api/syndicates", method: "GET", path: "/api/syndicates?limit=100", load: () => import("../app/api/syndicates/route") },
  { name: "GET /api/syndicates/{id}/details", method: "GET", path: "/api/syndicates/syndicate-0003/details", params: { syndicateId: "syndicate-0003" }, load: () => import("../app/api/syndicates/[syndicateId]/details/route") },
  { name: "POST /api/metrics", method: "POST", path: "/api/metrics", body: "{}", load: () => import("../app/api/metrics/route") },
];

// Every statement node-postgres sends, counted (the app's Prisma client goes through pg.Pool).
let statements = 0;
const countStatements = () => {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown; __benchCounted?: boolean };
  if (proto.__benchCounted) return;
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    statements += 1;
    return original.apply(this, args);
  };
  proto.__benchCounted = true;
};

const countOn = async (databaseUrl: string): Promise<Map<string, number>> => {
  const { closeDatabase } = await import("../lib/db");
  await closeDatabase();
  process.env.DATABASE_URL = databaseUrl;
  Object.assign(process.env, LIMITS);
  const { createApiKey } = await import("../lib/auth/api-keys");
  const { forgetCachedApiKeys } = await import("../lib/auth/principal");
  const { OPERATOR_USER_ID } = await import("../lib/seed");
  const { key } = await createApiKey(OPERATOR_USER_ID, { name: "bench queries" });
  const counts = new Map<string, number>();
  for (const counted of COUNTED) {
    const handler = (await counted.load())[counted.method];
    const call = async () => {
      const request = new Request(`http://127.0.0.1${counted.path}`, {
        method: counted.method,
        headers: { authorization: `Bearer ${key}`, ...(counted.body ? { "content-type": "application/json" } : {}) },
        body: counted.body,
      });
      const response = await handler(request, { params: Promise.resolve(counted.params ?? {}) });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${counted.name} answered ${response.status} while counting queries`);
      await sleep(50); // the key's best-effort lastUsedAt update
    };
    await call(); // warm: connections opened, caches filled
    // The key is looked up in every measured call (not taken from the 1 s key cache of reads, which
    // a slow warm call at one size and not the other would make differ).
    forgetCachedApiKeys();
    const before = statements;
    await call();
    counts.set(counted.name, statements - before);
  }
  await closeDatabase();
  return counts;
};

const runQueryCount = async (largeUrl: string, options: ApiBenchOptions): Promise<BenchRow[]> => {
  countStatements();
  options.log("counting queries per request (64 agents, then the large database)…");
  const small = await withSeededDatabase("bench_small", 64, () => {}, (url) => countOn(url));
  const large = await countOn(largeUrl);
  return COUNTED.map((counted) => {
    const [a, b] = [small.get(counted.name) ?? 0, large.get(counted.name) ?? 0];
    return {
      group: "queries per request",
      name: `${counted.name}: at ${options.agents.toLocaleString("en-US")} agents`,
      measured: b,
      unit: "statements",
      target: "= at 64 agents",
      holds: a === b,
      detail: `${a} at 64 agents (key lookup and its lastUsedAt included)`,
    };
  });
};
