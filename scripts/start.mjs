// npm start: build when the sources are newer than the last build, then serve on PORT (3000).
// On a fresh machine this is the one command after `npm install`: the embedded database is
// created, migrated and seeded by the server on its first start.
import { spawn, spawnSync } from "node:child_process";

const build = spawnSync("node", ["scripts/build-if-stale.mjs"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const port = process.env.PORT ?? "3000";
const server = spawn("npx", ["next", "start", "-p", port], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
