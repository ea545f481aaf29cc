// The findings of hostile input, each as a user would notice it: a 400 problem naming the
// offending field (never a 500), and nothing written.
import { describe, expect, it } from "vitest";
import * as agentsRoute from "../../app/api/agents/route";
import * as agentDetailsRoute from "../../app/api/agents/[agentId]/details/route";
import * as tasksRoute from "../../app/api/tasks/route";
import * as importRoute from "../../app/api/wallets/import/route";
import * as keysRoute from "../../app/api/keys/route";
import * as agentQuantumRoute from "../../app/quantum/agent/route";
import { prisma } from "../../lib/db";
import { agentBody } from "../agents/factory";
import { userWithKey } from "../helpers/factories";
import { useApiTest } from "../helpers/api";
import { call, errorPaths } from "../helpers/http";
import { sessionCookie } from "../helpers/session";
import { tableCounts } from "./table-counts";

let operator: string;
let admin: string;
useApiTest({
  setup: async () => {
    operator = (await userWithKey("operator")).key;
    admin = (await userWithKey("admin")).key;
  },
});

const expectProblem = (response: { status: number; headers: Headers }, status: number) => {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
};

describe("text that cannot be stored", () => {
  it("refuses a NUL byte in stored text, a query filter and a path id, listing the paths", async () => {
    const before = await tableCounts();
    const created = await call(agentsRoute.POST, "POST", "/api/agents", { key: operator, body: agentBody({ name: "bad\u0000name" }) });
    expectProblem(created, 400);
    expect(created.json.errors).toEqual([{ path: "body.name", message: "must not contain NUL bytes" }]);
    const filtered = await call(agentsRoute.GET, "GET", "/api/agents", { query: { q: "a\u0000b" } });
    expectProblem(filtered, 400);
    expect(errorPaths(filtered.json)).toEqual(["query.q"]);
    const byId = await call(agentDetailsRoute.GET, "GET", "/api/agents/x%00y/details", { params: { agentId: "x\u0000y" } });
    expectProblem(byId, 400);
    expect(errorPaths(byId.json)).toEqual(["params.agentId"]);
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses unpaired surrogates in string arrays and object keys", async () => {
    const before = await tableCounts();
    const response = await call(agentsRoute.POST, "POST", "/api/agents", {
      key: operator,
      body: { ...agentBody({ operationalHistory: ["fine", "lone \ud800 surrogate"] }), dynamicMetadata: { "\udc00": 1 } },
    });
    expectProblem(response, 400);
    expect(errorPaths(response.json)).toEqual(["body.dynamicMetadata.\\udc00", "body.operationalHistory.1"]);
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses bodies nested deeper than 64 levels", async () => {
    const deep = `${"[".repeat(5000)}"leaf"${"]".repeat(5000)}`;
    const body = JSON.stringify({ ...agentBody(), dynamicMetadata: "DEEP" }).replace('"DEEP"', deep);
    const response = await call(agentsRoute.POST, "POST", "/api/agents", { key: operator, body });
    expectProblem(response, 400);
    expect(response.json.errors[0].message).toMatch(/deeper than 64/);
  });
});

describe("numbers and dates bounded by their columns", () => {
  it("answers 400 for integers of 2^31 and more, naming the field", async () => {
    const before = await tableCounts();
    const response = await call(agentsRoute.POST, "POST", "/api/agents", {
      key: operator,
      body: agentBody({ experiencePoints: 2 ** 31, historicalData: [{ timestamp: "2026-01-01T00:00:00Z", tasksCompleted: 2 ** 40, experiencePoints: 1 }] }),
    });
    expectProblem(response, 400);
    expect(errorPaths(response.json)).toEqual(["body.experiencePoints", "body.historicalData.0.tasksCompleted"]);
    expect(response.json.errors[0].message).toBe("must be at most 2147483647");
    expect(await tableCounts()).toEqual(before);
    const fits = await call(agentsRoute.POST, "POST", "/api/agents", { key: operator, body: agentBody({ experiencePoints: 2 ** 31 - 1 }) });
    expect(fits.status).toBe(201);
  });

  it("answers 400 for wallet-import timestamps and block numbers a database column cannot hold", async () => {
    const before = await tableCounts();
    const wallet = `0x${"c3".repeat(20)}`;
    let n = 0;
    const transfer = (overrides: Record<string, unknown>) => ({
      chain: "eth-mainnet",
      txHash: `0x${String((n += 1)).padStart(64, "0")}`,
      logIndex: -1,
      blockNumber: 1,
      timestamp: "2026-06-02T10:00:00Z",
      fromAddress: wallet,
      toAddress: `0x${"d4".repeat(20)}`,
      kind: "native",
      tokenAddress: "native",
      amount: "1",
      ...overrides,
    });
    const response = await call(importRoute.POST, "POST", "/api/wallets/import", {
      key: admin,
      body: {
        prices: [{ chain: "eth-mainnet", tokenAddress: "native", priceUsd: 1, asOf: "" }],
        transfers: [
          transfer({ timestamp: "0000-01-01T00:00:00+14:00" }),
          transfer({ timestamp: "9999-12-31T23:59:59-14:00" }),
          transfer({ timestamp: "2026-02-30T00:00:00Z" }),
          transfer({ blockNumber: "9999999999999999999" }),
        ],
      },
    });
    expectProblem(response, 400);
    expect(errorPaths(response.json)).toEqual(["body.prices.0.asOf", "body.transfers.0.timestamp", "body.transfers.1.timestamp", "body.transfers.2.timestamp", "body.transfers.3.blockNumber"]);
    expect(await tableCounts()).toEqual(before);
  });
});

describe("headers", () => {
  it("answers 403 to a session write with an unparsable Origin", async () => {
    const { user } = await userWithKey("operator");
    const cookie = await sessionCookie(user.id);
    for (const origin of ["null", "::::", "http://", "not a url"]) {
      const response = await call(keysRoute.POST, "POST", "/api/keys", { headers: { cookie, origin, host: "localhost" }, body: { name: "x" } });
      expectProblem(response, 403);
    }
  });
});

describe("stored text with control characters", () => {
  it("still gets its quantum analysis, histogram included", async () => {
    const created = await call(agentsRoute.POST, "POST", "/api/agents", { key: operator, body: agentBody({ name: "Ctrl\u0001\u001fAgent <&>" }) });
    expect(created.status).toBe(201);
    const response = await call(agentQuantumRoute.GET, "GET", "/quantum/agent", { query: { agentId: created.json.id, seed: 3 } });
    expect(response.status).toBe(200);
    expect(Buffer.from(response.json.histogram, "base64").subarray(1, 4).toString("ascii")).toBe("PNG");
  });
});

describe("unknown query filters", () => {
  it("never 500 on tasks filters with hostile values", async () => {
    const response = await call(tasksRoute.GET, "GET", "/api/tasks", { query: { status: "\ud800", entityId: "x".repeat(100_000) } });
    expectProblem(response, 400);
  });
});

void prisma;

describe("malformed percent-encoding in a path (proxy.ts, before Next decodes the route)", () => {
  it("answers 400 problem+json naming the segment, and lets good paths through", async () => {
    const { NextRequest } = await import("next/server");
    const { proxy } = await import("../../proxy");
    for (const path of ["/api/agents/%/details", "/api/agents/%E0%A4%A", "/api/agents/%FF", "/quantum/%ED%A0%80"]) {
      const response = proxy(new NextRequest(`http://localhost${path}`));
      expect(response?.status, path).toBe(400);
      expect(response?.headers.get("content-type")).toBe("application/problem+json");
      expect((await response!.json()).errors[0].path).toBe("path");
    }
    expect(proxy(new NextRequest("http://localhost/api/agents/a%20b/details"))).toBeUndefined();
  });

  it("runs only for paths with a '%' (every malformed one has one; the rest skip the proxy)", async () => {
    const { PROXY_MATCHER, config } = await import("../../proxy");
    expect(config.matcher).toEqual([PROXY_MATCHER]);
    // The matcher as Next compiles it: "/(regex)" over the raw path.
    const matches = (path: string) => new RegExp(`^${PROXY_MATCHER.replace(/^\/\((.*)\)$/, "\\/($1)")}$`).test(path);
    for (const path of ["/api/agents/%/details", "/api/agents/%E0%A4%A", "/%FF", "/quantum/%ED%A0%80"]) expect(matches(path), path).toBe(true);
    for (const path of ["/api/agents", "/api/agents/agent-1/details", "/", "/_next/static/chunks/a.js"]) expect(matches(path), path).toBe(false);
  });
});
