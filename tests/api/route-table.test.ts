// The API table (lib/api) and the route files under app/ describe the same API: every route file
// takes its exports from the table at its own path, and every path of the table has its route
// file, so a route cannot be added to one and forgotten in the other. The production server's
// router (lib/api/router.ts) picks the route Next.js would: checked against every page and route
// file of app/ in Next's order. And the router itself, in process: what it takes, what it leaves
// to Next, and the headers and compression it adds.
import { readdirSync, statSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { config as proxyConfig } from "../../proxy";
import { API_TABLE, apiOperations } from "../../lib/api";
import { compareTemplates, resolveApiPath } from "../../lib/api/table";
import { createRouter, unsupportedConfig, withoutBrotli, type Dispatch } from "../../lib/api/router";
import { ALL_OPERATIONS } from "../../lib/http/api-document";
import { memoryRateLimiter, useRateLimiter } from "../../lib/http/rate-limit";
import { HEADER_RULES, SECURITY_HEADERS } from "../../lib/server/security-headers.mjs";
import type { HttpMethod } from "../../lib/core/operation";
import type { NextConfig } from "next";

// next.config.mjs, as the server gets it (a plain module without types: imported by name).
const CONFIG_FILE = "../../next.config.mjs";
const { default: nextConfig } = (await import(CONFIG_FILE)) as { default: NextConfig };

const ROOT = path.resolve(import.meta.dirname, "../..");
const APP = path.join(ROOT, "app");
const METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

// The route files Next.js alone serves, and why (lib/api/table.ts says the same).
const NEXT_ONLY: Record<string, string> = {
  "/api": "the API prefix itself: 404 problem",
  "/api/[...path]": "catch-all: 404 problem",
  "/api/auth/[...nextauth]": "next-auth's endpoints",
  "/qmetrics": "the prefix itself: 404 problem",
  "/qmetrics/[...path]": "catch-all: 404 problem",
  "/quantum/[...path]": "catch-all: 404 problem",
};

type Entry = { file: string; kind: "route" | "page"; folders: string[] };

/** Every route.ts and page.tsx under app/, with its URL's folders (route groups left out). */
const appEntries = (): Entry[] => {
  const found: Entry[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === "route.ts" || name === "page.tsx") {
        const folders = path
          .relative(APP, dir)
          .split(path.sep)
          .filter((folder) => folder && !/^\(.*\)$/.test(folder));
        found.push({ file: path.relative(ROOT, full), kind: name === "route.ts" ? "route" : "page", folders });
      }
    }
  };
  walk(APP);
  return found;
};

const nextPath = (entry: Entry) => "/" + entry.folders.join("/");
/** The table's template of a folder path: [agentId] → {agentId}. */
const templateOf = (entry: Entry) => "/" + entry.folders.map((folder) => folder.replace(/^\[([^.[\]]+)\]$/, "{$1}")).join("/");

const routeFiles = () => appEntries().filter((entry) => entry.kind === "route");

describe("the API table and the route files", () => {
  it("has a route file for every path of the table, and the table has every route file's path", () => {
    const delegating = routeFiles()
      .filter((entry) => !(nextPath(entry) in NEXT_ONLY))
      .map(templateOf)
      .sort();
    expect(delegating).toEqual([...API_TABLE.keys()].sort());
    expect(routeFiles().filter((entry) => nextPath(entry) in NEXT_ONLY).map(nextPath).sort()).toEqual(Object.keys(NEXT_ONLY).sort());
  });

  it("every route file exports the table's handlers for its own path, for every method", async () => {
    for (const entry of routeFiles()) {
      if (nextPath(entry) in NEXT_ONLY) continue;
      const exported = await import(path.join(ROOT, entry.file));
      const handlers = API_TABLE.get(templateOf(entry))!;
      expect(exported.dynamic, entry.file).toBe("force-dynamic");
      for (const method of METHODS) expect(exported[method], `${method} of ${entry.file}`).toBe(handlers[method]);
    }
  });

  it("holds every operation the API document lists, and no other", () => {
    expect(apiOperations()).toEqual(ALL_OPERATIONS.map((operation) => `${operation.method} ${operation.path}`).sort());
  });
});

// Next's order of two routes, for the test: at the first segment where they differ, a static
// segment first, then a parameter, a catch-all, an optional catch-all.
type Segment = { kind: 0 | 1 | 2 | 3; text: string };
const segmentsOf = (folders: string[]): Segment[] =>
  folders.map((folder) => ({
    kind: folder.startsWith("[[...") ? 3 : folder.startsWith("[...") ? 2 : folder.startsWith("[") ? 1 : 0,
    text: folder,
  }));

/** Whether some path matches both: `api` has static segments and parameters only. */
const overlap = (api: Segment[], other: Segment[]) => {
  for (let index = 0; index < other.length; index++) {
    const segment = other[index];
    if (segment.kind === 2) return api.length >= index + 1;
    if (segment.kind === 3) return api.length >= index;
    if (index >= api.length) return false;
    if (segment.kind === 0 && api[index].kind === 0 && segment.text !== api[index].text) return false;
  }
  return api.length === other.length;
};

/** Negative when Next.js tries `a` before `b`. */
const nextOrder = (a: Segment[], b: Segment[]) => {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    if (a[index].kind !== b[index].kind) return a[index].kind - b[index].kind;
    if (a[index].kind === 0 && a[index].text !== b[index].text) return a[index].text < b[index].text ? -1 : 1;
  }
  return a.length - b.length;
};

describe("routing by the table", () => {
  const tableEntries = routeFiles().filter((entry) => !(nextPath(entry) in NEXT_ONLY));
  const others = appEntries().filter((entry) => entry.kind === "page" || nextPath(entry) in NEXT_ONLY);

  it("takes a path only where Next.js would pick the same route: no page or other route file comes first", () => {
    const stolen: string[] = [];
    for (const api of tableEntries) {
      for (const other of others) {
        const [a, b] = [segmentsOf(api.folders), segmentsOf(other.folders)];
        if (overlap(a, b) && nextOrder(a, b) > 0) stolen.push(`${other.file} before ${api.file}`);
      }
    }
    expect(stolen).toEqual([]);
  });

  it("picks, among its own templates, the one Next.js would (static segments first)", () => {
    const templates = [...API_TABLE.keys()];
    const segments = (template: string) => template.split("/").slice(1).map((part) => (part.startsWith("{") ? null : part));
    for (const template of templates) {
      // A path made of the template (each parameter a value no static segment has).
      const sample = template.replace(/\{([^}]+)\}/g, "v-$1");
      expect(resolveApiPath(sample)?.path, sample).toBe(template);
      for (const other of templates) {
        const [a, b] = [segments(template), segments(other)];
        if (a.length !== b.length || a.some((part, index) => part !== null && b[index] !== null && part !== b[index])) continue;
        // A path both match: each segment the static one where either has one.
        const both = "/" + a.map((part, index) => part ?? b[index] ?? `v${index}`).join("/");
        const expected = compareTemplates(a, b) <= 0 ? template : other;
        expect(resolveApiPath(both)?.path, both).toBe(expected);
      }
    }
    const found = resolveApiPath("/api/wallets/address-book/approvals");
    expect(found?.path).toBe("/api/wallets/address-book/{address}");
    expect(found?.params).toEqual({ address: "approvals" });
    expect(resolveApiPath("/api/agents/a-1/details")?.params).toEqual({ agentId: "a-1" });
    expect(resolveApiPath("/api/agents/a-1/nothing")).toBeNull();
    expect(resolveApiPath("/api")).toBeNull();
  });

  it("runs under this configuration: its header rules are the shared module's, and nothing Next would rewrite", async () => {
    expect(await nextConfig.headers!()).toEqual(HEADER_RULES);
    expect(await unsupportedConfig(nextConfig)).toBeNull();
    expect(await unsupportedConfig({ ...nextConfig, basePath: "/base" })).toMatch(/base path/);
    expect(await unsupportedConfig({ ...nextConfig, headers: async () => [{ source: "/api/:path*", headers: [{ key: "X-A", value: "1" }] }] })).toMatch(/header rules/);
    expect(await unsupportedConfig({ ...nextConfig, redirects: async () => [{ source: "/a", destination: "/b", permanent: false }] })).toMatch(/redirects/);
    // The proxy runs on paths with a "%" only: the router never takes one.
    expect(proxyConfig.matcher).toEqual(["/(.*%.*)"]);
  });

  it("has no public file at a path of the table", () => {
    const files: string[] = [];
    const walk = (dir: string, prefix: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full, `${prefix}/${name}`);
        else files.push(`${prefix}/${name}`);
      }
    };
    walk(path.join(ROOT, "public"), "");
    expect(files.filter((file) => resolveApiPath(file) !== null)).toEqual([]);
  });

  it("refuses Brotli to the compression middleware, as Next's copy of it has none", () => {
    expect(withoutBrotli("gzip, deflate, br")).toBe("gzip, deflate,br;q=0");
    expect(withoutBrotli("br")).toBe("br;q=0");
    expect(withoutBrotli("BR;q=1.0, gzip;q=0.5")).toBe(" gzip;q=0.5,br;q=0");
    expect(withoutBrotli("")).toBe("br;q=0");
  });
});

describe("the router, in process", () => {
  let server: Server;
  let dispatch: Dispatch;
  let port = 0;
  const taken: string[] = [];

  beforeAll(async () => {
    const router = await createRouter({ hostname: "127.0.0.1", port: 3000, config: nextConfig });
    dispatch = router.dispatch!;
    server = createServer((request, response) => {
      const answered = dispatch(request, response);
      if (answered) return void answered.then((template) => taken.push(`${request.method} ${template}`));
      taken.push(`${request.method} ${request.url} → Next`);
      response.statusCode = 599;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    useRateLimiter(memoryRateLimiter());
    taken.length = 0;
  });

  /** Through node:http, which sends only the headers given, and the path as it is (no URL parsing). */
  const get = (target: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const sent = httpRequest({ host: "127.0.0.1", port, path: target, method, headers }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) }));
        answer.on("error", reject);
      });
      sent.on("error", reject);
      sent.end();
    });

  it("answers a table path with the security headers, the app routes' Vary and gzip as Next would", async () => {
    for (const accept of ["gzip, deflate, br", "*", "gzip"]) {
      const answer = await get("/api/openapi.json", { "accept-encoding": accept });
      expect(answer.status, accept).toBe(200);
      expect(answer.headers["content-encoding"], accept).toBe("gzip");
      expect(JSON.parse(gunzipSync(answer.body).toString()).openapi).toBe("3.1.0");
      expect(answer.headers.vary).toBe("rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding");
      for (const { key, value } of SECURITY_HEADERS) expect(answer.headers[key.toLowerCase()], key).toBe(value);
    }
    const brotliOnly = await get("/api/openapi.json", { "accept-encoding": "br" });
    expect(brotliOnly.headers["content-encoding"]).toBeUndefined();
    const none = await get("/api/openapi.json");
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(none.headers.vary).toMatch(/, Accept-Encoding$/);
    expect(JSON.parse(none.body.toString()).openapi).toBe("3.1.0");
    expect(taken).toEqual(Array(5).fill("GET /api/openapi.json"));
  });

  it("answers a method the path lacks with the table's 405, and leaves the rest to Next", async () => {
    const refused = await get("/api/openapi.json", {}, "DELETE");
    expect(refused.status).toBe(405);
    expect(refused.headers.allow).toBe("GET");
    // A method outside the five too (Next would answer an undocumented 501), naming every method the path has.
    for (const method of ["TRACE", "PROPFIND"]) {
      const other = await get("/api/agents", {}, method);
      expect(other.status, method).toBe(405);
      expect(other.headers.allow, method).toBe("GET, POST");
      expect(other.headers["content-type"], method).toBe("application/problem+json");
      expect(JSON.parse(other.body.toString()).detail, method).toBe(`${method} is not allowed here; allowed: GET, POST.`);
    }
    taken.splice(1, 2);
    for (const [target, method] of [
      ["/api/openapi.json", "HEAD"],
      ["/api/openapi.json", "OPTIONS"],
      ["/api/openapi.json/", "GET"],
      ["//api/openapi.json", "GET"],
      ["/api//openapi.json", "GET"],
      ["/api/./openapi.json", "GET"],
      ["/api/agents/%61/details", "GET"],
      ["/api\\openapi.json", "GET"],
      ["/api", "GET"],
      ["/api/nothing/here", "GET"],
      ["/agents", "GET"],
    ]) {
      expect((await get(target, {}, method)).status, `${method} ${target}`).toBe(599);
    }
    expect(taken[0]).toBe("DELETE /api/openapi.json");
    expect(taken.slice(1).every((line) => line.endsWith("→ Next"))).toBe(true);
  });
});
