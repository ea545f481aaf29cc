// POST /api/squads, PUT and DELETE /api/squads/{squadId}: success and every error they answer.
import { describe, expect, it } from "vitest";
import * as collection from "../../app/api/squads/route";
import * as item from "../../app/api/squads/[squadId]/route";
import * as details from "../../app/api/squads/[squadId]/details/route";
import type { TAgent } from "../../lib/agents";
import { prisma } from "../../lib/db";
import { createSquad, ZSquadBody } from "../../lib/squads";
import { useApiTest } from "../helpers/api";
import { unique } from "../helpers/factories";
import { call, errorPaths } from "../helpers/http";
import { assignTask, makeMetricAgent } from "../agents/factory";

let a: TAgent;
let b: TAgent;
let c: TAgent;
const api = useApiTest({
  withKeys: true,
  setup: async () => {
    a = await makeMetricAgent(100, 90, 60, "Agent A");
    b = await makeMetricAgent(300, 100, 80, "Agent B");
    c = await makeMetricAgent(600, 80, 100, "Agent C");
  },
});

const read = async (squadId: string) => (await call(details.GET, "GET", `/api/squads/${squadId}/details`, { params: { squadId } })).json;
const squad = (ids: string[], extra: Record<string, unknown> = {}) =>
  createSquad(ZSquadBody.parse({ id: unique("squad"), name: "Squad", agents: ids.map((id) => ({ id })), ...extra }));
const asMember = (agent: TAgent) => ({ id: agent.id, name: agent.name, aiEngine: agent.aiEngine, roles: agent.roles });

describe("POST /api/squads", () => {
  it("creates the squad and answers 201 with it and its computed metrics", async () => {
    const response = await call(collection.POST, "POST", "/api/squads", {
      key: api.operator,
      body: { id: "alpha", name: "Alpha", agents: [asMember(a), asMember(b)], aggregatedMetrics: { totalExperiencePoints: 999999 } },
    });
    expect(response.status).toBe(201);
    expect(response.json.agents.map((agent: { id: string }) => agent.id)).toEqual([a.id, b.id]);
    expect(response.json.aggregatedMetrics).toEqual({ totalExperiencePoints: 400, averageUptime: 95, overallCompletionRate: 70 });
    expect(await read("alpha")).toEqual(response.json);
  });

  it("answers 409 for an id that exists", async () => {
    const existing = await squad([a.id]);
    const response = await call(collection.POST, "POST", "/api/squads", { key: api.operator, body: { id: existing.id, name: "Again" } });
    expect(response.status).toBe(409);
    expect(response.json.detail).toBe(`Squad '${existing.id}' already exists.`);
  });

  it("answers 422 listing every unknown member, and creates nothing", async () => {
    const response = await call(collection.POST, "POST", "/api/squads", {
      key: api.operator,
      body: { id: "ghosts", name: "Ghosts", agents: [{ id: "ghost-1" }, { id: a.id }, { id: "ghost-2" }] },
    });
    expect(response.status).toBe(422);
    expect(response.json.detail).toBe("Unknown agent ids: ghost-1, ghost-2.");
    expect(errorPaths(response.json)).toEqual(["body.agents.0.id", "body.agents.2.id"]);
    expect(await prisma.squad.count({ where: { id: "ghosts" } })).toBe(0);
  });

  it("answers 400 listing every schema violation", async () => {
    const response = await call(collection.POST, "POST", "/api/squads", {
      key: api.operator,
      body: { id: "", name: "  ", agents: [{ id: a.id }, { name: "no id" }], stackedRoles: [{ roleName: "Scout" }] },
    });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["body.agents.1.id", "body.id", "body.name", "body.stackedRoles.0.primaryFunction"]);
  });

  it("answers 400 for a member listed twice", async () => {
    const response = await call(collection.POST, "POST", "/api/squads", {
      key: api.operator,
      body: { id: "twice", name: "Twice", agents: [{ id: a.id }, { id: b.id }, { id: a.id }] },
    });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([{ path: "body.agents.2.id", message: `agent '${a.id}' is listed twice` }]);
  });

  it("answers 400 for malformed JSON", async () => {
    const response = await call(collection.POST, "POST", "/api/squads", { key: api.operator, body: "[1," });
    expect(response.status).toBe(400);
    expect(response.json.title).toBe("Malformed JSON");
  });

  it("answers 401 anonymous and 403 for a viewer", async () => {
    expect((await call(collection.POST, "POST", "/api/squads", { body: { id: "anon", name: "Anon" } })).status).toBe(401);
    expect((await call(collection.POST, "POST", "/api/squads", { key: api.viewer, body: { id: "anon", name: "Anon" } })).status).toBe(403);
    expect(await prisma.squad.count({ where: { id: "anon" } })).toBe(0);
  });
});

describe("PUT /api/squads/{squadId}", () => {
  it("sets the members and answers 200 with an empty body; the metrics follow", async () => {
    const target = await squad([a.id]);
    const response = await call(item.PUT, "PUT", `/api/squads/${target.id}`, {
      key: api.operator,
      params: { squadId: target.id },
      body: { id: target.id, name: "Renamed", agents: [asMember(c), { id: b.id, name: "ignored" }], aggregatedMetrics: { averageUptime: 1 } },
    });
    expect(response.status).toBe(200);
    expect(response.text).toBe("");
    const stored = await read(target.id);
    expect(stored.name).toBe("Renamed");
    expect(stored.agents.map((agent: { id: string }) => agent.id)).toEqual([c.id, b.id]);
    expect(stored.aggregatedMetrics).toEqual({ totalExperiencePoints: 900, averageUptime: 90, overallCompletionRate: 90 });
  });

  it("stores declared stacked roles, and derives them again when a later PUT omits them", async () => {
    const target = await squad([a.id]);
    const declared = [{ roleName: "Healer", primaryFunction: "Mend", skills: ["Triage"] }];
    await call(item.PUT, "PUT", `/api/squads/${target.id}`, { key: api.operator, params: { squadId: target.id }, body: { id: target.id, name: "S", agents: [{ id: a.id }], stackedRoles: declared } });
    expect((await read(target.id)).stackedRoles).toEqual(declared);
    await call(item.PUT, "PUT", `/api/squads/${target.id}`, { key: api.operator, params: { squadId: target.id }, body: { id: target.id, name: "S", agents: [{ id: a.id }] } });
    expect((await read(target.id)).stackedRoles.map((entry: { roleName: string }) => entry.roleName)).toEqual(["Scout", "Builder", "Healer", "Defender"]);
  });

  it("empties the squad when the body has no agents (a PUT replaces the whole squad)", async () => {
    const target = await squad([a.id, b.id]);
    await call(item.PUT, "PUT", `/api/squads/${target.id}`, { key: api.operator, params: { squadId: target.id }, body: { id: target.id, name: "Empty" } });
    expect((await read(target.id)).aggregatedMetrics).toEqual({ totalExperiencePoints: 0, averageUptime: 0, overallCompletionRate: 0 });
  });

  it("answers 404 for an unknown squad and creates nothing", async () => {
    const id = unique("new-squad");
    const response = await call(item.PUT, "PUT", `/api/squads/${id}`, { key: api.operator, params: { squadId: id }, body: { id, name: "Fresh", agents: [{ id: c.id }] } });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.json.detail).toBe(`Squad '${id}' was not found.`);
    expect((await call(details.GET, "GET", `/api/squads/${id}/details`, { params: { squadId: id } })).status).toBe(404);
  });

  it("answers 422 for unknown members and leaves the squad as it was", async () => {
    const target = await squad([a.id]);
    const response = await call(item.PUT, "PUT", `/api/squads/${target.id}`, {
      key: api.operator,
      params: { squadId: target.id },
      body: { id: target.id, name: "Broken", agents: [{ id: b.id }, { id: "nobody" }] },
    });
    expect(response.status).toBe(422);
    expect(response.json.errors).toEqual([{ path: "body.agents.1.id", message: "no agent with id 'nobody'" }]);
    const stored = await read(target.id);
    expect(stored.name).toBe("Squad");
    expect(stored.agents.map((agent: { id: string }) => agent.id)).toEqual([a.id]);
  });

  it("answers 400 for a path/body id mismatch, a schema violation and malformed JSON", async () => {
    const target = await squad([a.id]);
    const params = { squadId: target.id };
    const mismatch = await call(item.PUT, "PUT", `/api/squads/${target.id}`, { key: api.operator, params, body: { id: "other", name: "X" } });
    expect(mismatch.status).toBe(400);
    expect(errorPaths(mismatch.json)).toEqual(["body.id"]);
    const invalid = await call(item.PUT, "PUT", `/api/squads/${target.id}`, { key: api.operator, params, body: { id: target.id, agents: "all" } });
    expect(invalid.status).toBe(400);
    expect(errorPaths(invalid.json)).toEqual(["body.agents", "body.name"]);
    const malformed = await call(item.PUT, "PUT", `/api/squads/${target.id}`, { key: api.operator, params, body: "{{" });
    expect(malformed.status).toBe(400);
    expect((await read(target.id)).name).toBe("Squad");
  });

  it("answers 401 anonymous and 403 for a viewer", async () => {
    const target = await squad([a.id]);
    const body = { id: target.id, name: "Hijacked" };
    expect((await call(item.PUT, "PUT", `/api/squads/${target.id}`, { params: { squadId: target.id }, body })).status).toBe(401);
    expect((await call(item.PUT, "PUT", `/api/squads/${target.id}`, { key: api.viewer, params: { squadId: target.id }, body })).status).toBe(403);
    expect((await read(target.id)).name).toBe("Squad");
  });

  it("answers 405 for a method the path lacks", async () => {
    const response = await call(item.POST, "POST", "/api/squads/x", { params: { squadId: "x" } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("PUT, DELETE");
  });
});

describe("DELETE /api/squads/{squadId}", () => {
  it("deletes the squad, its memberships and syndicate links, keeps the agents, answers 204", async () => {
    const target = await squad([a.id, b.id], { stackedRoles: [{ roleName: "Scout", primaryFunction: "Look", skills: [] }] });
    await prisma.syndicate.create({ data: { id: `syn-${target.id}`, name: "Holder", squads: { create: { squadId: target.id, position: 0 } } } });
    await assignTask("Squad", target.id, "failed");
    const response = await call(item.DELETE, "DELETE", `/api/squads/${target.id}`, { key: api.operator, params: { squadId: target.id } });
    expect(response.status).toBe(204);
    expect(await prisma.squad.count({ where: { id: target.id } })).toBe(0);
    expect(await prisma.squadMember.count({ where: { squadId: target.id } })).toBe(0);
    expect(await prisma.stackedRole.count({ where: { squadId: target.id } })).toBe(0);
    expect(await prisma.syndicateSquad.count({ where: { squadId: target.id } })).toBe(0);
    expect(await prisma.agent.count({ where: { id: { in: [a.id, b.id] } } })).toBe(2);
  });

  it("answers 409 naming the open tasks assigned to the squad", async () => {
    const target = await squad([a.id]);
    const task = await assignTask("Squad", target.id, "assigned");
    const response = await call(item.DELETE, "DELETE", `/api/squads/${target.id}`, { key: api.operator, params: { squadId: target.id } });
    expect(response.status).toBe(409);
    expect(response.json.detail).toContain(task.id);
    expect(await prisma.squad.count({ where: { id: target.id } })).toBe(1);
  });

  it("answers 404 for an unknown squad", async () => {
    expect((await call(item.DELETE, "DELETE", "/api/squads/ghost", { key: api.operator, params: { squadId: "ghost" } })).status).toBe(404);
  });

  it("answers 401 anonymous and 403 for a viewer", async () => {
    const target = await squad([]);
    expect((await call(item.DELETE, "DELETE", `/api/squads/${target.id}`, { params: { squadId: target.id } })).status).toBe(401);
    expect((await call(item.DELETE, "DELETE", `/api/squads/${target.id}`, { key: api.viewer, params: { squadId: target.id } })).status).toBe(403);
    expect(await prisma.squad.count({ where: { id: target.id } })).toBe(1);
  });
});

describe("deleting an agent", () => {
  it("removes it from its squads, whose metrics follow", async () => {
    const leaving = await makeMetricAgent(1000, 50, 50, "Leaving");
    const target = await squad([a.id, leaving.id]);
    const { DELETE } = await import("../../app/api/agents/[agentId]/route");
    expect((await call(DELETE, "DELETE", `/api/agents/${leaving.id}`, { key: api.operator, params: { agentId: leaving.id } })).status).toBe(204);
    expect((await read(target.id)).aggregatedMetrics).toEqual({ totalExperiencePoints: 100, averageUptime: 90, overallCompletionRate: 60 });
  });
});
