// A database error's text may quote the values of the request that caused it ("invalid input
// syntax for type integer: \"<value>\""). The request's 500 line logs its code, a fixed sentence
// and the stack's frames, never that text: a real failing statement on the test database, with a
// value from the query string, leaves the value in no log line; an error that is not the
// database's keeps its message.
import { Writable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineOperation } from "../../lib/core";
import { prisma } from "../../lib/db";
import { route } from "../../lib/http";
import { DATABASE_ERROR_MESSAGE, useLogDestination } from "../../lib/http/log";
import { useApiTest } from "../helpers/api";
import { call } from "../helpers/http";

const VALUE = "user-value-8d1f6a";

const operation = defineOperation({
  method: "GET",
  path: "/api/test/database-error",
  operationId: "testDatabaseError",
  summary: "test",
  tags: ["test"],
  access: "public",
  query: z.object({ n: z.string(), database: z.enum(["yes", "no"]) }),
  responses: { 200: { description: "never" } },
});

const handler = route(operation, async ({ query }) => {
  if (query.database === "no") throw new Error(`plain failure with ${query.n}`);
  return prisma.$queryRaw`SELECT ${query.n}::int AS n`;
});

let lines: string[] = [];
let restore: () => void;
useApiTest();
beforeEach(() => {
  lines = [];
  restore = useLogDestination(
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    }),
  );
});
afterEach(() => restore());

describe("database errors in the request log", () => {
  it("logs the code and a fixed sentence, never the database's text with the request's value", async () => {
    const response = await call(handler, "GET", operation.path, { query: { n: VALUE, database: "yes" } });
    expect(response.status).toBe(500);
    expect(response.text).not.toContain(VALUE);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]) as { status: number; err: { type: string; message: string; code?: string; stack?: string } };
    expect(line.status).toBe(500);
    expect(line.err.message).toBe(DATABASE_ERROR_MESSAGE);
    expect(line.err.type).toMatch(/Prisma|DriverAdapter/);
    expect(line.err.code).toMatch(/^(P\d{4}|[0-9A-Z]{5})$/);
    expect(line.err.stack).toMatch(/^\s+at /);
    expect(lines[0]).not.toContain(VALUE);
  });

  it("keeps the message of an error that is not the database's", async () => {
    const response = await call(handler, "GET", operation.path, { query: { n: VALUE, database: "no" } });
    expect(response.status).toBe(500);
    const line = JSON.parse(lines[0]) as { err: { message: string } };
    expect(line.err.message).toBe(`plain failure with ${VALUE}`);
  });
});
