// The server the Playwright tests drive: the production build, on a database of its own that
// is seeded on start and thrown away afterwards (a fresh embedded folder, or a fresh database
// on the PostgreSQL server when DATABASE_URL is set).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { E2E_DIST_DIR, releaseE2eBuild, useE2eBuild } from "./e2e-lock.mjs";
import { startStandInExplorer } from "./e2e-stand-in-explorer.mjs";

const port = process.env.E2E_PORT ?? "3100";
// One build folder for browser tests (Next writes its path into tsconfig.json, so it must not vary),
// built when stale and read until the server stops (scripts/e2e-lock.mjs: runs on one checkout
// share it, and a rebuild waits until none of them serves it).
const distDir = E2E_DIST_DIR;
const env = { ...process.env, NEXT_DIST_DIR: distDir, SEED_ON_FIRST_START: "true", ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? "e2e-admin-password", PORT: port };
// The browser tests sign in as each demo account with one known password.
env.OPERATOR_PASSWORD = env.VIEWER_PASSWORD = env.ADMIN_PASSWORD;
// The sandbox's deadlines are wall-clock time for a server that is not also running two test suites
// (vitest.config.ts says the same for the tests): the browser tests' server gets generous ones.
env.READER_TIMEOUT_MS ??= "60000";
env.QUANTUM_READ_TIMEOUT_MS ??= "60000";
env.PUBLIC_SIMULATION_TIMEOUT_MS ??= "120000";
// Playwright's request context keeps idle connections with no idle timeout of its own: a request
// sent on one just as the server closes it (after its 5 s keep-alive) is reset, which a CI run saw
// (ECONNRESET on a POST). The rule in docs/operations.md (the client's idle timeout shorter than the
// server's) applied to this client: the server keeps idle connections longer than a test may last (60 s), and a context lives one test.
env.SERVER_KEEP_ALIVE_TIMEOUT_MS ??= "120000";
// The webhooks spec registers a receiver on 127.0.0.1 (refused by default: docs/webhooks.md).
env.WEBHOOKS_ALLOW_PRIVATE_URLS ??= "true";
let cleanup = async () => {};
// A stand-in explorer for the chain e2e/wallet-indexing.spec.ts imports (unknown until then).
const explorer = await startStandInExplorer();
env.EXPLORER_URL_E2E_DEVNET = explorer.url;
const releaseLock = () => {
  releaseE2eBuild();
  void explorer.close();
};

if (process.env.DATABASE_URL) {
  const name = `syndicate_e2e_${process.pid}`;
  const adminUrl = new URL(process.env.DATABASE_URL);
  adminUrl.pathname = "/postgres";
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  cleanup = async () => {
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    releaseLock();
  };
} else {
  const dir = mkdtempSync(path.join(tmpdir(), "syndicate-e2e-"));
  env.DATA_DIR = dir;
  cleanup = async () => {
    rmSync(dir, { recursive: true, force: true });
    releaseLock();
  };
}

try {
  await useE2eBuild({ env });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await cleanup().catch(() => {});
  process.exit(1);
}

// The production server itself (server.mjs: request timeouts, graceful shutdown), as `npm start` runs it.
const server = spawn(process.execPath, ["server.mjs"], { stdio: "inherit", env: { ...env, HOSTNAME: "127.0.0.1" } });
let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
  await new Promise((resolve) => server.once("exit", resolve));
  await cleanup().catch(() => {});
  process.exit(0);
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void stop(signal));
server.on("exit", async (code) => {
  if (stopping) return;
  await cleanup().catch(() => {});
  process.exit(code ?? 1);
});
