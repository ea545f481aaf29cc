// A production server of a script's own (`npm run soak`, the readiness bench): built when needed
// under the .next-e2e lock, started on a fresh database of the run's mode with the rate limits
// lifted, and stopped — its process group, its database, the lock — by `stopOwnServer`, which
// also runs on Ctrl-C or SIGTERM.
import { spawnSync } from "node:child_process";
import { acquireE2eLock, releaseE2eLock } from "./e2e-lock.mjs";
import { DIST_DIR, ROOT, startServer, testDatabase, type StartOptions, type SystemServer } from "../tests/system/server";

let server: SystemServer | undefined;
let cleanup = async () => {};
let lockHeld = false;

export const stopOwnServer = async () => {
  await server?.stop().catch(() => {});
  server = undefined;
  await cleanup().catch(() => {});
  cleanup = async () => {};
  if (lockHeld) releaseE2eLock();
  lockHeld = false;
};

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    console.error(`\n${signal}: stopping`);
    void stopOwnServer().then(() => process.exit(130));
  });

/** Builds if needed, then starts the server; `label` names its database. */
export const startOwnServer = async (label: string, env: StartOptions["env"] = {}) => {
  await acquireE2eLock({ log: (message) => console.log(message) });
  lockHeld = true;
  const build = spawnSync("node", ["scripts/build-if-stale.mjs"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NEXT_DIST_DIR: DIST_DIR } });
  if (build.status !== 0) throw new Error("the production build (.next-e2e) failed");
  const db = await testDatabase(label);
  cleanup = db.cleanup;
  server = await startServer({ env: { ...db.env, RATE_LIMIT_PER_KEY: "100000000", RATE_LIMIT_PER_ADDRESS: "100000000", ...env } });
  return { server, mode: db.mode };
};

