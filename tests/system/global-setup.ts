// Once per system-test run: hold the .next-e2e lock (so that a browser-test run on this checkout
// does not rebuild the folder under our servers) and make sure the build is current.
import { spawnSync } from "node:child_process";
import { acquireE2eLock, releaseE2eLock } from "../../scripts/e2e-lock.mjs";
import { DIST_DIR, ROOT } from "./server";

export default async function setup() {
  await acquireE2eLock({ log: (message) => console.log(message) });
  const build = spawnSync("node", ["scripts/build-if-stale.mjs"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NEXT_DIST_DIR: DIST_DIR } });
  if (build.status !== 0) {
    releaseE2eLock();
    throw new Error("the production build (.next-e2e) failed");
  }
  return () => releaseE2eLock();
}
