// A profiling tool, not part of the bench or the tests: the app-side cost of the hot API reads and
// of the startup sweeps at benchmark scale, on a PostgreSQL server (docs/performance.md).
//
//   npx tsx scripts/profile-hotpath.ts seed [agents]      template database syndicate_hotpath_tpl
//                                                         (seeded, ANALYZEd, an operator's API key)
//   npx tsx scripts/profile-hotpath.ts clone              syndicate_hotpath, a fresh copy of the template
//   npx tsx scripts/profile-hotpath.ts inproc [n] [rounds] route handlers called in this process,
//                                                         16 at a time, n requests per route
//   npx tsx scripts/profile-hotpath.ts sweeps             the startup sweeps on a fresh copy, timed
//   npx tsx scripts/profile-hotpath.ts server [dist]      `node server.mjs` (NEXT_DIST_DIR=dist, built
//                                                         beforehand), warmed, then autocannon per route
//   npx tsx scripts/profile-hotpath.ts drop               drops both databases
//
// ADMIN_URL (default postgresql://postgres@127.0.0.1:5432/postgres) names the server.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import pg from "pg";

const ADMIN_URL = process.env.ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const TEMPLATE = "syndicate_hotpath_tpl";
const WORK = "syndicate_hotpath";
const urlOf = (name: string) => ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
const KEY_FILE = "/tmp/syndicate-hotpath.key";

const admin = async <T>(fn: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

const load = () => loadavg().map((value) => value.toFixed(1)).join(" ");

const seed = async (agents: number) => {
  await admin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${WORK} WITH (FORCE)`);
    await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${TEMPLATE}`);
  });
  process.env.DATABASE_URL = urlOf(TEMPLATE);
  const { applyMigrations, openDatabase, useDatabase, closeDatabase } = await import("../lib/db");
  const { seedDatabase, OPERATOR_USER_ID } = await import("../lib/seed");
  const { createApiKey } = await import("../lib/auth/manage-api-keys");
  const handle = openDatabase({ mode: "server", url: urlOf(TEMPLATE), timeouts: { statementMs: 600_000, transactionMs: 3_600_000 } });
  useDatabase(handle);
  await applyMigrations(handle.sql);
  const started = performance.now();
  const summary = await seedDatabase(handle.prisma, { agents, adminPassword: "hotpath-password", log: (line) => console.log(line) });
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s (load ${load()}): ${summary}`);
  const { key } = await createApiKey(OPERATOR_USER_ID, { name: "hotpath" });
  writeFileSync(KEY_FILE, key);
  await handle.sql.exec("ANALYZE");
  await closeDatabase();
};

const clone = () =>
  admin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${WORK} WITH (FORCE)`);
    const started = performance.now();
    await client.query(`CREATE DATABASE ${WORK} TEMPLATE ${TEMPLATE}`);
    console.log(`cloned in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  });

const drop = () =>
  admin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${WORK} WITH (FORCE)`);
    await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  });

/** Ids the routes are called with: the first agent, squad and syndicate by id. */
const sampleIds = async () => {
  const client = new pg.Client({ connectionString: urlOf(WORK) });
  await client.connect();
  try {
    const first = async (table: string) => (await client.query(`SELECT id FROM "${table}" ORDER BY id LIMIT 1`)).rows[0].id as string;
    return { agent: await first("Agent"), squad: await first("Squad"), syndicate: await first("Syndicate") };
  } finally {
    await client.end();
  }
};

const routePaths = (ids: { agent: string; squad: string; syndicate: string }) => [
  "/api/agents?limit=100",
  `/api/agents/${ids.agent}/details`,
  "/api/squads?limit=100",
  `/api/squads/${ids.squad}/details`,
  "/api/syndicates?limit=100",
  `/api/syndicates/${ids.syndicate}/details`,
];

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const inproc = async (perRoute: number, rounds: number) => {
  process.env.DATABASE_URL = urlOf(WORK);
  process.env.RATE_LIMIT_PER_KEY = "100000000";
  process.env.RATE_LIMIT_PER_ADDRESS = "100000000";
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? "info";
  const key = readFileSync(KEY_FILE, "utf8").trim();
  const ids = await sampleIds();
  const agents = await import("../app/api/agents/route");
  const agentDetails = await import("../app/api/agents/[agentId]/details/route");
  const squads = await import("../app/api/squads/route");
  const squadDetails = await import("../app/api/squads/[squadId]/details/route");
  const syndicates = await import("../app/api/syndicates/route");
  const syndicateDetails = await import("../app/api/syndicates/[syndicateId]/details/route");
  const table: [string, Handler, Record<string, string>][] = [
    ["/api/agents?limit=100", agents.GET, {}],
    [`/api/agents/${ids.agent}/details`, agentDetails.GET, { agentId: ids.agent }],
    ["/api/squads?limit=100", squads.GET, {}],
    [`/api/squads/${ids.squad}/details`, squadDetails.GET, { squadId: ids.squad }],
    ["/api/syndicates?limit=100", syndicates.GET, {}],
    [`/api/syndicates/${ids.syndicate}/details`, syndicateDetails.GET, { syndicateId: ids.syndicate }],
  ];
  const only = process.env.ONLY;
  const call = async (path: string, handler: Handler, params: Record<string, string>) => {
    const response = await handler(new Request(`http://127.0.0.1${path}`, { headers: { authorization: `Bearer ${key}` } }), {
      params: Promise.resolve(params),
    });
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${Buffer.from(body).toString()}`);
    return body.byteLength;
  };
  for (const [path, handler, params] of table) for (let i = 0; i < 50; i++) await call(path, handler, params);
  for (let round = 0; round < rounds; round++) {
    for (const [path, handler, params] of table) {
      if (only && !path.includes(only)) continue;
      let next = 0;
      let bytes = 0;
      const cpu0 = process.cpuUsage();
      const started = performance.now();
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (next++ < perRoute) bytes = await call(path, handler, params);
        }),
      );
      const ms = performance.now() - started;
      const cpu = process.cpuUsage(cpu0);
      console.log(
        `${path.padEnd(48)} ${((perRoute / ms) * 1000).toFixed(0).padStart(6)} req/s  ${(((cpu.user + cpu.system) / perRoute)).toFixed(0).padStart(5)} µs CPU/req  ${bytes} B  load ${load()}`,
      );
    }
  }
  const { closeDatabase } = await import("../lib/db");
  await closeDatabase();
};

const sweeps = async () => {
  await clone();
  process.env.DATABASE_URL = urlOf(WORK);
  const { getDb, closeDatabase } = await import("../lib/db");
  // The sweeps record events: the outbox needs the catalog and its subscribers, as at startup.
  (await import("../lib/startup/register")).registerApp();
  const { sweepStaleDeployments } = await import("../lib/deployments/stale-sweep");
  const { sweepOverdueTasks } = await import("../lib/tasks/overdue-sweep");
  const { refreshLinkedWallets } = await import("../lib/wallet/indexing/refresh-job");
  const { sql } = getDb();
  const counts = async () =>
    (
      await sql.query<{ deployments: number; tasks: number; events: number; jobs: number }>(
        `SELECT (SELECT count(*)::int FROM "Deployment") AS deployments, (SELECT count(*)::int FROM "Task") AS tasks,
                (SELECT count(*)::int FROM "Event") AS events, (SELECT count(*)::int FROM "Job") AS jobs`,
      )
    )[0];
  console.log("before", await counts());
  const timed = async (name: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    try {
      const result = await work();
      const shown = Array.isArray(result) ? `${result.length} ids` : JSON.stringify(result);
      console.log(`${name}: ${(performance.now() - started).toFixed(0)} ms ${shown.slice(0, 200)} (load ${load()})`);
    } catch (error) {
      console.log(`${name}: FAILED after ${(performance.now() - started).toFixed(0)} ms: ${(error as Error).message}`);
    }
  };
  // As at startup: all three at once, beside each other on the pool.
  await Promise.all([
    timed("deployments.stale-sweep", () => sweepStaleDeployments()),
    timed("tasks.overdue-sweep", () => sweepOverdueTasks()),
    timed("wallet.refresh", () => refreshLinkedWallets()),
  ]);
  await timed("deployments.stale-sweep again", () => sweepStaleDeployments());
  await timed("tasks.overdue-sweep again", () => sweepOverdueTasks());
  console.log("after", await counts());
  await closeDatabase();
};

const run = (command: string, args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(" ")}: exit ${code}`))));
  });

const server = async (dist: string) => {
  const key = readFileSync(KEY_FILE, "utf8").trim();
  const ids = await sampleIds();
  const port = 3990;
  const env = {
    ...process.env,
    NEXT_DIST_DIR: dist,
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    DATABASE_URL: urlOf(WORK),
    SEED_ON_FIRST_START: "false",
    RATE_LIMIT_PER_KEY: "100000000",
    RATE_LIMIT_PER_ADDRESS: "100000000",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    ADMIN_PASSWORD: "hotpath-password",
  };
  const child = spawn("node", [...(process.env.CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/hotpath-prof"] : []), "server.mjs"], {
    env,
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // gone
    }
  };
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/health/ready`)).ok) break;
      } catch {
        // not yet
      }
      if (i > 600) throw new Error("server did not get ready");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const seconds = Number(process.env.SECONDS_PER ?? 5);
    const rounds = Number(process.env.ROUNDS ?? 1);
    const only = process.env.ONLY;
    const paths = routePaths(ids).filter((path) => !only || path.includes(only));
    const cannon = async (path: string, duration: number) => {
      const out = await run("npx", ["autocannon", "-j", "-c", "16", "-d", String(duration), "-H", `authorization=Bearer ${key}`, `${base}${path}`], process.env);
      const result = JSON.parse(out) as { requests: { average: number }; latency: { p99: number }; non2xx: number; errors: number };
      return result;
    };
    // Warm-up: startup work settles, every route runs a while.
    await new Promise((resolve) => setTimeout(resolve, Number(process.env.SETTLE_MS ?? 10_000)));
    for (const path of paths) await cannon(path, 3);
    for (let round = 0; round < rounds; round++) {
      for (const path of paths) {
        const result = await cannon(path, seconds);
        console.log(
          `${path.padEnd(48)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p99 ${result.latency.p99} ms  non2xx ${result.non2xx} errors ${result.errors}  load ${load()}`,
        );
      }
    }
  } finally {
    stop();
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
};

const [command, ...args] = process.argv.slice(2);
console.log(`${command} on ${cpus().length} cores, load ${load()}`);
if (command === "seed") await seed(Number(args[0] ?? 100_000));
else if (command === "clone") await clone();
else if (command === "inproc") await inproc(Number(args[0] ?? 2000), Number(args[1] ?? 1));
else if (command === "sweeps") await sweeps();
else if (command === "server") await server(args[0] ?? ".next-hotpath");
else if (command === "drop") await drop();
else throw new Error("commands: seed, clone, inproc, sweeps, server, drop");
process.exit(0);
