// Every unit test file (vitest.config.ts, project "unit"): opening a database fails, naming the
// rule, instead of quietly opening an embedded one — through `prisma` or `getDb()` of lib/db, or
// `openDatabase` (which tests/helpers/db.ts and the rest of lib/ open databases with). Such a
// test belongs to the integration project.
import { vi } from "vitest";

const message = "unit tests open no database: list this test file as an integration test (vitest.config.ts)";

vi.mock("../../lib/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../lib/db/client")>()),
  openDatabase: () => {
    throw new Error(message);
  },
}));

// The process's handle, should anything reach it without opening one.
(globalThis as typeof globalThis & { __syndicateDb?: unknown }).__syndicateDb = new Proxy(
  {},
  {
    get: (_target, property) => {
      // Promise resolution probes `then`: the handle must not look like a promise.
      if (property === "then") return undefined;
      throw new Error(message);
    },
  },
);
