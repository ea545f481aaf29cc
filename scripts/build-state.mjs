// Whether a production build folder is behind its sources: no build yet, a source newer than its
// BUILD_ID, or the compiled workers missing (scripts/build-workers.mjs writes them beside it).
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["app", "components", "lib", "public", "prisma", "instrumentation.ts", "next.config.mjs", "package.json"];

const newestMtime = (target, skip) => {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (!skip.has(entry)) newest = Math.max(newest, newestMtime(path.join(target, entry), skip));
  }
  return newest;
};

/** True when Next's build in `distDir` is missing or older than a source. */
export const appIsStale = (root, distDir) => {
  const buildId = path.join(root, distDir, "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const skip = new Set(["node_modules", ".next", distDir, "generated"]);
  const built = statSync(buildId).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source), skip) > built);
};

/** True when the compiled workers are missing from `distDir`. */
export const workersAreMissing = (root, distDir) => !existsSync(path.join(root, distDir, "workers", "simulation.mjs"));

/** True when `node scripts/build-if-stale.mjs` would build something. */
export const buildIsStale = (root, distDir) => appIsStale(root, distDir) || workersAreMissing(root, distDir);
