// GET /api/agents and GET /api/agents/{agentId}/details on a real database.
import { describe, expect, it } from "vitest";
import * as list from "../../app/api/agents/route";
import * as details from "../../app/api/agents/[agentId]/details/route";
import { useApiTest } from "../helpers/api";
import { call, errorPaths } from "../helpers/http";
import { makeAgent, role } from "./factory";

useApiTest({
  setup: async () => {
    await makeAgent({ id: "alpha-1", name: "Orion Pathfinder", roles: [role("Scout"), role("Scout"), role("Builder"), role("Healer"), role("Defender")] });
    await makeAgent({ id: "alpha-2", name: "Helix Forge", roles: [role("Builder"), role("Builder"), role("Scout"), role("Healer"), role("Builder")] });
    await makeAgent({ id: "beta-1", name: "Aegis Sentinel", roles: [role("Defender"), role("Defender"), role("Healer"), role("Healer"), role("Analyst")] });
    await makeAgent({
      id: "beta-2",
      name: "Nova Medic",
      roles: [role("Healer"), role("Healer"), role("Builder"), role("Scout"), role("Scout")],
      performanceMetrics: { uptime: 97, completionRate: 75.5, averageResponseTime: 300, errorRate: 2 },
    });
  },
});

describe("GET /api/agents", () => {
  it("answers agent summaries ordered by id with the total", async () => {
    const response = await call(list.GET, "GET", "/api/agents");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("4");
    expect(response.headers.get("link")).toBeNull();
    expect(response.json.map((agent: { id: string }) => agent.id)).toEqual(["alpha-1", "alpha-2", "beta-1", "beta-2"]);
    expect(response.json[3]).toEqual({ id: "beta-2", name: "Nova Medic", currentRole: "Healer", completionRate: 75.5, specialization: "Healer" });
  });

  it("pages with limit and the cursor of the Link header", async () => {
    const first = await call(list.GET, "GET", "/api/agents", { query: { limit: 3 } });
    expect(first.json).toHaveLength(3);
    expect(first.headers.get("x-total-count")).toBe("4");
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get("link") ?? "")![1];
    const url = new URL(next, "http://localhost");
    const second = await call(list.GET, "GET", url.pathname, { query: Object.fromEntries(url.searchParams) });
    expect(second.json.map((agent: { id: string }) => agent.id)).toEqual(["beta-2"]);
    expect(second.headers.get("link")).toBeNull();
  });

  it("filters by name or id, case-insensitively", async () => {
    const byName = await call(list.GET, "GET", "/api/agents", { query: { q: "FORGE" } });
    expect(byName.json.map((agent: { id: string }) => agent.id)).toEqual(["alpha-2"]);
    const byId = await call(list.GET, "GET", "/api/agents", { query: { q: "beta" } });
    expect(byId.json.map((agent: { id: string }) => agent.id)).toEqual(["beta-1", "beta-2"]);
    expect(byId.headers.get("x-total-count")).toBe("2");
  });

  it("filters by specialization and by role", async () => {
    const builders = await call(list.GET, "GET", "/api/agents", { query: { specialization: "Builder" } });
    expect(builders.json.map((agent: { id: string }) => agent.id)).toEqual(["alpha-2"]);
    const analysts = await call(list.GET, "GET", "/api/agents", { query: { role: "Analyst" } });
    expect(analysts.json.map((agent: { id: string }) => agent.id)).toEqual(["beta-1"]);
    const both = await call(list.GET, "GET", "/api/agents", { query: { role: "Scout", q: "alpha" } });
    expect(both.json.map((agent: { id: string }) => agent.id)).toEqual(["alpha-1", "alpha-2"]);
  });

  it("answers 400 for a limit out of range or a foreign cursor", async () => {
    const response = await call(list.GET, "GET", "/api/agents", { query: { limit: 0, cursor: "not-ours" } });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["query.cursor", "query.limit"]);
  });

  it("answers 405 with Allow for a method the path lacks", async () => {
    const response = await call(list.DELETE, "DELETE", "/api/agents");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST");
  });
});

describe("GET /api/agents/{agentId}/details", () => {
  it("answers the full agent with roles in order and history by time", async () => {
    const response = await call(details.GET, "GET", "/api/agents/alpha-1/details", { params: { agentId: "alpha-1" } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      id: "alpha-1",
      name: "Orion Pathfinder",
      aiEngine: "GPT-4o",
      operationalHistory: ["2026-01-01: minted"],
      experiencePoints: 1200,
      specialization: "Scout",
      ownershipMetadata: { owner: "0xabc", leased: false },
      roles: [role("Scout"), role("Scout"), role("Builder"), role("Healer"), role("Defender")],
      dynamicMetadata: { currentVersion: "1.0.0", skillUpgrades: ["Data Mining II"] },
      performanceMetrics: { uptime: 99.5, completionRate: 90, averageResponseTime: 250, errorRate: 1.5 },
      // It never connected: its figures are the ones clients sent.
      metricsSource: "reported",
      historicalData: [
        { timestamp: "2026-01-01T00:00:00.000Z", tasksCompleted: 10, experiencePoints: 600 },
        { timestamp: "2026-02-01T00:00:00.000Z", tasksCompleted: 20, experiencePoints: 1200 },
      ],
    });
  });

  it("answers 404 for an unknown id", async () => {
    const response = await call(details.GET, "GET", "/api/agents/nope/details", { params: { agentId: "nope" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.json.detail).toBe("Agent 'nope' was not found.");
  });

  it("answers 400 for an id that cannot exist", async () => {
    const response = await call(details.GET, "GET", "/api/agents/a%20b/details", { params: { agentId: "a b" } });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["params.agentId"]);
  });

  it("answers 405 for a write to the details path", async () => {
    const response = await call(details.POST, "POST", "/api/agents/alpha-1/details", { params: { agentId: "alpha-1" } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });
});
