import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// A port of this run's own (set once here; the workers inherit it), so parallel runs never collide:
// one the system hands out as free (a port derived from the pid once fell on a running MariaDB's
// 3306). The config is read synchronously, hence the short child process.
const FREE_PORT = "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });";
process.env.E2E_PORT ??= execFileSync(process.execPath, ["-e", FREE_PORT], { encoding: "utf8" }).trim();
const port = Number(process.env.E2E_PORT);

// Debian's Chromium; Playwright never downloads a browser here. Its headless shell
// (apt-get install chromium-headless-shell) when installed: the browser without a window system, as
// Playwright's own headless runs use, it ran the browser tests in 381 s where the full browser took
// 621 s on this machine. Else the full browser (apt-get install chromium), which `--headed` needs too
// (CHROMIUM_PATH=/usr/bin/chromium).
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

// Browser contexts running at once. Each test has its own context and its own records (docs/conventions.md,
// "Browser tests"), so files run side by side; a file's tests run in order, one after another, unless the
// file says otherwise (pages.spec.ts runs its visits in parallel).
const workers = Number(process.env.E2E_WORKERS ?? 2);

const desktop = { ...devices["Desktop Chrome"], channel: undefined };
// Tests that change what the admin's wallet page shows (a chain imported, the address book), and the ones
// that read it: one at a time, beside everything else.
const WALLET = /wallet(-indexing)?\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  // What a page shows can take a while on CI, where the browser tests share two cores with two other
  // lanes of tests: a navigation or a simulation past 10 s failed two tests of a loaded run. A passing
  // expectation takes no longer for it; only a failing one fails later.
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed test's trace (every step's DOM and screenshots) for `npx playwright show-trace`. Not
    // in CI, whose clone goes with all it kept: recording every test's trace took a quarter of
    // the browser tests' CPU time (710 s of CPU with it, 531 s without; the run took 381 s, then 294 s).
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    // Each role signs in through the form once; the tests reuse those sessions (e2e/auth.ts).
    { name: "setup", testMatch: /auth\.setup\.ts$/, fullyParallel: true, use: desktop },
    { name: "wallet", testMatch: WALLET, dependencies: ["setup"], workers: 1, use: desktop },
    { name: "desktop", testIgnore: WALLET, dependencies: ["setup"], use: desktop },
  ],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${port}/api/health`,
    // Generous: a build, and possibly waiting for another run on this checkout to finish.
    timeout: 1_200_000,
    reuseExistingServer: false,
    // SIGTERM, not Playwright's default SIGKILL: scripts/e2e-server.mjs then stops the server and
    // throws its database away (the embedded folder, or the database made on the PostgreSQL server).
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "pipe",
    stderr: "pipe",
    // The server's output is piped into the test report: its request lines (info) would bury it,
    // while warnings and failed requests (error lines, with their stacks) stay.
    env: { E2E_PORT: String(port), LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
  },
});
