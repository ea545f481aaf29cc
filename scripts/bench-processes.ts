// Part of `npm run bench`: what the API part starts, and how all of it is undone — at the end, on
// failure, and on Ctrl-C or SIGTERM.
//
// - Every process runs in a process group of its own (detached); `stopGroup` ends it with SIGTERM
//   (graceful: the embedded database is closed), SIGKILL after a bound, and SIGKILL to the group
//   once more for anything it left behind.
// - Temporary folders (the bare Next.js app, the embedded database) are registered and removed.
// - Databases: every database this process creates on the server is named
//   `syndicate_<label>_<pid>_…` (tests/system/server.ts, freshDatabase); on a signal they are all
//   dropped (scripts/own-server.ts's own signal handler, which would exit first, is set aside
//   meanwhile: `installSignalCleanup`). At the start of a run, `dropStaleDatabases` drops the `syndicate_bench_*` databases of bench
//   runs whose process is gone (a run killed with SIGKILL could not clean up).
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { rmSync } from "node:fs";
import pg from "pg";
import { releaseE2eBuild } from "./e2e-lock.mjs";

const groups = new Set<number>();
const folders = new Set<string>();

const signalGroup = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone
  }
};

/** Spawns `command` in a process group of its own, killed on a signal if still running. */
export const startGroup = (command: string, args: string[], options: SpawnOptions): ChildProcess => {
  const child = spawn(command, args, { ...options, detached: true });
  if (!child.pid) throw new Error(`${command} ${args.join(" ")} did not start`);
  groups.add(child.pid);
  return child;
};

/** A group started elsewhere (the app server) that the signal handler must kill too. */
export const trackGroup = (pid: number) => groups.add(pid);
export const untrackGroup = (pid: number) => groups.delete(pid);

/** SIGTERM to the group, SIGKILL after `boundMs`; resolves when the leader has exited. */
export const stopGroup = async (child: ChildProcess, boundMs = 15_000) => {
  const pid = child.pid!;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    signalGroup(pid, "SIGTERM");
    const timer = setTimeout(() => signalGroup(pid, "SIGKILL"), boundMs);
    await exited;
    clearTimeout(timer);
  }
  signalGroup(pid, "SIGKILL");
  groups.delete(pid);
};

/** A temporary folder removed at the end, on failure and on a signal. */
export const trackFolder = (dir: string) => folders.add(dir);
export const removeFolder = (dir: string) => {
  rmSync(dir, { recursive: true, force: true });
  folders.delete(dir);
};

const adminUrl = () => {
  const url = new URL(process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
  url.pathname = "/postgres";
  return url.toString();
};

/** Drops the `syndicate_bench_*` databases of bench runs whose process is no longer running. */
export const dropStaleDatabases = async (log: (line: string) => void) => {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'syndicate\\_bench\\_%'`);
    for (const { datname } of rows) {
      const pid = Number(/_(\d+)_[a-z0-9]+$/.exec(datname)?.[1]);
      if (!pid || pid === process.pid) continue;
      let alive = true;
      try {
        process.kill(pid, 0);
      } catch (error) {
        alive = (error as NodeJS.ErrnoException).code === "EPERM";
      }
      if (alive) continue;
      log(`dropping ${datname}, left by a bench run that is gone`);
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
};

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

const removeQuietly = (dir: string) => {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  } catch (error) {
    console.error(`[bench] could not remove ${dir}: ${String(error)}`);
  }
};

/** Drops every database this process created (named `syndicate_<label>_<pid>_…`). */
const dropMine = async () => {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`syndicate\\_%\\_${process.pid}\\_%`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
};

/** A signal's clean-up: every group killed (and gone), every folder removed, every database of this process dropped. */
export const cleanUp = async () => {
  const killed = [...groups];
  for (const pid of killed) signalGroup(pid, "SIGKILL");
  groups.clear();
  // Gone before their folders are removed (a process still writing would refill them).
  for (let waited = 0; waited < 5_000 && killed.some(groupAlive); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  for (const dir of folders) removeQuietly(dir);
  folders.clear();
  await dropMine().catch((error: unknown) => console.error(`[bench] dropping this run's databases failed: ${String(error)}`));
};

/**
 * Makes this module the one handler of SIGINT and SIGTERM while the API part runs: clean up
 * synchronously (every group killed, folders removed, databases dropped, the build lock
 * released), then exit 130. The handlers registered before (scripts/own-server.ts stops its
 * server and exits as soon as it has none, which would end the process before this clean-up) are
 * set aside and put back by the function this answers.
 */
export const installSignalCleanup = () => {
  const signals = ["SIGINT", "SIGTERM"] as const;
  // `listeners` leaves out tsx's own hidden handler (it tells tsx's parent process that the signal
  // is handled): that one stays.
  const setAside = new Map(signals.map((signal) => [signal, process.listeners(signal) as ((signal: NodeJS.Signals) => void)[]]));
  for (const [signal, listeners] of setAside) for (const listener of listeners) process.off(signal, listener);
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.error(`\n[bench] ${signal}: stopping every process, removing temporary folders, dropping databases`);
    // Asynchronous: the event loop stays free for tsx's own handler, which must tell its parent
    // process of every signal within 30 ms (or that process kills this one).
    void cleanUp().finally(() => {
      releaseE2eBuild();
      process.exit(130);
    });
  };
  // Last resort (an exception that ends the process): no process group outlives the bench.
  const onExit = () => {
    for (const pid of groups) signalGroup(pid, "SIGKILL");
    for (const dir of folders) removeQuietly(dir);
  };
  for (const signal of signals) process.on(signal, onSignal);
  process.on("exit", onExit);
  return () => {
    for (const signal of signals) process.off(signal, onSignal);
    process.off("exit", onExit);
    for (const [signal, listeners] of setAside) for (const listener of listeners) process.once(signal, listener);
  };
};
