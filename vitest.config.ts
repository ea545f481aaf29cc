// Two projects (docs/conventions.md, "Tests"):
// - unit: tests that open no database (pure functions, parsers, simulators, schemas). They run in
//   seconds: `npx vitest run --project unit`. A unit test that reaches the process's database fails
//   (tests/helpers/unit-setup.ts): it belongs to the integration project.
// - integration: everything else. Each file starts from a copy of the run's migrated template
//   database (tests/helpers/global-setup.ts), embedded or on the server at DATABASE_URL.
// `npx vitest run` runs both. The system tests run the production server: their own config
// (vitest.system.config.ts).
import path from "node:path";
import { defineConfig } from "vitest/config";

/** Test files of tests/ that open no database (lib/ and scripts/ tests are unit tests unless listed in LIB_INTEGRATION). */
const UNIT_TESTS = [
  "tests/lint/layers.test.ts",
  "tests/lint/template.test.ts",
  "tests/lint/hops.test.ts",
  "tests/api/route-table.test.ts",
  "tests/api/openapi.test.ts",
  "tests/api/examples.test.ts",
  "tests/api/generated-client.test.ts",
  "tests/api/public-assets.test.ts",
  "tests/auth/sign-in-form.test.ts",
  "tests/forms/messages.test.ts",
  "tests/forms/suggested-id.test.ts",
  "tests/lists/list-params.test.ts",
  "tests/load/open-model.test.ts",
  "tests/quantum/circuit-examples.test.ts",
  "tests/quantum/classical-runtime.test.ts",
  "tests/quantum/dynamic.test.ts",
  "tests/quantum/histogram.test.ts",
  "tests/quantum/ibm.test.ts",
  "tests/quantum/kernels.test.ts",
  "tests/quantum/models.test.ts",
  "tests/quantum/qasm-fuzz.test.ts",
  "tests/quantum/qasm.test.ts",
  "tests/quantum/sampler-speed-parity.test.ts",
  "tests/quantum/sampler.test.ts",
  "tests/quantum/simulator.test.ts",
  "tests/quantum/wasm-kernels.test.ts",
  "tests/reliability/simulation-pool.test.ts",
  "tests/security/webhook-delivery-address.test.ts",
  "tests/wallet/sources.test.ts",
];

/** Tests beside the code that need a database. */
const LIB_INTEGRATION = ["lib/seed/seed.test.ts"];

const EXCLUDE = ["**/node_modules/**", "tests/system/**"];

// The sandbox's deadlines (docs/security.md) are short, counted in wall-clock time, and meant for a
// server that is not also running two test suites and a browser: on this machine under CI's load a
// 3,000-line program's reading took longer than its 1.5 s, and its test got a 503. The tests run with
// generous deadlines; a test of a deadline sets the one it tests (tests/reliability/sandbox.test.ts,
// simulation-pool.test.ts), and each file starts from these (tests/helpers/isolation.ts).
const GENEROUS_DEADLINES = {
  READER_TIMEOUT_MS: "60000",
  QUANTUM_READ_TIMEOUT_MS: "60000",
  PUBLIC_SIMULATION_TIMEOUT_MS: "120000",
  SIMULATION_TIMEOUT_MS: "120000",
};

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    environment: "node",
    env: GENEROUS_DEADLINES,
    // Two cores: a worker each.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", ...UNIT_TESTS],
          // One module graph per worker for all unit files (a fresh process per file costs more than
          // most of them take); what a file changes it restores (process.env, pools: afterEach/afterAll).
          isolate: false,
          globalSetup: ["tests/helpers/worker-bundle.ts"],
          exclude: [...EXCLUDE, ...LIB_INTEGRATION],
          setupFiles: ["tests/helpers/quiet-logs.ts", "tests/helpers/unit-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/**/*.test.ts", ...LIB_INTEGRATION],
          exclude: [...EXCLUDE, ...UNIT_TESTS],
          // Every file gets its own fresh database, copied from the run's migrated template. One
          // module graph per worker, as for the unit files (importing the app for each file cost
          // more than most files take): what a file changes of the process is undone when it ends
          // (tests/helpers/isolation.ts).
          isolate: false,
          globalSetup: ["tests/helpers/global-setup.ts", "tests/helpers/worker-bundle.ts"],
          setupFiles: ["tests/helpers/quiet-logs.ts", "tests/helpers/isolation.ts"],
        },
      },
    ],
  },
});
