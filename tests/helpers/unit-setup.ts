// Every unit test file (vitest.config.ts, project "unit"): the process's database is a tripwire.
// A unit test that reaches it (through `prisma` or `getDb()` of lib/db) fails naming the rule,
// instead of quietly opening an embedded database: such a test belongs to the integration project.
const message = "unit tests open no database: list this test file as an integration test (vitest.config.ts)";

const tripwire = new Proxy(
  {},
  {
    get: (_target, property) => {
      // Promise resolution probes `then`: the handle must not look like a promise.
      if (property === "then") return undefined;
      throw new Error(message);
    },
  },
);

(globalThis as typeof globalThis & { __syndicateDb?: unknown }).__syndicateDb = tripwire;
