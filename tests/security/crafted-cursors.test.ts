// A crafted `?cursor=` is a 400 problem naming query.cursor on every paged list, never a 500 (the
// database never sees it). The lists are taken from ALL_OPERATIONS (every GET whose query has a
// cursor), so a new paged list is covered without editing this file. fast-check builds cursors
// of every kind a client could send instead of the ones the API issues: not base64url, not UTF-8,
// not JSON, JSON that is not an object, ids of the wrong type or holding NUL, unknown keys, sorts
// the list does not have, and sort values of the wrong type for their column (a number for a date,
// an unknown status, 0.5 or 2^64 for an integer column, a string for a number, 1e999).
//
// Seeded: FUZZ_SEED=<n> replays a run (the seed is printed).
import fc from "fast-check";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import type { Operation } from "../../lib/core";
import type { SortColumn } from "../../lib/core/sorting";
import { AGENT_SORT } from "../../lib/agents/schemas";
import { DEPLOYMENT_SORT } from "../../lib/deployments/schemas";
import { GROUP_SORT } from "../../lib/groups/schemas";
import { MARKETPLACE_SORT } from "../../lib/marketplace/schemas";
import { TASK_SORT } from "../../lib/tasks/schemas";
import { encodeCursor } from "../../lib/core/paging";
import { useApiTest } from "../helpers/api";
import { userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { handlerOf, operations, paramNames, queryNames } from "./operations";

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
console.log(`crafted-cursors: seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${RUNS} cases per list`);

const pagedLists = operations.filter((operation) => operation.method === "GET" && queryNames(operation).includes("cursor"));

/** The `sort` values a list allows (empty when it takes none). */
const sortsOf = (operation: Operation): string[] => {
  const schema = z.toJSONSchema(operation.query!, { io: "input", unrepresentable: "any" }) as { properties?: Record<string, { enum?: string[]; anyOf?: { enum?: string[] }[] }> };
  const sort = schema.properties?.sort;
  return sort?.enum ?? sort?.anyOf?.find((option) => option.enum)?.enum ?? [];
};

// Every sortable column by its public name (the lists agree on a name's kind).
const COLUMNS: Record<string, SortColumn> = { ...AGENT_SORT, ...DEPLOYMENT_SORT, ...GROUP_SORT, ...MARKETPLACE_SORT, ...TASK_SORT };

const b64 = (text: string) => Buffer.from(text).toString("base64url");
const jsonCursor = (value: unknown) => b64(JSON.stringify(value));

// Values no column of any kind could have given a cursor.
const neverAValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
  fc.constantFrom("a\u0000b", "\u0000", "x".repeat(9_000)),
);

/** A value of the wrong type for the column (anything but what that column stores). */
const wrongValueFor = (column: SortColumn | undefined): fc.Arbitrary<unknown> => {
  if (!column) return neverAValue;
  switch (column.kind) {
    case "date":
      return fc.oneof(neverAValue, fc.double({ noNaN: true }), fc.constantFrom("yesterday", "2026-13-45T99:99:99.999Z", "0000-01-01T00:00:00.000Z", "+275760-09-13T00:00:00.000Z", "2026-01-01", "2026-01-01T00:00:00Z", ""));
    case "number":
      return fc.oneof(
        neverAValue,
        fc.string({ maxLength: 10 }),
        column.integer ? fc.constantFrom(0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 64, 1e308, -1e308) : fc.constant("1"),
      );
    case "enum":
      return fc.oneof(neverAValue, fc.integer(), fc.string({ maxLength: 12 }).filter((text) => !column.values.includes(text)));
    case "string":
      return fc.oneof(neverAValue, fc.double(), fc.integer());
  }
};

type Case = { cursor: string; sort?: string };

const craftedCursor = (operation: Operation): fc.Arbitrary<Case> => {
  const sorts = sortsOf(operation);
  const plain = fc.oneof(
    // Not base64url at all (padding, standard-alphabet characters, spaces, percent signs, empty).
    // (An empty cursor is no cursor: the first page, tests/api/query-rules.test.ts.)
    fc.constantFrom("!!!!", "a b", "abc=", "ab+/", "%00", "eyJpZCI6IngifQ==", "\u0000", "é"),
    fc.string({ minLength: 1, maxLength: 30 }).filter((text) => /[^A-Za-z0-9_-]/.test(text)),
    fc.constant("A".repeat(40_000)),
    // base64url of bytes that are not UTF-8, and of text that is not JSON.
    fc.constantFrom(Buffer.from([0xff, 0xfe, 0x7b]).toString("base64url"), Buffer.from([0xc0, 0xaf]).toString("base64url"), b64("{id:1}"), b64("{\"id\":"), b64("\u0000")),
    fc.string({ minLength: 1, maxLength: 20 }).filter((text) => { try { JSON.parse(text); return false; } catch { return true; } }).map(b64),
    // JSON that is not an object, or an object whose id is missing, of another type, empty or holding NUL/controls.
    fc.oneof(fc.array(fc.string(), { maxLength: 3 }), fc.integer(), fc.double({ noNaN: true }), fc.string(), fc.constant(null), fc.boolean()).map(jsonCursor),
    fc.oneof(fc.constant(undefined), fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }), fc.constant({ id: "x" }), fc.constantFrom("", "a\u0000b", "\u0000", "line\nbreak", "\ud800", "x".repeat(300))).map((id) => jsonCursor({ id })),
    fc.constant(b64('{"id":1e999}')),
    // Keys this API never writes.
    fc.tuple(fc.string({ minLength: 1, maxLength: 8 }).filter((key) => !["id", "s", "v"].includes(key)), fc.jsonValue()).map(([key, value]) => jsonCursor({ id: "x", [key]: value })),
    fc.constant(b64('{"id":"x","__proto__":{"s":"name"}}')),
    // A sort this list does not have (also any sort at all, on a list that takes none).
    fc.tuple(fc.string({ maxLength: 12 }).filter((sort) => !sorts.includes(sort)), fc.oneof(fc.string({ maxLength: 8 }), fc.integer())).map(([s, v]) => jsonCursor({ id: "x", s, v })),
    fc.constant(b64('{"id":"x","s":"name","v":1e999}')),
  ).map((cursor): Case => ({ cursor }));
  if (sorts.length === 0) return plain;
  // A sort the list has, with the cursor's value of the wrong type for its column (the list asked with that sort).
  const wrongValue = fc.constantFrom(...sorts).chain((sort) =>
    fc.oneof(
      wrongValueFor(COLUMNS[sort.replace(/^-/, "")]).map((v): Case => ({ cursor: jsonCursor({ id: "x", s: sort, v }), sort })),
      fc.constant<Case>({ cursor: jsonCursor({ id: "x", s: sort }), sort }),
      fc.constant<Case>({ cursor: b64(`{"id":"x","s":"${sort}","v":1e999}`), sort }),
    ),
  );
  return fc.oneof(plain, wrongValue);
};

const PARAM_VALUES: Record<string, string> = { address: `0x${"ab".repeat(20)}` };

let adminKey: string;
useApiTest({
  setup: async () => {
    adminKey = (await userWithKey("admin")).key;
  },
});

describe("crafted cursors", () => {
  it("covers the paged lists, and the cursors they issue are taken back", () => {
    expect(pagedLists.map((operation) => operation.operationId)).toEqual(expect.arrayContaining(["listAgents", "listTasks", "listEvents"]));
    expect(pagedLists.filter((operation) => sortsOf(operation).length > 0).length).toBeGreaterThanOrEqual(5);
  });

  pagedLists.forEach((operation) => {
    it(`${operation.method} ${operation.path}: every crafted cursor is a 400 problem at query.cursor`, async () => {
      const handler = await handlerOf(operation);
      const params = Object.fromEntries(paramNames(operation).map((name) => [name, PARAM_VALUES[name] ?? "fuzz-value"]));
      const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]));
      await fc.assert(
        fc.asyncProperty(craftedCursor(operation), async ({ cursor, sort }) => {
          const response = await call(handler, "GET", path, { params, key: adminKey, query: { cursor, ...(sort ? { sort } : {}) } });
          expect(response.status, response.text).toBe(400);
          expect(response.headers.get("content-type")).toContain("application/problem+json");
          expect(response.json.errors.map((error: { path: string }) => error.path)).toContain("query.cursor");
        }),
        { seed: SEED, numRuns: RUNS },
      );
    });
  });

  // The refusals above are not a list refusing every cursor: one it issued (an id, or a sort and
  // a value of the column's type) is still taken.
  it("takes a well-formed cursor on every list", async () => {
    const wellFormed = encodeCursor({ id: "zz-not-a-row" });
    for (const operation of pagedLists) {
      const handler = await handlerOf(operation);
      const params = Object.fromEntries(paramNames(operation).map((name) => [name, PARAM_VALUES[name] ?? "fuzz-value"]));
      const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]));
      // The events list pages by seq; the delivery log's cursors carry its one order (newest first).
      const cursor =
        operation.operationId === "listEvents"
          ? encodeCursor({ id: "5" })
          : operation.operationId === "listWebhookDeliveries"
            ? encodeCursor({ id: "x", s: "-createdAt", v: "2026-01-01T00:00:00.000Z" })
            : wellFormed;
      const response = await call(handler, "GET", path, { params, key: adminKey, query: { cursor } });
      expect(response.json?.errors ?? [], `${operation.operationId}: ${response.text}`).not.toContainEqual(expect.objectContaining({ path: "query.cursor" }));
      expect(response.status, `${operation.operationId}: ${response.text}`).toBeLessThan(500);
    }
    const agents = pagedLists.find((operation) => operation.operationId === "listAgents")!;
    for (const [sort, v] of [["-createdAt", "2026-01-01T00:00:00.000Z"], ["completionRate", 0.5], ["name", "a"]] as const) {
      const response = await call(await handlerOf(agents), "GET", agents.path, { key: adminKey, query: { sort, cursor: encodeCursor({ id: "x", s: sort, v }) } });
      expect(response.status, response.text).toBe(200);
    }
    const marketplace = pagedLists.find((operation) => operation.operationId === "listMarketplaceItems")!;
    {
      const response = await call(await handlerOf(marketplace), "GET", marketplace.path, { key: adminKey, query: { sort: "usageCount", cursor: encodeCursor({ id: "x", s: "usageCount", v: 3 }) } });
      expect(response.status, response.text).toBe(200);
    }
  });
});
