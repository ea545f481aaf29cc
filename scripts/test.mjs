// npm test: every test, in order — the lint run (with the layer rules of eslint.config.mjs), the
// schema/migration drift check, unit and API integration tests (vitest, on the embedded database
// or, with DATABASE_URL, on that PostgreSQL server), then the browser tests (Playwright in
// Chromium against the production build).
import { spawnSync } from "node:child_process";

const steps = [
  ["lint", ["npx", "eslint", "."]],
  ["drift check", ["npx", "tsx", "scripts/db-migration.ts", "check"]],
  ["unit and integration tests", ["npx", "vitest", "run"]],
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
