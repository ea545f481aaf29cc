// A production server of a script's own (`npm run soak`, the readiness bench): built when needed
// (and read under scripts/e2e-lock.mjs), started on a fresh database of the run's mode with the rate limits
// lifted, and stopped — its process group, its database, the lock — by `stopOwnServer`, which
// also runs on Ctrl-C or SIGTERM.
import { releaseE2eBuild, useE2eBuild } from "./e2e-lock.mjs";
import { startServer, testDatabase, type StartOptions, type SystemServer } from "../tests/system/server";

let server: SystemServer | undefined;
let cleanup = async () => {};
let lockHeld = false;

export const stopOwnServer = async () => {
  await server?.stop().catch(() => {});
  server = undefined;
  await cleanup().catch(() => {});
  cleanup = async () => {};
  if (lockHeld) releaseE2eBuild();
  lockHeld = false;
};

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    console.error(`\n${signal}: stopping`);
    void stopOwnServer().then(() => process.exit(130));
  });

/** Builds if needed, then starts the server; `label` names its database. */
export const startOwnServer = async (label: string, env: StartOptions["env"] = {}) => {
  await useE2eBuild({ log: (message) => console.log(message) });
  lockHeld = true;
  const db = await testDatabase(label);
  cleanup = db.cleanup;
  server = await startServer({ env: { ...db.env, RATE_LIMIT_PER_KEY: "100000000", RATE_LIMIT_PER_ADDRESS: "100000000", ...env } });
  return { server, mode: db.mode };
};

