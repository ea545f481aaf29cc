// The setup every API test file shares: a fresh database for the file (dropped after it), a fresh
// in-memory rate limiter before each test (so that no test is limited by the ones before it),
// and, when asked, an operator's and a viewer's API key. `setup` runs once the database is ready.
import { afterAll, beforeAll, beforeEach } from "vitest";
import { memoryRateLimiter, useRateLimiter } from "../../lib/http/rate-limit";
import { useTestDatabase, type TestDatabase } from "./db";
import { userWithKey } from "./factories";

export type ApiTest = { db: TestDatabase; operator: string; viewer: string };

export const useApiTest = (options: { withKeys?: boolean; setup?: () => Promise<void> } = {}): ApiTest => {
  const api = {} as ApiTest;
  beforeAll(async () => {
    api.db = await useTestDatabase();
    if (options.withKeys) {
      api.operator = (await userWithKey("operator")).key;
      api.viewer = (await userWithKey("viewer")).key;
    }
    await options.setup?.();
  });
  afterAll(() => api.db.dispose());
  beforeEach(() => useRateLimiter(memoryRateLimiter()));
  return api;
};
