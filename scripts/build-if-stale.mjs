// Builds the app when there is no build yet or a source is newer than the last build.
import { spawnSync } from "node:child_process";
import { existsSync, statSync, readdirSync } from "node:fs";
import path from "node:path";

const root = process.cwd();
const distDir = process.env.NEXT_DIST_DIR || ".next";
const buildId = path.join(root, distDir, "BUILD_ID");
const SOURCES = ["app", "components", "lib", "public", "prisma", "instrumentation.ts", "next.config.mjs", "package.json"];
const SKIP = new Set(["node_modules", ".next", distDir, "generated"]);

const newestMtime = (target) => {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (!SKIP.has(entry)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
};

const stale = !existsSync(buildId) || SOURCES.some((source) => newestMtime(path.join(root, source)) > statSync(buildId).mtimeMs);
if (stale) {
  console.log("Building the app (first start, or the sources changed)…");
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The simulation worker is compiled next to the build (scripts/build-workers.mjs).
if (stale || !existsSync(path.join(root, distDir, "workers", "simulation.mjs"))) {
  const workers = spawnSync("node", ["scripts/build-workers.mjs"], { stdio: "inherit" });
  if (workers.status !== 0) process.exit(workers.status ?? 1);
}
