// GET /api/search, the ⌘K palette's endpoint, on a real database: every kind found by name or id
// (any case), grouped by kind, bounded per kind; bad q and limit are 400 problems.
import { afterEach, describe, expect, it } from "vitest";
import * as searchRoute from "../../app/api/search/route";
import { resetEnv } from "../../lib/config/env";
import { prisma } from "../../lib/db";
import { addMarketplaceItem } from "../../lib/marketplace";
import { assignTask } from "../../lib/tasks";
import { useApiTest } from "../helpers/api";
import { call, errorPaths } from "../helpers/http";

const api = useApiTest({
  withKeys: true,
  setup: async () => {
    await prisma.agent.create({ data: { id: "agent-orion", name: "Orion Scout", aiEngine: "gpt-4o", specialization: "Scout" } });
    await prisma.agent.create({ data: { id: "agent-vega", name: "Vega Healer", aiEngine: "claude", specialization: "Healer" } });
    await prisma.squad.create({ data: { id: "squad-orion", name: "Orion Squad" } });
    await prisma.syndicate.create({ data: { id: "syn-orion", name: "Orion Syndicate" } });
    await addMarketplaceItem({ id: "item-orion", name: "Orion Connector", description: "Alerts", itemType: "plugin" });
    await prisma.deployment.create({
      data: { id: "dep-orion", name: "Orion Vault", version: "1.0.0", industry: "DeFi", useCase: "Vault", deployedBy: "agent-orion", status: "queued" },
    });
    await assignTask({ id: "task-orion", description: "Watch the ORION pool", status: "pending", assignedEntity: { type: "Agent", id: "agent-orion" } });
    await assignTask({ id: "task-x42", description: "Rebalance weekly", status: "pending", assignedEntity: { type: "Agent", id: "agent-vega" } });
    // Enough agents to exceed any limit.
    await prisma.agent.createMany({
      data: Array.from({ length: 25 }, (_, i) => ({ id: `agent-many-${String(i).padStart(2, "0")}`, name: `Many ${i}`, aiEngine: "gpt-4o", specialization: "Scout" })),
    });
  },
});

const search = (query: Record<string, string | number>, key?: string) => call(searchRoute.GET, "GET", "/api/search", { query, key });

afterEach(() => {
  delete process.env.API_PUBLIC_READS;
  resetEnv();
});

describe("GET /api/search", () => {
  it("finds every kind by name, any case, grouped by kind", async () => {
    const response = await search({ q: "oRiOn" });
    expect(response.status).toBe(200);
    expect(response.json).toEqual([
      { kind: "agent", id: "agent-orion", name: "Orion Scout" },
      { kind: "squad", id: "squad-orion", name: "Orion Squad" },
      { kind: "syndicate", id: "syn-orion", name: "Orion Syndicate" },
      { kind: "marketplaceItem", id: "item-orion", name: "Orion Connector" },
      { kind: "deployment", id: "dep-orion", name: "Orion Vault" },
      { kind: "task", id: "task-orion", name: "Watch the ORION pool" },
    ]);
  });

  it.each([
    ["agent-vega", { kind: "agent", id: "agent-vega", name: "Vega Healer" }],
    ["TASK-X4", { kind: "task", id: "task-x42", name: "Rebalance weekly" }],
    ["dep-or", { kind: "deployment", id: "dep-orion", name: "Orion Vault" }],
  ])("finds a record by part of its id (%s)", async (q, hit) => {
    const response = await search({ q });
    expect(response.status).toBe(200);
    expect(response.json).toEqual([hit]);
  });

  it("answers an empty list when nothing matches", async () => {
    const response = await search({ q: "no-such-thing" });
    expect(response.status).toBe(200);
    expect(response.json).toEqual([]);
  });

  it("trims q and treats % and _ as plain characters", async () => {
    expect((await search({ q: "  vega healer  " })).json).toEqual([{ kind: "agent", id: "agent-vega", name: "Vega Healer" }]);
    expect((await search({ q: "%" })).json).toEqual([]);
    expect((await search({ q: "task_x" })).json).toEqual([]);
  });

  it("returns at most limit matches per kind, 5 by default, 20 at most", async () => {
    const kindCount = (json: { kind: string }[], kind: string) => json.filter((hit) => hit.kind === kind).length;
    expect(kindCount((await search({ q: "many" })).json, "agent")).toBe(5);
    expect(kindCount((await search({ q: "many", limit: 1 })).json, "agent")).toBe(1);
    const most = await search({ q: "many", limit: 20 });
    expect(most.status).toBe(200);
    expect(kindCount(most.json, "agent")).toBe(20);
    expect(most.json[0]).toEqual({ kind: "agent", id: "agent-many-00", name: "Many 0" });
  });

  it.each([
    [{ limit: 0 }, "limit must be at least 1"],
    [{ limit: 21 }, "limit must be at most 20"],
    [{ limit: 2.5 }, "limit must be a whole number"],
  ])("answers 400 for limit %j", async (extra, message) => {
    const response = await search({ q: "orion", ...extra });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(response.json.errors).toEqual([{ path: "query.limit", message }]);
  });

  it("answers 400 for a q that is missing, blank or longer than 100 characters", async () => {
    for (const query of [{}, { q: "   " }, { q: "x".repeat(101) }] as Record<string, string>[]) {
      const response = await search(query);
      expect(response.status).toBe(400);
      expect(errorPaths(response.json)).toEqual(["query.q"]);
    }
    expect((await search({ q: "x".repeat(100) })).status).toBe(200);
  });

  it("is a public read that needs a credential when public reads are off", async () => {
    process.env.API_PUBLIC_READS = "false";
    resetEnv();
    expect((await search({ q: "orion" })).status).toBe(401);
    const response = await search({ q: "vega" }, api.viewer);
    expect(response.status).toBe(200);
    expect(response.json).toEqual([{ kind: "agent", id: "agent-vega", name: "Vega Healer" }]);
  });

  it("answers 405 for other methods", async () => {
    const response = await call(searchRoute.POST, "POST", "/api/search", { key: api.operator, body: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });
});
