// GET /api/syndicates and GET /api/syndicates/{syndicateId}/details on a real database.
import { describe, expect, it } from "vitest";
import * as collection from "../../app/api/syndicates/route";
import * as details from "../../app/api/syndicates/[syndicateId]/details/route";
import type { TAgent } from "../../lib/agents";
import { createSquad, getSquadDetails, ZSquadBody } from "../../lib/squads";
import { createSyndicate, ZSyndicateBody } from "../../lib/syndicates";
import { useApiTest } from "../helpers/api";
import { call, errorPaths } from "../helpers/http";
import { makeMetricAgent } from "../agents/factory";

let a: TAgent;
let b: TAgent;
let c: TAgent;
useApiTest({
  setup: async () => {
    a = await makeMetricAgent(100, 90, 60, "A");
    b = await makeMetricAgent(200, 96, 90, "B");
    c = await makeMetricAgent(700, 99, 75, "C");
    await createSquad(ZSquadBody.parse({ id: "sq-1", name: "One", agents: [{ id: a.id }, { id: b.id }] }));
    await createSquad(
      ZSquadBody.parse({
        id: "sq-2",
        name: "Two",
        agents: [{ id: b.id }, { id: c.id }],
        stackedRoles: [{ roleName: "Healer", primaryFunction: "Mend", skills: ["Triage"] }, { roleName: "Scout", primaryFunction: "Look", skills: ["Zoom"] }],
      }),
    );
    await createSyndicate(ZSyndicateBody.parse({ id: "quantum", name: "Quantum Syndicate", squads: [{ id: "sq-1" }, { id: "sq-2" }] }));
    await createSyndicate(
      ZSyndicateBody.parse({
        id: "lone",
        name: "Lone Alliance",
        squads: [{ id: "sq-2" }],
        stackedRoles: [{ roleName: "Strategist", primaryFunction: "Plan", skills: [] }],
      }),
    );
    await createSyndicate(ZSyndicateBody.parse({ id: "void", name: "Void Collective" }));
  },
});

describe("GET /api/syndicates/{syndicateId}/details", () => {
  it("answers each squad's full data and metrics over all agents, each agent once", async () => {
    const response = await call(details.GET, "GET", "/api/syndicates/quantum/details", { params: { syndicateId: "quantum" } });
    expect(response.status).toBe(200);
    expect(response.json.squads).toEqual([await getSquadDetails("sq-1"), await getSquadDetails("sq-2")]);
    // B is in both squads and counts once: (100 + 200 + 700), (90 + 96 + 99) / 3, (60 + 90 + 75) / 3.
    expect(response.json.aggregatedSyndicateMetrics).toEqual({ totalExperiencePoints: 1000, averageUptime: 95, overallCompletionRate: 75 });
    expect(response.json).toMatchObject({ id: "quantum", name: "Quantum Syndicate" });
  });

  it("derives stacked roles from the squads' stacked roles when none are declared", async () => {
    const response = await call(details.GET, "GET", "/api/syndicates/quantum/details", { params: { syndicateId: "quantum" } });
    const squadOne = await getSquadDetails("sq-1");
    const names = response.json.stackedRoles.map((entry: { roleName: string }) => entry.roleName);
    expect(names).toEqual([...new Set([...squadOne.stackedRoles.map((entry) => entry.roleName), "Healer", "Scout"])]);
    const scout = response.json.stackedRoles.find((entry: { roleName: string }) => entry.roleName === "Scout");
    expect(scout.skills).toContain("Zoom");
  });

  it("answers declared stacked roles as sent", async () => {
    const response = await call(details.GET, "GET", "/api/syndicates/lone/details", { params: { syndicateId: "lone" } });
    expect(response.json.stackedRoles).toEqual([{ roleName: "Strategist", primaryFunction: "Plan", skills: [] }]);
    expect(response.json.aggregatedSyndicateMetrics).toEqual({ totalExperiencePoints: 900, averageUptime: 97.5, overallCompletionRate: 82.5 });
  });

  it("answers zeros for a syndicate without squads", async () => {
    const response = await call(details.GET, "GET", "/api/syndicates/void/details", { params: { syndicateId: "void" } });
    expect(response.json).toEqual({
      id: "void",
      name: "Void Collective",
      squads: [],
      stackedRoles: [],
      aggregatedSyndicateMetrics: { totalExperiencePoints: 0, averageUptime: 0, overallCompletionRate: 0 },
    });
  });

  it("answers 404 for an unknown syndicate, 400 for an impossible id, 405 for another method", async () => {
    expect((await call(details.GET, "GET", "/api/syndicates/nope/details", { params: { syndicateId: "nope" } })).status).toBe(404);
    const invalid = await call(details.GET, "GET", "/api/syndicates/x/details", { params: { syndicateId: "a b" } });
    expect(invalid.status).toBe(400);
    expect(errorPaths(invalid.json)).toEqual(["params.syndicateId"]);
    const wrong = await call(details.DELETE, "DELETE", "/api/syndicates/quantum/details", { params: { syndicateId: "quantum" } });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET");
  });
});

describe("GET /api/syndicates", () => {
  it("answers summaries with distinct agent counts and metrics, ordered by id", async () => {
    const response = await call(collection.GET, "GET", "/api/syndicates");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("3");
    expect(response.json).toEqual([
      { id: "lone", name: "Lone Alliance", squadCount: 1, agentCount: 2, aggregatedSyndicateMetrics: { totalExperiencePoints: 900, averageUptime: 97.5, overallCompletionRate: 82.5 } },
      { id: "quantum", name: "Quantum Syndicate", squadCount: 2, agentCount: 3, aggregatedSyndicateMetrics: { totalExperiencePoints: 1000, averageUptime: 95, overallCompletionRate: 75 } },
      { id: "void", name: "Void Collective", squadCount: 0, agentCount: 0, aggregatedSyndicateMetrics: { totalExperiencePoints: 0, averageUptime: 0, overallCompletionRate: 0 } },
    ]);
  });

  it("filters with ?q= and pages with limit", async () => {
    const response = await call(collection.GET, "GET", "/api/syndicates", { query: { q: "I", limit: 2 } });
    expect(response.json.map((row: { id: string }) => row.id)).toEqual(["lone", "quantum"]);
    expect(response.headers.get("link")).toMatch(/rel="next"/);
    const none = await call(collection.GET, "GET", "/api/syndicates", { query: { q: "zzz" } });
    expect(none.json).toEqual([]);
    expect(none.headers.get("x-total-count")).toBe("0");
  });

  it("answers 400 for a malformed cursor and 405 for another method", async () => {
    const bad = await call(collection.GET, "GET", "/api/syndicates", { query: { cursor: "!!" } });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.json)).toEqual(["query.cursor"]);
    const wrong = await call(collection.PATCH, "PATCH", "/api/syndicates");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, POST");
  });
});
