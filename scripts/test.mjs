// npm test: every test, in order — the lint run (with the layer rules of eslint.config.mjs), the API
// document through Redocly's and Spectral's rule sets (scripts/lint-api.ts), the unit tests (no
// database), the integration tests (on the embedded database or, with DATABASE_URL, on that
// PostgreSQL server; among them the schema/migration drift check), the production build
// (.next-e2e), the system tests that run the build's server as a process (tests/system,
// vitest.system.config.ts: put under load, killed and cut from their database), then the browser
// tests (Playwright in Chromium against that build). TEST_STEPS picks some of them (.ci/run runs
// the integration tests once more on the embedded database, beside the rest on the PostgreSQL server).
import { spawnSync } from "node:child_process";

// Chromium raises its compositor and main threads to nice -8 when it may, as root may. Where the
// kernel groups processes by session (Linux autogroups, the default) that only orders Chromium's own
// threads, since Playwright starts the browser in a session of its own; where it does not, they would
// take the cores from the app server under test. Run as root, the browser tests go without the
// capability to raise a priority, so the browser competes like any other process.
const withoutPriorityBoost = () =>
  process.getuid?.() === 0 && spawnSync("setpriv", ["--version"]).status === 0 ? ["setpriv", "--bounding-set", "-sys_nice"] : [];

const ALL_STEPS = [
  ["lint", "lint", ["npx", "eslint", "."]],
  ["apilint", "API document lint", ["npx", "tsx", "scripts/lint-api.ts"]],
  ["unit", "unit tests", ["npx", "vitest", "run", "--project", "unit"]],
  ["integration", "integration tests", ["npx", "vitest", "run", "--project", "integration"]],
  ["build", "build", ["node", "scripts/build-e2e.mjs"]],
  ["system", "system tests", ["npx", "vitest", "run", "--config", "vitest.system.config.ts"]],
  ["browser", "browser tests", [...withoutPriorityBoost(), "npx", "playwright", "test"]],
];

// TEST_STEPS=integration (a comma-separated list of the keys above; "vitest" = unit,integration)
// runs only those steps.
const only = process.env.TEST_STEPS?.split(",")
  .map((key) => key.trim())
  .filter(Boolean)
  .flatMap((key) => (key === "vitest" ? ["unit", "integration"] : [key]));
const unknown = (only ?? []).filter((key) => !ALL_STEPS.some(([name]) => name === key));
if (unknown.length > 0) {
  console.error(`TEST_STEPS: unknown step(s) ${unknown.join(", ")}; known: ${ALL_STEPS.map(([name]) => name).join(", ")}, vitest`);
  process.exit(2);
}
const steps = ALL_STEPS.filter(([name]) => !only || only.includes(name)).map(([, label, command]) => [label, command]);

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
