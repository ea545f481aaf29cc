// npm start: build when the sources are newer than the last build, then serve on PORT (3000)
// with server.mjs. On a fresh machine this is the one command after `npm install`: the embedded
// database is created, migrated and seeded by the server on its first start.
// The build and the server each run in a process group of their own; SIGTERM, SIGINT or SIGHUP
// here reaches that whole group (SIGHUP as SIGTERM), and this process exits when it has exited,
// with its status. The server shuts down by itself should this process vanish (kill -9).
import { spawn } from "node:child_process";

/** The group now running (the build, then the server), and the signal that asked us to stop. */
let current;
let stopSignal;

const signalGroup = (child, signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
};

const stop = (signal) => {
  stopSignal ??= signal;
  if (current) signalGroup(current, signal);
  else process.exit(1);
};

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stop(signal === "SIGHUP" ? "SIGTERM" : signal));

// Run through an npm script, this process's parent is the `sh -c` npm started, and npm passes a
// SIGTERM to that shell only: the shell dies and this process is left running, re-parented. The
// parent going away therefore means "stop" (under nohup the shell ignores the hang-up and stays).
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop("SIGTERM");
  }, 250).unref();
}

/** Runs `node <args>` in a group of its own; resolves with its exit code and signal. */
const run = (args, env = process.env) => {
  const child = spawn(process.execPath, args, { stdio: "inherit", detached: true, env });
  current = child;
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
};

const build = await run(["scripts/build-if-stale.mjs"]);
if (stopSignal) process.exit(build.code ?? 1);
if (build.code !== 0) process.exit(build.code ?? 1);

const server = await run(["server.mjs"], { ...process.env, PORT: process.env.PORT ?? "3000", SYNDICATE_SUPERVISOR_PID: String(process.pid) });
process.exit(server.code ?? (server.signal ? 1 : 0));
