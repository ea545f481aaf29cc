// POST /api/syndicates, PUT and DELETE /api/syndicates/{syndicateId}: success and every error.
import { describe, expect, it } from "vitest";
import * as collection from "../../app/api/syndicates/route";
import * as item from "../../app/api/syndicates/[syndicateId]/route";
import * as details from "../../app/api/syndicates/[syndicateId]/details/route";
import { prisma } from "../../lib/db";
import { createSquad, ZSquadBody, type TSquad } from "../../lib/squads";
import { createSyndicate, ZSyndicateBody } from "../../lib/syndicates";
import { useApiTest } from "../helpers/api";
import { unique } from "../helpers/factories";
import { call, errorPaths } from "../helpers/http";
import { assignTask, makeMetricAgent } from "../agents/factory";

let first: TSquad;
let second: TSquad;
const api = useApiTest({
  withKeys: true,
  setup: async () => {
    const a = await makeMetricAgent(100, 90, 60);
    const b = await makeMetricAgent(300, 100, 80);
    first = await createSquad(ZSquadBody.parse({ id: "first", name: "First", agents: [{ id: a.id }] }));
    second = await createSquad(ZSquadBody.parse({ id: "second", name: "Second", agents: [{ id: a.id }, { id: b.id }] }));
  },
});

const read = async (syndicateId: string) =>
  (await call(details.GET, "GET", `/api/syndicates/${syndicateId}/details`, { params: { syndicateId } })).json;
const syndicate = (squadIds: string[]) =>
  createSyndicate(ZSyndicateBody.parse({ id: unique("syn"), name: "Syndicate", squads: squadIds.map((id) => ({ id })) }));

describe("POST /api/syndicates", () => {
  it("creates the syndicate and answers 201 with each squad's data and computed metrics", async () => {
    const response = await call(collection.POST, "POST", "/api/syndicates", {
      key: api.operator,
      body: { id: "alliance", name: "Alliance", squads: [first, { id: second.id, name: "ignored" }], aggregatedSyndicateMetrics: { totalExperiencePoints: 1 } },
    });
    expect(response.status).toBe(201);
    expect(response.json.squads).toEqual([first, second]);
    expect(response.json.aggregatedSyndicateMetrics).toEqual({ totalExperiencePoints: 400, averageUptime: 95, overallCompletionRate: 70 });
    expect(await read("alliance")).toEqual(response.json);
  });

  it("answers 409 for an id that exists", async () => {
    const existing = await syndicate([]);
    const response = await call(collection.POST, "POST", "/api/syndicates", { key: api.operator, body: { id: existing.id, name: "Dup" } });
    expect(response.status).toBe(409);
  });

  it("answers 422 listing unknown squads, and creates nothing", async () => {
    const response = await call(collection.POST, "POST", "/api/syndicates", {
      key: api.operator,
      body: { id: "phantom", name: "Phantom", squads: [{ id: "first" }, { id: "no-squad" }] },
    });
    expect(response.status).toBe(422);
    expect(response.json.errors).toEqual([{ path: "body.squads.1.id", message: "no squad with id 'no-squad'" }]);
    expect(await prisma.syndicate.count({ where: { id: "phantom" } })).toBe(0);
  });

  it("answers 400 for schema violations and malformed JSON", async () => {
    const invalid = await call(collection.POST, "POST", "/api/syndicates", { key: api.operator, body: { id: "x", squads: [{ id: "first" }, { id: "first" }] } });
    expect(invalid.status).toBe(400);
    expect(errorPaths(invalid.json)).toEqual(["body.name", "body.squads.1.id"]);
    const malformed = await call(collection.POST, "POST", "/api/syndicates", { key: api.operator, body: "nope" });
    expect(malformed.status).toBe(400);
  });

  it("answers 401 anonymous and 403 for a viewer", async () => {
    expect((await call(collection.POST, "POST", "/api/syndicates", { body: { id: "s", name: "S" } })).status).toBe(401);
    expect((await call(collection.POST, "POST", "/api/syndicates", { key: api.viewer, body: { id: "s", name: "S" } })).status).toBe(403);
  });
});

describe("PUT /api/syndicates/{syndicateId}", () => {
  it("replaces name and squads, answers 200 with an empty body, and the metrics are recomputed", async () => {
    const target = await syndicate(["first"]);
    const response = await call(item.PUT, "PUT", `/api/syndicates/${target.id}`, {
      key: api.operator,
      params: { syndicateId: target.id },
      body: { id: target.id, name: "Renamed", squads: [second, first], stackedRoles: [{ roleName: "Scout", primaryFunction: "Look", skills: ["Far"] }] },
    });
    expect(response.status).toBe(200);
    expect(response.text).toBe("");
    const stored = await read(target.id);
    expect(stored.name).toBe("Renamed");
    expect(stored.squads.map((squad: { id: string }) => squad.id)).toEqual(["second", "first"]);
    expect(stored.stackedRoles).toEqual([{ roleName: "Scout", primaryFunction: "Look", skills: ["Far"] }]);
    expect(stored.aggregatedSyndicateMetrics).toEqual({ totalExperiencePoints: 400, averageUptime: 95, overallCompletionRate: 70 });
  });

  it("answers 404 for an unknown syndicate (the contract's choice) and creates nothing", async () => {
    const response = await call(item.PUT, "PUT", "/api/syndicates/ghost", { key: api.operator, params: { syndicateId: "ghost" }, body: { id: "ghost", name: "Ghost" } });
    expect(response.status).toBe(404);
    expect(response.json.detail).toBe("Syndicate 'ghost' was not found.");
    expect(await prisma.syndicate.count({ where: { id: "ghost" } })).toBe(0);
  });

  it("answers 422 for unknown squads and leaves the syndicate as it was", async () => {
    const target = await syndicate(["first"]);
    const response = await call(item.PUT, "PUT", `/api/syndicates/${target.id}`, {
      key: api.operator,
      params: { syndicateId: target.id },
      body: { id: target.id, name: "Broken", squads: [{ id: "nowhere" }] },
    });
    expect(response.status).toBe(422);
    expect(response.json.detail).toBe("Unknown squad id: nowhere.");
    expect((await read(target.id)).squads.map((squad: { id: string }) => squad.id)).toEqual(["first"]);
  });

  it("answers 400 for a path/body id mismatch, a schema violation and malformed JSON", async () => {
    const target = await syndicate([]);
    const params = { syndicateId: target.id };
    const mismatch = await call(item.PUT, "PUT", `/api/syndicates/${target.id}`, { key: api.operator, params, body: { id: "elsewhere", name: "X" } });
    expect(mismatch.status).toBe(400);
    expect(errorPaths(mismatch.json)).toEqual(["body.id"]);
    const invalid = await call(item.PUT, "PUT", `/api/syndicates/${target.id}`, { key: api.operator, params, body: { id: target.id, name: "", squads: {} } });
    expect(invalid.status).toBe(400);
    expect(errorPaths(invalid.json)).toEqual(["body.name", "body.squads"]);
    expect((await call(item.PUT, "PUT", `/api/syndicates/${target.id}`, { key: api.operator, params, body: "[" })).status).toBe(400);
  });

  it("answers 401 anonymous and 403 for a viewer", async () => {
    const target = await syndicate([]);
    const body = { id: target.id, name: "Taken" };
    expect((await call(item.PUT, "PUT", `/api/syndicates/${target.id}`, { params: { syndicateId: target.id }, body })).status).toBe(401);
    expect((await call(item.PUT, "PUT", `/api/syndicates/${target.id}`, { key: api.viewer, params: { syndicateId: target.id }, body })).status).toBe(403);
    expect((await read(target.id)).name).toBe("Syndicate");
  });

  it("answers 405 for a method the path lacks", async () => {
    const response = await call(item.GET, "GET", "/api/syndicates/x", { params: { syndicateId: "x" } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("PUT, DELETE");
  });
});

describe("DELETE /api/syndicates/{syndicateId}", () => {
  it("deletes the syndicate and keeps its squads, answering 204", async () => {
    const target = await syndicate(["first", "second"]);
    await assignTask("Syndicate", target.id, "completed");
    const response = await call(item.DELETE, "DELETE", `/api/syndicates/${target.id}`, { key: api.operator, params: { syndicateId: target.id } });
    expect(response.status).toBe(204);
    expect(await prisma.syndicate.count({ where: { id: target.id } })).toBe(0);
    expect(await prisma.syndicateSquad.count({ where: { syndicateId: target.id } })).toBe(0);
    expect(await prisma.squad.count({ where: { id: { in: ["first", "second"] } } })).toBe(2);
  });

  it("answers 409 naming the open tasks assigned to it", async () => {
    const target = await syndicate(["first"]);
    const task = await assignTask("Syndicate", target.id, "pending");
    const response = await call(item.DELETE, "DELETE", `/api/syndicates/${target.id}`, { key: api.operator, params: { syndicateId: target.id } });
    expect(response.status).toBe(409);
    expect(response.json.detail).toContain(task.id);
    expect(await prisma.syndicate.count({ where: { id: target.id } })).toBe(1);
  });

  it("answers 404 for an unknown syndicate", async () => {
    expect((await call(item.DELETE, "DELETE", "/api/syndicates/ghost", { key: api.operator, params: { syndicateId: "ghost" } })).status).toBe(404);
  });

  it("answers 401 anonymous and 403 for a viewer", async () => {
    const target = await syndicate([]);
    expect((await call(item.DELETE, "DELETE", `/api/syndicates/${target.id}`, { params: { syndicateId: target.id } })).status).toBe(401);
    expect((await call(item.DELETE, "DELETE", `/api/syndicates/${target.id}`, { key: api.viewer, params: { syndicateId: target.id } })).status).toBe(403);
  });
});
