// `npm test`'s "build" step: the production build the system and browser tests run
// (NEXT_DIST_DIR=.next-e2e), rebuilt only when a source is newer, under the .next-e2e lock.
import { spawnSync } from "node:child_process";
import { acquireE2eLock, E2E_DIST_DIR, releaseE2eLock } from "./e2e-lock.mjs";

await acquireE2eLock({ log: (message) => console.log(message) });
let status;
try {
  status = spawnSync("node", ["scripts/build-if-stale.mjs"], { stdio: "inherit", env: { ...process.env, NEXT_DIST_DIR: E2E_DIST_DIR } }).status;
} finally {
  releaseE2eLock();
}
process.exit(status ?? 1);
