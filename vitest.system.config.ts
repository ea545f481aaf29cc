// The system tests (tests/system): the production server as a process (server.mjs on the build in
// .next-e2e), killed, restarted and run twice over one database. Long timeouts; one file at a time
// (each starts servers of its own, and the machine has two cores).
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/system/**/*.test.ts"],
    globalSetup: ["tests/system/global-setup.ts"],
    setupFiles: ["tests/system/setup.ts"],
    environment: "node",
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
