import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "tests/**/*.test.ts", "scripts/**/*.test.ts"],
    // The system tests run the production server: their own config (vitest.system.config.ts).
    exclude: ["**/node_modules/**", "tests/system/**"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    setupFiles: ["tests/helpers/quiet-logs.ts"],
    environment: "node",
    // Two cores: a worker each; every test file gets its own fresh database.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
