// Part of `npm run bench`: the API under load, and queries per request (docs/performance.md).
//
// On the PostgreSQL server (DATABASE_URL's), a fresh database seeded at --agents (100,000 by
// default; the seed time is a target) and ANALYZEd, as an operator does after a bulk load. On it:
//   - the app: the production build (scripts/own-server.ts: built under the .next-e2e lock, its own
//     process group), with an operator's API key and the rate limits lifted;
//   - the bare Next.js app (scripts/bench-bare-next.ts, built at bench time);
//   - the bare node:http server (scripts/bench-bare.ts).
// The two bare peers run the same code (scripts/bench-bare-answers.ts: the app's SQL and shaping
// functions). If the bare Next.js app cannot be built, the project's route handlers called from
// node:http (without Next.js) stand in for it.
//
// On the embedded database (PGlite): a data folder seeded the same way (its seed time is a row
// too) by a child process; the app started on it until its start-up work is done, stopped, and the
// folder copied; then the app on the folder and the bare node:http server on the copy, side by side
// (PGlite serves one process: one folder each).
//
// Fairness: every server is measured only once it is ready and its start-up work is done (no job
// running or due, no other session busy in the database; bounded waits); each is warmed on each
// route (--warmup seconds of the same load) before it is measured; before every warm-up and every
// measurement the bench waits for the database to be idle. Where several peers run at once, each
// route is measured in two halves in the order A B C, C B A, so that a change of the machine's load
// during the route falls on every peer alike; the halves' figures are averaged. A slow route's
// halves are lengthened so that each holds enough requests for a p99 (MIN_REQUESTS).
//
// Targets per route: the app ≥ 0.5× the bare node:http server's requests/s and p99 ≤ 3× its p99.
// App vs bare Next.js and bare Next.js vs bare node:http are rows to read, not targets.
//
// Queries per request: the same route handlers called in this process on a small database (64
// agents) and on the large one, counting the statements node-postgres sends; target: equal.
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import type { BenchRow } from "./bench-table";
import type { RouteHandler } from "../lib/http/route";
import { freePort, freshDatabase, PASSWORD, ROOT, sleep, waitFor } from "../tests/system/server";
import { dropStaleDatabases, installSignalCleanup, removeFolder, startGroup, stopGroup, trackFolder, trackGroup, untrackGroup } from "./bench-processes";
import { buildBareNext, removeBareNext, startBareNext } from "./bench-bare-next";

export type ApiBenchOptions = { agents: number; connections: number; seconds: number; warmupSeconds: number; log: (line: string) => void };

/** An error that still carries the rows measured before it (scripts/bench.ts prints both). */
export class PartFailure extends Error {
  constructor(
    message: string,
    readonly rows: BenchRow[],
  ) {
    super(message);
  }
}

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

// The limits that protect a shared server from one client are lifted: the bench is that one client,
// and measures throughput, not refusals (the anonymous analyses' queue holds 4 by default, fewer
// than the bench's connections, so most of its requests were 503s).
const LIMITS = { RATE_LIMIT_PER_KEY: "100000000", RATE_LIMIT_PER_ADDRESS: "100000000", PUBLIC_SIMULATION_QUEUE_MAX: "1000", SIMULATION_QUEUE_MAX: "1000" };
// Every peer runs the simulations on the app's own compiled worker.
const WORKER_FILE = path.join(ROOT, ".next-e2e", "workers", "simulation.mjs");

// ---- load --------------------------------------------------------------------------------------

type Load = { rps: number; p50: number; p99: number; failed: number };

/** A server under test: where it answers, and how to wait until its database is idle. */
type Peer = { name: string; url: string; idle: () => Promise<void> };

const load = async (url: string, target: Target, headers: Record<string, string>, connections: number, seconds: number): Promise<Load> => {
  const result = await autocannon({
    url: url + target.path,
    method: target.method,
    headers: { ...headers, ...(target.body ? { "content-type": "application/json" } : {}) },
    body: target.body,
    connections,
    duration: seconds,
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.errors + result.timeouts + result.non2xx };
};

const mean = (loads: Load[]): Load => ({
  rps: loads.reduce((sum, one) => sum + one.rps, 0) / loads.length,
  p50: loads.reduce((sum, one) => sum + one.p50, 0) / loads.length,
  p99: loads.reduce((sum, one) => sum + one.p99, 0) / loads.length,
  failed: loads.reduce((sum, one) => sum + one.failed, 0),
});

// A p99 needs enough requests behind it: a slow route (the wallet metrics on the embedded database
// serve about 35 a second) would give a half of 2.5 s fewer than a hundred, whose p99 is the
// slowest one or two, decided by whichever peer a time slice lost to another process fell on. The
// halves of such a route are lengthened until each peer is expected to answer MIN_REQUESTS in one
// (its warm-up rate says how long that takes), at most MAX_HALF_SECONDS.
const MIN_REQUESTS = 400;
const MAX_HALF_SECONDS = 15;

/**
 * One route on its peers: each warmed (--warmup s), then measured in two halves, in the order
 * A B C then C B A (one peer: A then A), averaged. A half lasts --seconds ÷ 2, or longer on a slow
 * route (MIN_REQUESTS). The database is idle before each run.
 */
const measureRoute = async (peers: Peer[], target: Target, headers: Record<string, string>, options: ApiBenchOptions): Promise<Map<string, Load>> => {
  let slowest = Infinity;
  for (const peer of peers) {
    await peer.idle();
    const warm = await load(peer.url, target, headers, options.connections, options.warmupSeconds);
    slowest = Math.min(slowest, warm.rps);
  }
  const seconds = Math.min(MAX_HALF_SECONDS, Math.max(options.seconds / 2, Math.ceil(MIN_REQUESTS / Math.max(slowest, 1))));
  const halves = new Map<string, Load[]>(peers.map((peer) => [peer.name, []]));
  for (const peer of [...peers, ...[...peers].reverse()]) {
    await peer.idle();
    halves.get(peer.name)!.push(await load(peer.url, target, headers, options.connections, seconds));
  }
  return new Map([...halves].map(([name, loads]) => [name, mean(loads)]));
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

const comparable = (target: Target, body: Buffer) => (target.variable ? Buffer.from(body.toString("utf8").replace(target.variable, '""')) : body);

/** The bodies row of a route: every peer's body against the app's, byte for byte. */
const bodiesRow = (group: string, target: Target, bodies: Map<string, Buffer>, log: (line: string) => void): BenchRow => {
  const app = comparable(target, bodies.get("app")!);
  const others = [...bodies].filter(([name]) => name !== "app");
  const differing = others.filter(([, body]) => !comparable(target, body).equals(app));
  for (const [name, body] of differing) log(`${target.name}: the ${name}'s body differs from the app's (${body.length} against ${bodies.get("app")!.length} bytes)`);
  const names = others.map(([name]) => name).join(" = ");
  return {
    group,
    name: `${target.name}: bodies byte-equal`,
    measured: bodies.get("app")!.length,
    unit: "bytes",
    target: `app = ${names}${target.variable ? " (but the measured time)" : ""}`,
    holds: differing.length === 0,
    detail: others.map(([name, body]) => `${name} ${differing.some(([other]) => other === name) ? `differs (${body.length} B)` : "same"}`).join(", "),
  };
};

const figures = (name: string, load: Load) => `${name} ${Math.round(load.rps)} req/s p99 ${Math.round(load.p99)} ms`;

/** The two target rows (app against the bare node:http server) of a route. */
const targetRows = (group: string, target: Target, app: Load, bare: Load, extra: string): BenchRow[] => {
  const throughput = app.rps / bare.rps;
  const p99 = app.p99 / Math.max(bare.p99, 1);
  // A server that answered nothing, or failed requests, gives no ratio: the target does not hold.
  const answered = app.rps > 0 && bare.rps > 0 && app.failed + bare.failed === 0;
  const failures = app.failed + bare.failed ? `; failed requests: app ${app.failed}, bare ${bare.failed}` : "";
  const detail = `${figures("app", app)}; ${figures("bare node:http", bare)}${extra}${failures}`;
  return [
    { group, name: `${target.name}: req/s vs bare node:http`, measured: throughput, unit: "×", target: "≥ 0.5×", holds: answered && throughput >= 0.5, detail },
    { group, name: `${target.name}: p99 vs bare node:http`, measured: p99, unit: "×", target: "≤ 3×", holds: answered && p99 <= 3, detail },
  ];
};

/** A row to read: `a`'s requests/s against `b`'s. */
const infoRow = (group: string, target: Target, aName: string, a: Load, bName: string, b: Load): BenchRow => ({
  group,
  name: `${target.name}: ${aName} vs ${bName}`,
  measured: a.rps / b.rps,
  unit: "× req/s",
  target: "(to read)",
  holds: true,
  informational: true,
  detail: `${figures(aName, a)}; ${figures(bName, b)}; p99 ${(a.p99 / Math.max(b.p99, 1)).toFixed(2)}×${a.failed + b.failed ? `; failed requests ${a.failed + b.failed}` : ""}`,
});

// ---- waiting for quiet -------------------------------------------------------------------------

/** Jobs running or due, and other sessions not idle, in the database of `client`. */
const BUSY_SQL = `SELECT
  (SELECT count(*) FROM "Job" WHERE status = 'RUNNING' OR (status = 'QUEUED' AND "runAfter" <= (now() AT TIME ZONE 'UTC')))::int AS jobs,
  (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND state <> 'idle')::int AS sessions`;

/**
 * Waits until nothing runs in the database of `client` (no job running or due, every other
 * session idle) for `quietMs` in a row; gives up after `boundMs`. Answers the seconds waited and
 * whether it became quiet.
 */
const waitDatabaseQuiet = async (client: pg.Client, quietMs: number, boundMs: number) => {
  const started = performance.now();
  let quietSince: number | undefined;
  for (;;) {
    const now = performance.now();
    const { rows } = await client.query<{ jobs: number; sessions: number }>(BUSY_SQL);
    if (rows[0].jobs === 0 && rows[0].sessions === 0) {
      quietSince ??= now;
      if (now - quietSince >= quietMs) return { seconds: (now - started) / 1000, quiet: true };
    } else quietSince = undefined;
    if (now - started > boundMs) return { seconds: (now - started) / 1000, quiet: false };
    await sleep(100);
  }
};

/**
 * The embedded database cannot be watched from outside its process: `probeUrl` (a route that
 * runs one statement) is asked until its answers come back fast (< 50 ms, PGlite runs one
 * statement at a time, so a probe waits for whatever is queued before it) for `quietMs` in a row.
 */
const waitProbeQuiet = async (probeUrl: string, quietMs: number, boundMs: number) => {
  const started = performance.now();
  let quietSince: number | undefined;
  for (;;) {
    const before = performance.now();
    const fast = await fetch(probeUrl)
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status === 200 && performance.now() - before < 50;
      })
      .catch(() => false);
    const now = performance.now();
    if (fast) {
      quietSince ??= before;
      if (now - quietSince >= quietMs) return { seconds: (now - started) / 1000, quiet: true };
    } else quietSince = undefined;
    if (now - started > boundMs) return { seconds: (now - started) / 1000, quiet: false };
    await sleep(100);
  }
};

/** The jobs that ran in the database since `since` (kinds, how many, the longest), for the log. */
const jobsSince = async (client: pg.Client, since: Date) => {
  const { rows } = await client.query<{ kind: string; runs: number; longest: number | null }>(
    `SELECT kind, count(*)::int AS runs, max(extract(epoch FROM ("finishedAt" - "startedAt")) * 1000)::float AS longest
       FROM "Job" WHERE "startedAt" >= ($1::timestamptz AT TIME ZONE 'UTC') GROUP BY kind ORDER BY kind`,
    [since.toISOString()],
  );
  return rows.length ? rows.map((row) => `${row.kind} ×${row.runs} (longest ${row.longest === null ? "still running" : `${Math.round(row.longest)} ms`})`).join(", ") : "none";
};

// ---- servers -----------------------------------------------------------------------------------

/** The bare node:http server (and, when asked, the route handlers without Next.js) in a child group. */
const startBare = async (env: Record<string, string | undefined>, withHandlers: boolean) => {
  const [barePort, handlerPort] = [await freePort(), await freePort()];
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    ...LIMITS,
    ...env,
    NODE_ENV: "production",
    SIMULATION_WORKER_FILE: WORKER_FILE,
    BARE_PG_PORT: String(barePort),
    BARE_HANDLER_PORT: withHandlers ? String(handlerPort) : undefined,
    BENCH_PARENT_PID: String(process.pid),
  };
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
  const child = startGroup(process.execPath, ["--import", "tsx", "scripts/bench-bare.ts"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"], env: childEnv as NodeJS.ProcessEnv });
  const url = `http://127.0.0.1:${barePort}`;
  const up = await waitFor(
    async () => {
      if (child.exitCode !== null) return true;
      try {
        return (await fetch(`${url}/health`)).status === 200 && (!withHandlers || (await fetch(`http://127.0.0.1:${handlerPort}/none`)).status === 404);
      } catch {
        return false;
      }
    },
    120_000,
    200,
  );
  if (!up || child.exitCode !== null) {
    await stopGroup(child);
    throw new Error("the bare servers did not start");
  }
  return { url, handlerUrl: `http://127.0.0.1:${handlerPort}`, stop: () => stopGroup(child) };
};

const startApp = async (label: string, env: Record<string, string | undefined>) => {
  const { startOwnServer } = await import("./own-server");
  const { server } = await startOwnServer(label, { ...LIMITS, SEED_ON_FIRST_START: "false", ...env });
  trackGroup(server.pid);
  return server;
};

const stopApp = async (app: { pid: number }) => {
  const { stopOwnServer } = await import("./own-server");
  await stopOwnServer();
  untrackGroup(app.pid);
};

// ---- the PostgreSQL server ---------------------------------------------------------------------

type Seeded = { url: string; name: string; seedSeconds: number; analyzeSeconds: number };

/** Runs `work` with a fresh database of `agents` seeded agents (then ANALYZEd) on DATABASE_URL's server; drops it after. */
const withSeededDatabase = async <T>(label: string, agents: number, log: (line: string) => void, work: (db: Seeded) => Promise<T>) => {
  const db = await freshDatabase(process.env.DATABASE_URL, label);
  try {
    const { applyMigrations, openDatabase } = await import("../lib/db");
    const { seedDatabase } = await import("../lib/seed");
    // One long transaction: the generous bounds of a bulk load, not those of a request.
    const handle = openDatabase({ mode: "server", url: db.url, timeouts: { statementMs: 600_000, transactionMs: 3_600_000 } });
    let seedSeconds = 0;
    let analyzeSeconds = 0;
    try {
      await applyMigrations(handle.sql);
      log(`seeding ${agents.toLocaleString("en-US")} agents into ${db.name}…`);
      const started = performance.now();
      await seedDatabase(handle.prisma, { agents, adminPassword: PASSWORD, log: (line) => log(line) });
      seedSeconds = (performance.now() - started) / 1000;
      const analyzing = performance.now();
      await handle.sql.exec("ANALYZE");
      analyzeSeconds = (performance.now() - analyzing) / 1000;
      log(`seeded in ${seedSeconds.toFixed(1)} s, analyzed in ${analyzeSeconds.toFixed(1)} s`);
    } finally {
      await handle.close();
    }
    return await work({ url: db.url, name: db.name, seedSeconds, analyzeSeconds });
  } finally {
    await db.drop().catch((error: unknown) => log(`could not drop ${db.name}: ${String(error)}`));
  }
};

const seedRow = (where: string, agents: number, seconds: number, analyzeSeconds: number): BenchRow => ({
  group: "seed",
  name: `seed ${agents.toLocaleString("en-US")} agents (${where})`,
  measured: seconds,
  unit: "s",
  target: "< 60 s",
  holds: seconds < 60,
  detail: `squads, syndicates, history, roles, marketplace, deployments, tasks, wallets; one transaction; then ANALYZE ${analyzeSeconds.toFixed(1)} s (not counted)`,
});

const runServerPart = async (options: ApiBenchOptions, bareNextBuilt: boolean, rows: BenchRow[]) => {
  const { log } = options;
  await withSeededDatabase("bench_api", options.agents, log, async (db) => {
    rows.push(seedRow("PostgreSQL server", options.agents, db.seedSeconds, db.analyzeSeconds));
    // The key: made directly in the database, for the seeded operator.
    process.env.DATABASE_URL = db.url;
    const { createApiKey } = await import("../lib/auth/manage-api-keys");
    const { OPERATOR_USER_ID } = await import("../lib/seed");
    const { closeDatabase } = await import("../lib/db");
    const { key } = await createApiKey(OPERATOR_USER_ID, { name: "bench" });
    await closeDatabase();

    const watcher = new pg.Client({ connectionString: db.url });
    // Cut off when a Ctrl-C drops the database under it: the clean-up goes on, the process exits.
    watcher.on("error", () => {});
    await watcher.connect();
    const idle = async () => {
      const { quiet, seconds } = await waitDatabaseQuiet(watcher, 300, 30_000);
      if (!quiet) log(`the database was still busy after ${seconds.toFixed(0)} s; measuring anyway`);
    };
    const stops: (() => Promise<void>)[] = [];
    try {
      const appStarted = new Date();
      const app = await startApp("bench_app", { DATABASE_URL: db.url });
      stops.push(() => stopApp(app));
      // The start-up work (migrations check, the admin, the first sweeps of the job worker) done.
      const settled = await waitDatabaseQuiet(watcher, 2_000, 120_000);
      log(`app ready; its start-up work ${settled.quiet ? "done" : "still running"} ${settled.seconds.toFixed(1)} s later (jobs run: ${await jobsSince(watcher, appStarted)})`);
      rows.push({
        group: "api setup",
        name: "app start-up work waited for (PostgreSQL server)",
        measured: settled.seconds,
        unit: "s",
        target: "(to read)",
        holds: true,
        informational: true,
        detail: `${settled.quiet ? "quiet" : "not quiet within the bound"}: no job running or due, no session busy, for 2 s`,
      });
      const peers: Peer[] = [{ name: "app", url: app.url, idle }];
      let handlerUrl: string | undefined;
      const env = { DATABASE_URL: db.url };
      if (bareNextBuilt) {
        const bareNext = await startBareNext({ ...env, SIMULATION_WORKER_FILE: WORKER_FILE });
        stops.push(bareNext.stop);
        peers.push({ name: "bare Next.js", url: bareNext.url, idle });
      }
      const bare = await startBare(env, !bareNextBuilt);
      stops.push(bare.stop);
      peers.push({ name: "bare node:http", url: bare.url, idle });
      if (!bareNextBuilt) {
        handlerUrl = bare.handlerUrl;
        peers.push({ name: "handler without Next.js", url: handlerUrl, idle });
      }
      const measuringFrom = new Date();
      const credential = { authorization: `Bearer ${key}` };
      for (const target of TARGETS) {
        const headers = target.credential ? credential : {};
        const bodies = new Map<string, Buffer>();
        for (const peer of peers) bodies.set(peer.name, await fetchBody(peer.url, target, headers));
        rows.push(bodiesRow("api bodies", target, bodies, log));
        const loads = await measureRoute(peers, target, headers, options);
        log(`${target.name}: ${[...loads].map(([name, one]) => `${name} ${Math.round(one.rps)} req/s (p99 ${Math.round(one.p99)} ms)`).join(", ")}`);
        const app = loads.get("app")!;
        const barePg = loads.get("bare node:http")!;
        const other = loads.get(bareNextBuilt ? "bare Next.js" : "handler without Next.js")!;
        const otherName = bareNextBuilt ? "bare Next.js" : "handler without Next.js";
        rows.push(...targetRows("api (PostgreSQL)", target, app, barePg, `; ${figures(otherName, other)}`));
        rows.push(infoRow("api (PostgreSQL)", target, "app", app, otherName, other));
        rows.push(infoRow("api (PostgreSQL)", target, otherName, other, "bare node:http", barePg));
      }
      log(`jobs that ran while measuring: ${await jobsSince(watcher, measuringFrom)}`);
    } finally {
      for (const stop of stops.reverse()) await stop().catch((error: unknown) => log(`stopping: ${String(error)}`));
      await watcher.end().catch(() => {});
    }
    rows.push(...(await runQueryCount(db.url, options)));
  });
};

// ---- the embedded database ---------------------------------------------------------------------

/** Seeds `dir` in a child of its own (scripts/bench-embedded-seed.ts); answers its times and the operator's key. */
const seedEmbedded = async (dir: string, agents: number) => {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dir, BENCH_AGENTS: String(agents), DATABASE_URL: undefined };
  delete env.DATABASE_URL;
  const child = startGroup(process.execPath, ["--import", "tsx", "scripts/bench-embedded-seed.ts"], { cwd: ROOT, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (err = (err + chunk.toString()).slice(-5_000)));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  await stopGroup(child);
  const line = out.split("\n").find((text) => text.startsWith("BENCH_SEEDED "));
  if (code !== 0 || !line) throw new Error(`seeding the embedded database failed (exit ${code}):\n${err}`);
  return JSON.parse(line.slice("BENCH_SEEDED ".length)) as { seconds: number; analyzeSeconds: number; key: string };
};

const runEmbeddedPart = async (options: ApiBenchOptions, rows: BenchRow[]) => {
  const { log } = options;
  const dir = mkdtempSync(path.join(tmpdir(), "syndicate-bench-embedded-"));
  trackFolder(dir);
  try {
    log(`seeding ${options.agents.toLocaleString("en-US")} agents into the embedded database (${dir})…`);
    const seeded = await seedEmbedded(dir, options.agents);
    log(`seeded in ${seeded.seconds.toFixed(1)} s, analyzed in ${seeded.analyzeSeconds.toFixed(1)} s`);
    rows.push(seedRow("embedded", options.agents, seeded.seconds, seeded.analyzeSeconds));
    const credential = { authorization: `Bearer ${seeded.key}` };
    const headersOf = (target: Target) => (target.credential ? credential : {});
    const results = new Map<string, { bodies: Map<string, Buffer>; loads: Map<string, Load> }>(
      TARGETS.map((target) => [target.name, { bodies: new Map(), loads: new Map() }]),
    );
    // The app first, alone, for its start-up work (the job worker's first poll and the sweeps it
    // queues), which changes rows; then stopped, and its folder copied for the bare server, so that
    // both serve the same rows at once, each from a folder of its own (PGlite serves one process),
    // and every route is measured in halves, A B then B A, as on the server.
    let app = await startApp("bench_app_embedded", { DATA_DIR: dir, DATABASE_URL: undefined });
    try {
      const probe = `${app.url}/api/health/ready`;
      await sleep(3_000);
      const settled = await waitProbeQuiet(probe, 2_000, 120_000);
      log(`app (embedded) ready; quiet ${settled.seconds.toFixed(1)} s later${settled.quiet ? "" : " (not within the bound)"}`);
      rows.push({
        group: "api setup",
        name: "app start-up work waited for (embedded)",
        measured: settled.seconds + 3,
        unit: "s",
        target: "(to read)",
        holds: true,
        informational: true,
        detail: `${settled.quiet ? "quiet" : "not quiet within the bound"}: 3 s, then readiness answering within 50 ms for 2 s`,
      });
    } finally {
      await stopApp(app);
    }
    const bareDir = mkdtempSync(path.join(tmpdir(), "syndicate-bench-embedded-bare-"));
    trackFolder(bareDir);
    try {
      cpSync(dir, bareDir, { recursive: true });
      app = await startApp("bench_app_embedded", { DATA_DIR: dir, DATABASE_URL: undefined });
      try {
        const bare = await startBare({ DATA_DIR: bareDir, DATABASE_URL: undefined }, false);
        try {
          const appProbe = `${app.url}/api/health/ready`;
          await waitProbeQuiet(appProbe, 2_000, 60_000);
          const peers: Peer[] = [
            { name: "app", url: app.url, idle: async () => void (await waitProbeQuiet(appProbe, 300, 30_000)) },
            { name: "bare node:http (PGlite)", url: bare.url, idle: async () => void (await waitProbeQuiet(`${bare.url}/health`, 300, 30_000)) },
          ];
          for (const target of TARGETS) {
            const result = results.get(target.name)!;
            for (const peer of peers) result.bodies.set(peer.name, await fetchBody(peer.url, target, headersOf(target)));
            result.loads = await measureRoute(peers, target, headersOf(target), options);
            log(`${target.name} (embedded): ${peers.map((peer) => { const one = result.loads.get(peer.name)!; return `${peer.name} ${Math.round(one.rps)} req/s (p99 ${Math.round(one.p99)} ms)`; }).join(", ")}`);
          }
        } finally {
          await bare.stop();
        }
      } finally {
        await stopApp(app);
      }
    } finally {
      removeFolder(bareDir);
    }
    for (const target of TARGETS) {
      const { bodies, loads } = results.get(target.name)!;
      rows.push(bodiesRow("api bodies (embedded)", target, bodies, log));
      rows.push(...targetRows("api (embedded)", target, loads.get("app")!, loads.get("bare node:http (PGlite)")!, ""));
    }
  } finally {
    removeFolder(dir);
  }
};

// ---- the API part ------------------------------------------------------------------------------

/** The API under load against its peers, on the PostgreSQL server and on the embedded database; also the seed rows. */
export const runApiBench = async (options: ApiBenchOptions): Promise<BenchRow[]> => {
  const { log } = options;
  const rows: BenchRow[] = [];
  const failures: string[] = [];
  // Its signal handlers first, so that ours set them aside (scripts/bench-processes.ts).
  await import("./own-server");
  const uninstall = installSignalCleanup();
  const serverUrl = process.env.DATABASE_URL;
  try {
    await dropStaleDatabases(log);
    let bareNextBuilt = false;
    try {
      const seconds = await buildBareNext(log);
      bareNextBuilt = true;
      rows.push({ group: "api setup", name: "bare Next.js app built", measured: seconds, unit: "s", target: "(to read)", holds: true, informational: true, detail: "next build --webpack of bench/.bare-next" });
    } catch (error) {
      // The handler without Next.js stands in for it (scripts/bench-bare.ts).
      log(`the bare Next.js app could not be built; the route handlers without Next.js stand in: ${String(error)}`);
      rows.push({ group: "api setup", name: "bare Next.js app built", measured: Number.NaN, target: "builds", holds: false, detail: String(error).slice(0, 200) });
    }
    for (const [name, part] of [
      ["api (PostgreSQL)", () => runServerPart(options, bareNextBuilt, rows)],
      ["api (embedded)", () => runEmbeddedPart(options, rows)],
    ] as const) {
      try {
        await part();
      } catch (error) {
        console.error(`[bench] ${name} failed:`, error);
        failures.push(name);
        rows.push({ group: name, name: "failed to run", measured: Number.NaN, target: "runs", holds: false, detail: error instanceof Error ? error.message.slice(0, 200) : String(error) });
      } finally {
        process.env.DATABASE_URL = serverUrl;
      }
    }
  } finally {
    removeBareNext();
    uninstall();
  }
  if (failures.length) throw new PartFailure(`${failures.join(" and ")} failed`, rows);
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
  const { createApiKey } = await import("../lib/auth/manage-api-keys");
  const { forgetCachedApiKeys } = await import("../lib/auth/resolve-principal");
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
  const small = await withSeededDatabase("bench_small", 64, () => {}, (db) => countOn(db.url));
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
