// npm start: build when the sources are newer than the last build, then serve on PORT (3000)
// with server.mjs. On a fresh machine this is the one command after `npm install`: the embedded
// database is created, migrated and seeded by the server on its first start.
// The server runs in a process group of its own; SIGTERM or SIGINT here reaches that whole
// group, and the server shuts down by itself should this process vanish (kill -9).
import { spawn, spawnSync } from "node:child_process";

const build = spawnSync("node", ["scripts/build-if-stale.mjs"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(process.execPath, ["server.mjs"], {
  stdio: "inherit",
  detached: true,
  env: { ...process.env, PORT: process.env.PORT ?? "3000", SYNDICATE_SUPERVISOR_PID: String(process.pid) },
});
const forward = (signal) => {
  try {
    process.kill(-server.pid, signal);
  } catch {
    // already gone
  }
};
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => forward(signal === "SIGHUP" ? "SIGTERM" : signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
