// POST /api/agents, PUT and DELETE /api/agents/{agentId}: success and every error they answer.
import { describe, expect, it } from "vitest";
import * as collection from "../../app/api/agents/route";
import * as item from "../../app/api/agents/[agentId]/route";
import * as details from "../../app/api/agents/[agentId]/details/route";
import { mintRoles } from "../../lib/agents";
import { prisma } from "../../lib/db";
import { useApiTest } from "../helpers/api";
import { call, errorPaths } from "../helpers/http";
import { agentBody, assignTask, makeAgent, role } from "./factory";

const api = useApiTest({ withKeys: true });

const read = async (agentId: string) => (await call(details.GET, "GET", `/api/agents/${agentId}/details`, { params: { agentId } })).json;

describe("POST /api/agents", () => {
  it("creates the agent and answers 201 with it, history ordered by time", async () => {
    const body = agentBody();
    const response = await call(collection.POST, "POST", "/api/agents", { key: api.operator, body });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ id: body.id, name: body.name, specialization: "Scout", roles: body.roles });
    expect(response.json.historicalData.map((point: { timestamp: string }) => point.timestamp)).toEqual([
      "2026-01-01T00:00:00.000Z",
      "2026-02-01T00:00:00.000Z",
    ]);
    expect(await read(body.id)).toEqual(response.json);
  });

  it("mints five roles from id and engine when the body has none, and derives the specialization", async () => {
    const response = await call(collection.POST, "POST", "/api/agents", {
      key: api.operator,
      body: { id: "minted-1", name: "Minted", aiEngine: "Claude 3.5 Sonnet" },
    });
    expect(response.status).toBe(201);
    expect(response.json.roles).toEqual(mintRoles("minted-1", "Claude 3.5 Sonnet"));
    const names: string[] = response.json.roles.map((entry: { roleName: string }) => entry.roleName);
    const counts = names.map((name) => names.filter((other) => other === name).length);
    expect(names.filter((name) => name === response.json.specialization)).toHaveLength(Math.max(...counts));
    expect(response.json).toMatchObject({
      operationalHistory: [],
      experiencePoints: 0,
      ownershipMetadata: { owner: null, leased: false },
      performanceMetrics: { uptime: 0, completionRate: 0, averageResponseTime: 0, errorRate: 0 },
      historicalData: [],
    });
  });

  it("keeps a specialization the body sends, and breaks dominant-role ties by the earlier role", async () => {
    const sent = await call(collection.POST, "POST", "/api/agents", { key: api.operator, body: agentBody({ specialization: "Trader" }) });
    expect(sent.json.specialization).toBe("Trader");
    const tie = await call(collection.POST, "POST", "/api/agents", {
      key: api.operator,
      body: agentBody({ roles: [role("Healer"), role("Builder"), role("Builder"), role("Healer"), role("Scout")] }),
    });
    expect(tie.json.specialization).toBe("Healer");
  });

  it("answers 409 for an id that exists, and changes nothing", async () => {
    const existing = await makeAgent({ name: "Original" });
    const response = await call(collection.POST, "POST", "/api/agents", { key: api.operator, body: agentBody({ id: existing.id, name: "Impostor" }) });
    expect(response.status).toBe(409);
    expect(response.json.detail).toBe(`Agent '${existing.id}' already exists.`);
    expect((await read(existing.id)).name).toBe("Original");
  });

  it("answers 400 listing every schema violation, roles not five among them", async () => {
    const response = await call(collection.POST, "POST", "/api/agents", {
      key: api.operator,
      body: {
        id: "bad id!",
        aiEngine: "",
        experiencePoints: 1.5,
        roles: [role("Scout"), role("Builder")],
        performanceMetrics: { uptime: 120 },
        historicalData: [{ timestamp: "yesterday", tasksCompleted: -1, experiencePoints: 3 }],
      },
    });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual([
      "body.aiEngine",
      "body.experiencePoints",
      "body.historicalData.0.tasksCompleted",
      "body.historicalData.0.timestamp",
      "body.id",
      "body.name",
      "body.performanceMetrics.uptime",
      "body.roles",
    ]);
    expect(await prisma.agent.count({ where: { id: "bad id!" } })).toBe(0);
  });

  it("answers 400 for malformed JSON", async () => {
    const response = await call(collection.POST, "POST", "/api/agents", { key: api.operator, body: '{"id": "x", "name":' });
    expect(response.status).toBe(400);
    expect(response.json.title).toBe("Malformed JSON");
  });

  it("answers 415 for a body that is not JSON", async () => {
    const response = await call(collection.POST, "POST", "/api/agents", { key: api.operator, body: "id=x", headers: { "content-type": "text/plain" } });
    expect(response.status).toBe(415);
  });

  it("answers 400, not 500, for a number the database's double column cannot take, and stores nothing", async () => {
    // Number.MAX_VALUE is a finite double, but reaches PostgreSQL rounded up past its largest value.
    const body = { ...agentBody(), performanceMetrics: { uptime: 99, completionRate: 90, averageResponseTime: Number.MAX_VALUE, errorRate: 1 } };
    const response = await call(collection.POST, "POST", "/api/agents", { key: api.operator, body });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.json.detail).toMatch(/out of range/);
    expect(await prisma.agent.count({ where: { id: body.id } })).toBe(0);
  });

  it.each([".", ".."])("answers 400 for the id %j, which no URL path can address", async (id) => {
    const response = await call(collection.POST, "POST", "/api/agents", { key: api.operator, body: { id, name: "Dots", aiEngine: "GPT-4o" } });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["body.id"]);
    expect(await prisma.agent.count({ where: { id } })).toBe(0);
  });

  it("answers 401 to an anonymous write and 403 to a viewer's", async () => {
    const body = agentBody();
    const anonymous = await call(collection.POST, "POST", "/api/agents", { body });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const asViewer = await call(collection.POST, "POST", "/api/agents", { key: api.viewer, body });
    expect(asViewer.status).toBe(403);
    expect(await prisma.agent.count({ where: { id: body.id } })).toBe(0);
  });
});

describe("PUT /api/agents/{agentId}", () => {
  it("replaces the agent, roles and history included, and answers 200 with an empty body", async () => {
    const agent = await makeAgent();
    const replacement = agentBody({
      id: agent.id,
      name: "Renamed",
      aiEngine: "Mistral Large",
      roles: [role("Defender"), role("Defender"), role("Healer"), role("Scout"), role("Builder")],
      historicalData: [{ timestamp: "2026-03-01T00:00:00Z", tasksCompleted: 5, experiencePoints: 50 }],
      performanceMetrics: { uptime: 91, completionRate: 64, averageResponseTime: 900, errorRate: 4 },
    });
    const response = await call(item.PUT, "PUT", `/api/agents/${agent.id}`, { key: api.operator, params: { agentId: agent.id }, body: replacement });
    expect(response.status).toBe(200);
    expect(response.text).toBe("");
    const stored = await read(agent.id);
    expect(stored).toMatchObject({
      name: "Renamed",
      aiEngine: "Mistral Large",
      specialization: "Defender",
      roles: replacement.roles,
      performanceMetrics: { uptime: 91, completionRate: 64 },
      historicalData: [{ timestamp: "2026-03-01T00:00:00.000Z", tasksCompleted: 5, experiencePoints: 50 }],
    });
  });

  it("gives omitted fields their creation defaults (roles minted again)", async () => {
    const agent = await makeAgent();
    const response = await call(item.PUT, "PUT", `/api/agents/${agent.id}`, {
      key: api.operator,
      params: { agentId: agent.id },
      body: { id: agent.id, name: "Bare", aiEngine: "GPT-4o" },
    });
    expect(response.status).toBe(200);
    const stored = await read(agent.id);
    expect(stored.roles).toEqual(mintRoles(agent.id, "GPT-4o"));
    expect(stored.historicalData).toEqual([]);
  });

  it("keeps the agent's squad memberships", async () => {
    const agent = await makeAgent();
    await prisma.squad.create({ data: { id: `sq-${agent.id}`, name: "Keepers", members: { create: { agentId: agent.id, position: 0 } } } });
    await call(item.PUT, "PUT", `/api/agents/${agent.id}`, { key: api.operator, params: { agentId: agent.id }, body: agentBody({ id: agent.id }) });
    expect(await prisma.squadMember.count({ where: { agentId: agent.id } })).toBe(1);
  });

  it("answers 400 when the body's id differs from the path's, and changes nothing", async () => {
    const agent = await makeAgent({ name: "Unchanged" });
    const response = await call(item.PUT, "PUT", `/api/agents/${agent.id}`, {
      key: api.operator,
      params: { agentId: agent.id },
      body: agentBody({ id: "someone-else", name: "Changed" }),
    });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["body.id"]);
    expect((await read(agent.id)).name).toBe("Unchanged");
  });

  it("answers 400 for a schema violation and for malformed JSON", async () => {
    const agent = await makeAgent();
    const invalid = await call(item.PUT, "PUT", `/api/agents/${agent.id}`, {
      key: api.operator,
      params: { agentId: agent.id },
      body: agentBody({ id: agent.id, roles: [role("Scout")] }),
    });
    expect(invalid.status).toBe(400);
    expect(errorPaths(invalid.json)).toEqual(["body.roles"]);
    const malformed = await call(item.PUT, "PUT", `/api/agents/${agent.id}`, { key: api.operator, params: { agentId: agent.id }, body: "{" });
    expect(malformed.status).toBe(400);
  });

  it("answers 404 for an unknown agent", async () => {
    const response = await call(item.PUT, "PUT", "/api/agents/ghost", { key: api.operator, params: { agentId: "ghost" }, body: agentBody({ id: "ghost" }) });
    expect(response.status).toBe(404);
    expect(await prisma.agent.count({ where: { id: "ghost" } })).toBe(0);
  });

  it("answers 401 anonymous and 403 for a viewer", async () => {
    const agent = await makeAgent();
    const body = agentBody({ id: agent.id, name: "Nope" });
    expect((await call(item.PUT, "PUT", `/api/agents/${agent.id}`, { params: { agentId: agent.id }, body })).status).toBe(401);
    expect((await call(item.PUT, "PUT", `/api/agents/${agent.id}`, { key: api.viewer, params: { agentId: agent.id }, body })).status).toBe(403);
    expect((await read(agent.id)).name).toBe("Test Agent");
  });

  it("answers 405 for a method the path lacks", async () => {
    const response = await call(item.GET, "GET", "/api/agents/x", { params: { agentId: "x" } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("PUT, DELETE");
  });
});

describe("DELETE /api/agents/{agentId}", () => {
  it("deletes the agent with its roles, history and squad memberships, answering 204", async () => {
    const agent = await makeAgent();
    const other = await makeAgent();
    await prisma.squad.create({
      data: {
        id: `sq-${agent.id}`,
        name: "Pair",
        members: { create: [{ agentId: agent.id, position: 0 }, { agentId: other.id, position: 1 }] },
      },
    });
    await assignTask("Agent", agent.id, "completed");
    const response = await call(item.DELETE, "DELETE", `/api/agents/${agent.id}`, { key: api.operator, params: { agentId: agent.id } });
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expect(await prisma.agent.count({ where: { id: agent.id } })).toBe(0);
    expect(await prisma.agentRole.count({ where: { agentId: agent.id } })).toBe(0);
    expect(await prisma.agentHistoryPoint.count({ where: { agentId: agent.id } })).toBe(0);
    expect(await prisma.squadMember.findMany({ where: { squadId: `sq-${agent.id}` }, select: { agentId: true } })).toEqual([{ agentId: other.id }]);
  });

  it("answers 409 naming the open tasks assigned to the agent, and deletes nothing", async () => {
    const agent = await makeAgent();
    const pending = await assignTask("Agent", agent.id, "pending");
    const running = await assignTask("Agent", agent.id, "in_progress");
    await assignTask("Agent", agent.id, "cancelled");
    const response = await call(item.DELETE, "DELETE", `/api/agents/${agent.id}`, { key: api.operator, params: { agentId: agent.id } });
    expect(response.status).toBe(409);
    expect(response.json.detail).toContain("2 open tasks");
    expect(response.json.detail).toContain(pending.id);
    expect(response.json.detail).toContain(running.id);
    expect(await prisma.agent.count({ where: { id: agent.id } })).toBe(1);
  });

  it("answers 404 for an unknown agent", async () => {
    const response = await call(item.DELETE, "DELETE", "/api/agents/ghost", { key: api.operator, params: { agentId: "ghost" } });
    expect(response.status).toBe(404);
  });

  it("answers 400 for an impossible id", async () => {
    const response = await call(item.DELETE, "DELETE", "/api/agents/x", { key: api.operator, params: { agentId: "x".repeat(129) } });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["params.agentId"]);
  });

  it("answers 401 anonymous and 403 for a viewer, and keeps the agent", async () => {
    const agent = await makeAgent();
    expect((await call(item.DELETE, "DELETE", `/api/agents/${agent.id}`, { params: { agentId: agent.id } })).status).toBe(401);
    expect((await call(item.DELETE, "DELETE", `/api/agents/${agent.id}`, { key: api.viewer, params: { agentId: agent.id } })).status).toBe(403);
    expect(await prisma.agent.count({ where: { id: agent.id } })).toBe(1);
  });
});
