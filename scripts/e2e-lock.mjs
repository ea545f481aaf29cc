// The lock on the browser and system tests' build folder (.next-e2e): Next writes that folder's
// path into tsconfig.json, so it must not vary, and two runs on one checkout would otherwise
// rebuild it under each other's running servers. The lock is a directory (mkdir is atomic) with
// the holder's PID inside; a lock whose holder is gone (killed, crashed) is taken over.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export const E2E_DIST_DIR = ".next-e2e";
const lockDir = `${E2E_DIST_DIR}.lock`;
const holderFile = path.join(lockDir, "pid");

const alive = (pid) => {
  try {
    return pid > 0 && process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but is someone else's.
    return error?.code === "EPERM";
  }
};

/** Waits until this process holds the lock (re-entrant for the same PID). */
export const acquireE2eLock = async ({ pid = process.pid, log = () => {} } = {}) => {
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
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
};

/** Releases the lock if this process holds it. */
export const releaseE2eLock = ({ pid = process.pid } = {}) => {
  const holder = Number(existsSync(holderFile) ? readFileSync(holderFile, "utf8") : 0);
  if (holder === pid) rmSync(lockDir, { recursive: true, force: true });
};
