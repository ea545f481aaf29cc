// The hostile-input suite: fast-check properties over every registered operation (taken from
// ALL_OPERATIONS, so a new route is covered without editing this file). Random JSON, wrong
// types, NUL bytes, unpaired surrogates, very long strings, huge / negative / non-finite numbers,
// deep nesting, __proto__ keys, malformed percent-encoding in path segments, hostile query values.
// Property: never a 5xx (other than a documented 503), always problem+json when refused, and a
// refused write leaves every table's row count unchanged.
//
// Seeded: FUZZ_SEED=<n> replays a run (the seed is printed, and fast-check prints the failing
// case's seed and path); FUZZ_RUNS=<n> sets the number of cases (npm run fuzz runs the long form).
import fc from "fast-check";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Operation } from "../../lib/core";
import { resetEnv } from "../../lib/config/env";
import { memoryRateLimiter, useRateLimiter } from "../../lib/http/rate-limit";
import { proxy } from "../../proxy";
import { useTestDatabase, type TestDatabase } from "../helpers/db";
import { userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { sessionCookie } from "../helpers/session";
import { exampleBody, handlerOf, isWrite, operations, paramNames, queryNames, rawPath } from "./operations";
import { tableCounts } from "./table-counts";

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 320);
const RUNS_PER_OPERATION = Math.max(6, Math.ceil(TOTAL_RUNS / operations.length));
console.log(`hostile-input: seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${RUNS_PER_OPERATION} cases per operation × ${operations.length} operations`);

// ── Values ───────────────────────────────────────────────────────────────────────────────────
const NASTY = ["\u0000", "a\u0000b", "\ud800", "x\udc00y", "\ud83d", "%", "%E0%A4%A", "%FF", "%00", "../..", "<script>alert(1)</script>", "'; DROP TABLE \"Agent\"; --", "\u0001\u001f\u007f", "\u202e", "𝕏😀", "__proto__", "constructor", "", " ", "null", "0x", "-1"];
// Placeholders replaced in the JSON text: values JSON.stringify cannot write.
const NON_FINITE = "\u0000NONFINITE";
const DEEP = "\u0000DEEP";

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 100_000 }).map((n) => "L".repeat(n)) },
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, 2 ** 63, 2 ** 64, -1, -0, 1e308, -1e308, 5e-324, 0.5, NON_FINITE),
);
const hostileKey = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("__proto__", "constructor", "prototype", "\u0000k", "\ud800", "id", "role", "status"));
const { json: hostileJson } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.constant(DEEP),
    fc.array(tie("json"), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie("json"), { maxKeys: 4 }),
  ),
}));

const toJsonText = (value: unknown, depth: number) =>
  JSON.stringify(value)
    .replaceAll(JSON.stringify(NON_FINITE), "1e999")
    .replaceAll(JSON.stringify(DEEP), `${"[".repeat(depth)}0${"]".repeat(depth)}`);

// Every path to a value inside a JSON document (objects and arrays included).
const pathsOf = (value: unknown, prefix: (string | number)[] = []): (string | number)[][] => {
  const here = [prefix];
  if (Array.isArray(value)) return here.concat(value.flatMap((item, index) => pathsOf(item, [...prefix, index])));
  if (value && typeof value === "object") return here.concat(Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key])));
  return here;
};

const replaceAt = (value: unknown, path: (string | number)[], replacement: unknown): unknown => {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: replaceAt(record[head as string], rest, replacement) };
};

type BodyCase = { text: string; contentType: string };

// Creates get an id of their own, so that each case reaches the database rather than a 409.
let serial = 0;
const withFreshId = (operation: Operation, body: unknown) =>
  operation.method === "POST" && body && typeof body === "object" && (body as { id?: unknown }).id === "fuzz-value"
    ? { ...body, id: `fuzz-${SEED}-${(serial += 1)}` }
    : body;

const bodyCase = (operation: Operation): fc.Arbitrary<BodyCase> => {
  const example = exampleBody(operation);
  const paths = pathsOf(example);
  const stringPaths = paths.filter((path) => typeof path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], example) === "string");
  const json = (arbitrary: fc.Arbitrary<unknown>) =>
    fc.tuple(arbitrary, fc.integer({ min: 65, max: 3000 })).map(([value, depth]) => ({ text: toJsonText(withFreshId(operation, value), depth), contentType: "application/json" }));
  const stringLeaf = stringPaths.length > 0
    ? fc.tuple(fc.constantFrom(...stringPaths), hostileString).map(([path, value]) => replaceAt(example, path, value))
    : fc.constant(example);
  return fc.oneof(
    { weight: 4, arbitrary: json(stringLeaf) },
    { weight: 4, arbitrary: json(fc.tuple(fc.nat({ max: paths.length - 1 }), hostileJson).map(([index, value]) => replaceAt(example, paths[index], value))) },
    { weight: 2, arbitrary: json(hostileJson) },
    { weight: 1, arbitrary: json(fc.constant(example)).map(({ text }) => ({ text: text.startsWith("{") ? `{"__proto__":{"role":"admin","isAdmin":true},${text.slice(1)}` : text, contentType: "application/json" })) },
    { weight: 1, arbitrary: fc.record({ text: fc.string({ maxLength: 200 }), contentType: fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded") }) },
  );
};

// A path segment as a client sends it: percent-encoded, or malformed on purpose.
const rawSegment = fc.oneof(
  { weight: 3, arbitrary: hostileString.map((value) => { try { return encodeURIComponent(value); } catch { return "%ED%A0%80"; } }) },
  { weight: 1, arbitrary: fc.constantFrom("%", "%E0%A4%A", "%FF", "%ZZ", "%ED%A0%80", "%C0%AF", "a%", "%%", "%00") },
  { weight: 2, arbitrary: fc.constantFrom("fuzz-value", "x", "0x" + "ab".repeat(20)) },
);

const queryCase = (operation: Operation) => {
  const names = [...queryNames(operation), "unknown", "__proto__"];
  const value = fc.oneof(hostileString, fc.array(hostileString, { minLength: 2, maxLength: 3 }), hostileNumber.map(String));
  return fc.dictionary(fc.constantFrom(...names), value, { maxKeys: names.length });
};

// ── The property ─────────────────────────────────────────────────────────────────────────────
let db: TestDatabase;
let adminKey: string;
let sessionHeaders: Record<string, string>;
let known: Record<string, number> | undefined;

beforeAll(async () => {
  db = await useTestDatabase();
  useRateLimiter(memoryRateLimiter());
  process.env.RATE_LIMIT_PER_KEY = "100000000";
  resetEnv();
  const admin = await userWithKey("admin");
  adminKey = admin.key;
  sessionHeaders = { cookie: await sessionCookie(admin.user.id), origin: "http://localhost", host: "localhost" };
  // The example of every create, stored once under the id "fuzz-value", so that reads, updates,
  // status moves and deletes of that id reach the database too.
  for (const operation of operations.filter((candidate) => candidate.method === "POST" && candidate.access === "operator")) {
    await call(await handlerOf(operation), "POST", operation.path, { key: adminKey, body: exampleBody(operation) });
  }
});
afterAll(async () => {
  delete process.env.RATE_LIMIT_PER_KEY;
  resetEnv();
  await db.dispose();
});

const decoded = (segments: Record<string, string>) => Object.fromEntries(Object.entries(segments).map(([name, raw]) => [name, decodeURIComponent(raw)]));

describe("hostile input", () => {
  operations.forEach((operation, index) => {
    it(`${operation.method} ${operation.path}`, async () => {
      const handler = await handlerOf(operation);
      const names = paramNames(operation);
      const hasBody = Boolean(operation.body);
      const documented = new Set(Object.keys(operation.errors ?? {}).map(Number));
      const arbitrary = fc.record({
        segments: fc.record(Object.fromEntries(names.map((name) => [name, rawSegment]))) as fc.Arbitrary<Record<string, string>>,
        query: queryCase(operation),
        body: hasBody ? bodyCase(operation) : fc.constant(undefined),
      });
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ segments, query, body }) => {
          // The counts after the last accepted write (a refused one must not move them).
          const before = isWrite(operation) ? (known ??= await tableCounts()) : undefined;
          const url = new URL(`http://localhost${rawPath(operation, segments)}`);
          for (const [name, value] of Object.entries(query)) for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, item);
          // proxy.ts runs first, as in the server; only paths it lets through reach the route.
          const early = proxy(new NextRequest(url, { method: operation.method }));
          let response: { status: number; headers: Headers; text: string };
          if (early) {
            response = { status: early.status, headers: early.headers, text: await early.text() };
          } else {
            const credential = operation.credentials === "session" ? { headers: sessionHeaders } : { key: adminKey };
            const headers = { ...(credential.headers ?? {}), ...(body ? { "content-type": body.contentType } : {}) };
            response = await call(handler, operation.method, `${url.pathname}${url.search}`, {
              params: decoded(segments),
              body: body?.text,
              headers,
              key: credential.key,
            });
          }
          const context = `${operation.method} ${url.pathname}${url.search.slice(0, 200)} → ${response.status} ${response.text.slice(0, 300)}`;
          expect(response.status < 500 || (response.status === 503 && documented.has(503)), context).toBe(true);
          if (response.status >= 400) {
            expect(response.headers.get("content-type"), context).toBe("application/problem+json");
            expect(JSON.parse(response.text).status, context).toBe(response.status);
            if (before) expect(await tableCounts(), context).toEqual(before);
          } else if (before) {
            known = undefined;
          }
        }),
        { seed: SEED + index, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
    }, 600_000);
  });
});
