// npm run bench [-- --agents 5000 --requests 3000 --concurrency 16]
//
// Measures in one run, on this machine, the app's GET /api/agents (a page of agent summaries
// with its total) against a bare node:http + pg server running the same SQL: the practical
// limit for that query. Prints throughput, latency and the ratio app / bare. Then runs the
// quantum simulator benchmark, the POST /quantum/run shots-scaling ratio and readiness latency
// during the largest allowed simulation. Ratios, not absolute numbers, are the targets:
// these machines are shared and noisy. All traffic stays on 127.0.0.1.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import pg from "pg";
import { applyMigrations, openDatabase } from "../lib/db";
import { seedDatabase } from "../lib/seed";

const { values } = parseArgs({
  options: {
    agents: { type: "string", default: "5000" },
    requests: { type: "string", default: "3000" },
    concurrency: { type: "string", default: "16" },
    port: { type: "string", default: "3900" },
  },
});
const AGENTS = Number(values.agents);
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
const APP_PORT = Number(values.port);
const BARE_PORT = APP_PORT + 1;
const PAGE = 100;

const serverUrl = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const dbName = `syndicate_bench_${process.pid}`;
const withDb = (name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: withDb("postgres") });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

// The same rows the API answers: a page of agent summaries ordered by id, and the total.
const SUMMARY_SQL = `
  SELECT a.id, a.name, r."roleName" AS "currentRole", a."completionRate", a.specialization
  FROM "Agent" a LEFT JOIN "AgentRole" r ON r."agentId" = a.id AND r.position = 0
  ORDER BY a.id LIMIT $1`;

const startBare = (pool: pg.Pool) =>
  new Promise<Server>((resolve) => {
    const server = createServer(async (_request, response) => {
      const [rows, total] = await Promise.all([pool.query(SUMMARY_SQL, [PAGE]), pool.query('SELECT count(*)::int AS n FROM "Agent"')]);
      response.writeHead(200, { "content-type": "application/json", "x-total-count": String(total.rows[0].n) });
      response.end(JSON.stringify(rows.rows));
    });
    server.listen(BARE_PORT, "127.0.0.1", () => resolve(server));
  });

const waitFor = async (url: string, timeoutMs = 120_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not come up`);
};

type Result = { rps: number; p50: number; p95: number; bytes: number };

const load = async (url: string): Promise<Result> => {
  const latencies: number[] = [];
  let bytes = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1;
      const t0 = performance.now();
      const response = await fetch(url);
      const body = await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      bytes = body.byteLength;
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: REQUESTS / seconds,
    p50: latencies[Math.floor(latencies.length * 0.5)],
    p95: latencies[Math.floor(latencies.length * 0.95)],
    bytes,
  };
};

const main = async () => {
  let app: ChildProcess | undefined;
  let bare: Server | undefined;
  let pool: pg.Pool | undefined;
  await admin(`CREATE DATABASE "${dbName}"`);
  try {
    console.log(`seeding ${AGENTS} agents into ${dbName}…`);
    const db = openDatabase({ mode: "server", url: withDb(dbName) });
    await applyMigrations(db.sql);
    await seedDatabase(db.prisma, { agents: AGENTS, adminPassword: "bench-password", log: () => {} });
    await db.close();

    const build = spawnSync("node", ["scripts/build-if-stale.mjs"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("build failed");
    app = spawn("npx", ["next", "start", "-p", String(APP_PORT), "-H", "127.0.0.1"], {
      stdio: "ignore",
      env: { ...process.env, DATABASE_URL: withDb(dbName), RATE_LIMIT_PER_ADDRESS: "100000000", NODE_ENV: "production" },
    });
    pool = new pg.Pool({ connectionString: withDb(dbName), max: 10 });
    bare = await startBare(pool);
    const appUrl = `http://127.0.0.1:${APP_PORT}/api/agents?limit=${PAGE}`;
    const bareUrl = `http://127.0.0.1:${BARE_PORT}/agents`;
    await waitFor(`http://127.0.0.1:${APP_PORT}/api/health`);

    // Warm both up (JIT, connection pools), then measure each in turn.
    const requests = REQUESTS;
    await Promise.all([fetch(appUrl), fetch(bareUrl)]);
    const bareResult = await load(bareUrl);
    const appResult = await load(appUrl);
    const row = (name: string, r: Result) =>
      `${name.padEnd(22)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   ${r.bytes} B`;
    console.log(`\nGET a page of ${PAGE} agent summaries + total, ${requests} requests, concurrency ${CONCURRENCY}, ${AGENTS} agents`);
    console.log(row("bare node:http + pg", bareResult));
    console.log(row("app GET /api/agents", appResult));
    console.log(`ratio app/bare throughput: ${(appResult.rps / bareResult.rps).toFixed(2)}   p95 latency: ${(appResult.p95 / bareResult.p95).toFixed(2)}×`);
  } finally {
    app?.kill("SIGTERM");
    bare?.close();
    await pool?.end();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  }
  if (existsSync("scripts/bench-quantum.ts")) {
    console.log("\nquantum simulator:");
    spawnSync("npx", ["tsx", "scripts/bench-quantum.ts"], { stdio: "inherit" });
  }
  if (existsSync("scripts/bench-quantum-run.ts")) {
    // POST /quantum/run at 20 qubits: 10^6 shots against 10^3 shots, end to end (target ≤ 1.5×).
    console.log("\nquantum run, shots scaling:");
    spawnSync("npx", ["tsx", "scripts/bench-quantum-run.ts"], { stdio: "inherit" });
  }
  // GET /api/health/ready while the largest allowed circuit runs (target: every answer < 100 ms).
  console.log("\nreadiness during the largest allowed simulation:");
  spawnSync("npx", ["tsx", "scripts/bench-health.ts"], { stdio: "inherit" });
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
