// npm test: every test, in order — the lint run (with the layer rules of eslint.config.mjs), the
// schema/migration drift check, unit and API integration tests (vitest, on the embedded database
// or, with DATABASE_URL, on that PostgreSQL server), the production build (.next-e2e), the system
// tests that run that build's server as a process (tests/system, vitest.system.config.ts), then
// the browser tests (Playwright in Chromium against the same build).
import { spawnSync } from "node:child_process";

const steps = [
  ["lint", ["npx", "eslint", "."]],
  ["drift check", ["npx", "tsx", "scripts/db-migration.ts", "check"]],
  ["unit and integration tests", ["npx", "vitest", "run"]],
  ["build", ["node", "scripts/build-e2e.mjs"]],
  ["system tests", ["npx", "vitest", "run", "--config", "vitest.system.config.ts"]],
  ["browser tests", ["npx", "playwright", "test"]],
];

const results = [];
for (const [name, [command, ...args]] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: "inherit" });
  results.push({ name, ok: run.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  if (run.status !== 0) break;
}
console.log("");
for (const result of results) console.log(`${result.ok ? "✔" : "✘"} ${result.name} (${result.seconds} s)`);
const failed = results.filter((result) => !result.ok).length;
process.exit(failed === 0 && results.length === steps.length ? 0 : 1);
