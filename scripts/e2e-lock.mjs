// The browser and system tests' build folder (.next-e2e), shared by every run on one checkout: Next
// writes that folder's path into tsconfig.json, so it must not vary. Runs that only serve the build
// (the browser tests' server, the system tests' servers, a bench's server) read it side by side; a
// rebuild waits until none of them is reading, so that no server has its build replaced under it.
//
// - `.next-e2e.lock/` is the writer's lock: a directory (mkdir is atomic) with its holder's PID. It
//   is held to decide whether to build, to build, and to register as a reader; never while serving.
// - `.next-e2e.readers/<pid>` is one file per process that serves the build.
// A holder or reader whose process is gone (killed, crashed) no longer counts.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildIsStale } from "./build-state.mjs";

export const E2E_DIST_DIR = ".next-e2e";
const lockDir = `${E2E_DIST_DIR}.lock`;
const holderFile = path.join(lockDir, "pid");
const readersDir = `${E2E_DIST_DIR}.readers`;

const alive = (pid) => {
  try {
    return pid > 0 && process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but is someone else's.
    return error?.code === "EPERM";
  }
};

const pause = () => new Promise((resolve) => setTimeout(resolve, 500));

/** Waits until this process holds the writer's lock (re-entrant for the same PID). */
const lock = async (pid, log) => {
  let said = false;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(holderFile, String(pid));
      return;
    } catch {
      const holder = Number(existsSync(holderFile) ? readFileSync(holderFile, "utf8") : 0);
      if (holder === pid) return;
      if (holder > 0 && !alive(holder)) {
        rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (!said) log(`waiting for ${lockDir} (held by process ${holder || "?"})`);
      said = true;
      await pause();
    }
  }
};

const unlock = (pid) => {
  const holder = Number(existsSync(holderFile) ? readFileSync(holderFile, "utf8") : 0);
  if (holder === pid) rmSync(lockDir, { recursive: true, force: true });
};

/** The live processes reading the build other than `pid` (the files of dead ones are removed). */
const otherReaders = (pid) => {
  if (!existsSync(readersDir)) return [];
  const live = [];
  for (const name of readdirSync(readersDir)) {
    const reader = Number(name);
    if (reader === pid) continue;
    if (alive(reader)) live.push(reader);
    else rmSync(path.join(readersDir, name), { force: true });
  }
  return live;
};

/**
 * Makes sure the .next-e2e build is current, building it when a source changed (after every other
 * reader has let it go), and registers this process as a reader until `releaseE2eBuild`. Throws
 * when the build fails.
 */
export const useE2eBuild = async ({ pid = process.pid, log = () => {}, env = process.env } = {}) => {
  const root = process.cwd();
  await lock(pid, log);
  try {
    if (buildIsStale(root, E2E_DIST_DIR)) {
      let said = false;
      for (let readers = otherReaders(pid); readers.length > 0; readers = otherReaders(pid)) {
        if (!said) log(`the build is stale; waiting for the processes reading it (${readers.join(", ")}) to finish`);
        said = true;
        await pause();
      }
      const build = spawnSync("node", ["scripts/build-if-stale.mjs"], { cwd: root, stdio: "inherit", env: { ...env, NEXT_DIST_DIR: E2E_DIST_DIR } });
      if (build.status !== 0) throw new Error(`the production build (${E2E_DIST_DIR}) failed`);
    }
    mkdirSync(readersDir, { recursive: true });
    writeFileSync(path.join(readersDir, String(pid)), "");
  } finally {
    unlock(pid);
  }
};

/** This process no longer reads the build (and gives up the writer's lock should it hold it). */
export const releaseE2eBuild = ({ pid = process.pid } = {}) => {
  rmSync(path.join(readersDir, String(pid)), { force: true });
  unlock(pid);
};
