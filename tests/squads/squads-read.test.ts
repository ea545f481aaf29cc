// GET /api/squads and GET /api/squads/{squadId}/details on a real database.
import { describe, expect, it } from "vitest";
import * as collection from "../../app/api/squads/route";
import * as details from "../../app/api/squads/[squadId]/details/route";
import type { TAgent } from "../../lib/agents";
import { prisma } from "../../lib/db";
import { createSquad, ZSquadBody } from "../../lib/squads";
import { useApiTest } from "../helpers/api";
import { call, errorPaths } from "../helpers/http";
import { makeAgent, makeMetricAgent, role } from "../agents/factory";

let scout: TAgent;
let builder: TAgent;
useApiTest({
  setup: async () => {
    scout = await makeAgent({
      name: "Scout One",
      experiencePoints: 1000,
      performanceMetrics: { uptime: 99, completionRate: 90, averageResponseTime: 100, errorRate: 1 },
      roles: [role("Scout", ["a", "b"]), role("Scout", ["b", "c"]), role("Healer", ["h"]), role("Builder", ["x"]), role("Scout", ["d"])],
    });
    builder = await makeAgent({
      name: "Builder One",
      experiencePoints: 500,
      performanceMetrics: { uptime: 95, completionRate: 70, averageResponseTime: 100, errorRate: 1 },
      roles: [role("Builder", ["y"]), role("Builder", ["x", "z"]), role("Defender", ["s"]), role("Scout", ["e"]), role("Healer", ["h", "i"])],
    });
    await createSquad(ZSquadBody.parse({ id: "red-team", name: "Red Team", agents: [{ id: scout.id }, { id: builder.id }] }));
    await createSquad(
      ZSquadBody.parse({
        id: "blue-team",
        name: "Blue Team",
        agents: [{ id: builder.id }],
        stackedRoles: [{ roleName: "Defender", primaryFunction: "Guard", skills: ["Shielding"] }],
      }),
    );
    await createSquad(ZSquadBody.parse({ id: "empty-cell", name: "Empty Cell" }));
  },
});

describe("GET /api/squads/{squadId}/details", () => {
  it("answers the squad with its agents, derived stacked roles and aggregated metrics", async () => {
    const response = await call(details.GET, "GET", "/api/squads/red-team/details", { params: { squadId: "red-team" } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      id: "red-team",
      name: "Red Team",
      agents: [
        { id: scout.id, name: "Scout One", aiEngine: "GPT-4o", roles: scout.roles },
        { id: builder.id, name: "Builder One", aiEngine: "GPT-4o", roles: builder.roles },
      ],
      stackedRoles: [
        { roleName: "Scout", primaryFunction: "Scout duty", skills: ["a", "b", "c", "d", "e"] },
        { roleName: "Healer", primaryFunction: "Healer duty", skills: ["h", "i"] },
        { roleName: "Builder", primaryFunction: "Builder duty", skills: ["x", "y", "z"] },
        { roleName: "Defender", primaryFunction: "Defender duty", skills: ["s"] },
      ],
      aggregatedMetrics: { totalExperiencePoints: 1500, averageUptime: 97, overallCompletionRate: 80 },
    });
  });

  it("answers declared stacked roles as sent", async () => {
    const response = await call(details.GET, "GET", "/api/squads/blue-team/details", { params: { squadId: "blue-team" } });
    expect(response.json.stackedRoles).toEqual([{ roleName: "Defender", primaryFunction: "Guard", skills: ["Shielding"] }]);
    expect(response.json.aggregatedMetrics).toEqual({ totalExperiencePoints: 500, averageUptime: 95, overallCompletionRate: 70 });
  });

  it("answers zeros and no stacked roles for an empty squad", async () => {
    const response = await call(details.GET, "GET", "/api/squads/empty-cell/details", { params: { squadId: "empty-cell" } });
    expect(response.json).toEqual({
      id: "empty-cell",
      name: "Empty Cell",
      agents: [],
      stackedRoles: [],
      aggregatedMetrics: { totalExperiencePoints: 0, averageUptime: 0, overallCompletionRate: 0 },
    });
  });

  it("reflects a member's new metrics at once (never stored, always computed)", async () => {
    const extra = await makeMetricAgent(250, 80, 50);
    await createSquad(ZSquadBody.parse({ id: "live", name: "Live", agents: [{ id: extra.id }] }));
    await prisma.agent.update({ where: { id: extra.id }, data: { experiencePoints: 300, uptime: 90 } });
    const response = await call(details.GET, "GET", "/api/squads/live/details", { params: { squadId: "live" } });
    expect(response.json.aggregatedMetrics).toEqual({ totalExperiencePoints: 300, averageUptime: 90, overallCompletionRate: 50 });
  });

  it("answers 404 for an unknown squad and 400 for an impossible id", async () => {
    const missing = await call(details.GET, "GET", "/api/squads/nope/details", { params: { squadId: "nope" } });
    expect(missing.status).toBe(404);
    expect(missing.json.detail).toBe("Squad 'nope' was not found.");
    const invalid = await call(details.GET, "GET", "/api/squads/x/details", { params: { squadId: "no/slash" } });
    expect(invalid.status).toBe(400);
    expect(errorPaths(invalid.json)).toEqual(["params.squadId"]);
  });

  it("answers 405 for another method", async () => {
    const response = await call(details.PUT, "PUT", "/api/squads/red-team/details", { params: { squadId: "red-team" } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });
});

describe("GET /api/squads", () => {
  it("answers squad summaries with their metrics, ordered by id", async () => {
    const response = await call(collection.GET, "GET", "/api/squads");
    expect(response.status).toBe(200);
    expect(response.json.map((squad: { id: string }) => squad.id)).toEqual(["blue-team", "empty-cell", "live", "red-team"]);
    expect(response.json[3]).toEqual({
      id: "red-team",
      name: "Red Team",
      agentCount: 2,
      aggregatedMetrics: { totalExperiencePoints: 1500, averageUptime: 97, overallCompletionRate: 80 },
    });
    expect(response.headers.get("x-total-count")).toBe("4");
  });

  it("filters by name or id and pages", async () => {
    const teams = await call(collection.GET, "GET", "/api/squads", { query: { q: "TEAM", limit: 1 } });
    expect(teams.json.map((squad: { id: string }) => squad.id)).toEqual(["blue-team"]);
    expect(teams.headers.get("x-total-count")).toBe("2");
    const next = new URL(/<([^>]+)>/.exec(teams.headers.get("link")!)![1], "http://localhost");
    const second = await call(collection.GET, "GET", next.pathname, { query: Object.fromEntries(next.searchParams) });
    expect(second.json.map((squad: { id: string }) => squad.id)).toEqual(["red-team"]);
  });

  it("answers 400 for a bad limit", async () => {
    const response = await call(collection.GET, "GET", "/api/squads", { query: { limit: 5000 } });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["query.limit"]);
  });

  it("answers 405 for a method the path lacks", async () => {
    const response = await call(collection.PUT, "PUT", "/api/squads");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST");
  });
});
