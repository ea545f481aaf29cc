// Processes the reliability tests start and stop themselves: a redis-server and a PostgreSQL
// cluster on free ports, each in a process group of its own that teardown stops (also on failure).
// A start resolves when the server says, in its own log, that it accepts connections.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import type { Readable } from "node:stream";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `check` until it is true or `timeoutMs` passes; answers whether it became true. (The system
 * tests wait with it for a server process's readiness over HTTP; the tests here wait for log lines.)
 */
export const waitFor = async (check: () => Promise<boolean> | boolean, timeoutMs: number, everyMs = 100) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await sleep(everyMs);
  }
};

/**
 * Resolves once `output` (a server's log) has a line containing `ready`; fails if the process exits
 * first. The rest of the log is read and dropped, so that a full pipe never blocks the server.
 */
const logSays = (child: ChildProcess, output: Readable, ready: string, what: string) =>
  new Promise<void>((resolve, reject) => {
    let text = "";
    let done = false;
    const exited = (code: number | null, signal: NodeJS.Signals | null) => {
      if (done) return;
      done = true;
      reject(new Error(`${what} exited (${signal ?? code}) before it was ready:\n${text.slice(-2000)}`));
    };
    output.on("data", (chunk: Buffer) => {
      if (done) return;
      text += chunk.toString();
      if (!text.includes(ready)) return;
      done = true;
      child.off("exit", exited);
      resolve();
    });
    child.once("exit", exited);
  });

const stopGroup = async (child: ChildProcess | undefined, signal: NodeJS.Signals = "SIGKILL") => {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid, signal);
  } catch {
    return;
  }
  await exited;
};

/** A redis-server of the test's own, without persistence; start() and stop() may repeat on one port. */
export const redisServer = async () => {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      detached: true,
      stdio: ["ignore", "pipe", "ignore"],
    });
    await logSays(child, child.stdout!, "Ready to accept connections", `redis-server on port ${port}`);
  };
  return { port, url: `redis://127.0.0.1:${port}`, start, stop: () => stopGroup(child) };
};

const PG_BIN = "/usr/lib/postgresql/15/bin";

/** The children of a process (from /proc): PostgreSQL's backends each lead a session of their own. */
const childrenOf = (pid: number) =>
  readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);

const signalAll = (pid: number | undefined, signal: NodeJS.Signals) => {
  if (!pid) return;
  for (const target of [pid, ...childrenOf(pid)]) {
    try {
      process.kill(target, signal);
    } catch {
      // gone meanwhile
    }
  }
};

/**
 * A PostgreSQL 15 cluster in a temporary folder on a free port (initdb, then pg_ctl-free: the
 * postgres process runs in a group of its own so that stop, SIGSTOP and SIGCONT reach it). Runs
 * as the `postgres` user when the tests run as root.
 */
export const postgresCluster = async () => {
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), "syndicate-pg-"));
  const dataDir = path.join(dir, "data");
  const wrap = (command: string, args: string[]): [string, string[]] =>
    asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  if (asRoot) spawnSync("chown", ["postgres", dir]);
  const [initCommand, initArgs] = wrap(path.join(PG_BIN, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const init = spawnSync(initCommand, initArgs, { encoding: "utf8" });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  // The postmaster itself is the child (no wrapper), leader of its own process group, so that
  // signals reach it and, for SIGSTOP, every backend it forked.
  const ids = asRoot
    ? { uid: Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim()), gid: Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim()) }
    : {};
  let child: ChildProcess | undefined;
  const start = async () => {
    const args = ["-D", dataDir, "-p", String(port), "-k", dir, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "max_connections=50"];
    // Its log goes to stderr (no logging collector in a fresh cluster).
    child = spawn(path.join(PG_BIN, "postgres"), args, { detached: true, stdio: ["ignore", "ignore", "pipe"], ...ids });
    await logSays(child, child.stderr!, "database system is ready to accept connections", `postgres on port ${port}`);
  };
  const url = (database = "postgres") => `postgresql://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    start,
    /** Stops the server: "fast" shutdown (SIGINT) by default, SIGKILL for a crash. */
    stop: (signal: NodeJS.Signals = "SIGINT") => stopGroup(child, signal),
    /** SIGSTOP to the postmaster and every backend: a server that hangs. */
    pause: () => signalAll(child?.pid, "SIGSTOP"),
    resume: () => signalAll(child?.pid, "SIGCONT"),
    destroy: async () => {
      signalAll(child?.pid, "SIGCONT");
      const backends = child?.pid ? childrenOf(child.pid) : [];
      await stopGroup(child, "SIGKILL");
      for (const pid of backends) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
