// The engines API through the route handlers with real credentials on a real database
// (docs/agents.md, "Engines"): admins configure OpenAI-compatible engines, operators read them; the
// API key is sealed at rest and never answered (only whether one is kept and its last four
// characters); "test connection" asks the engine for one short chat completion — here a stand-in
// model on a local port — and keeps the outcome. An agent is hosted when its aiEngine names an
// engine; its hosting lists the tools its roles give it and which of them wait for a person under
// its approval policy. Each error every operation answers is here too.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import * as enginesRoute from "../../app/api/engines/route";
import * as engineRoute from "../../app/api/engines/[engineId]/route";
import * as testRoute from "../../app/api/engines/[engineId]/test/route";
import * as hostingRoute from "../../app/api/agents/[agentId]/hosting/route";
import * as policyRoute from "../../app/api/agents/[agentId]/approval-policy/route";
import * as openapiRoute from "../../app/api/openapi.json/route";
import { prisma } from "../../lib/db";
import { resetEnginesConfig } from "../../lib/engines";
import { assignTask } from "../../lib/tasks";
import { useApiTest } from "../helpers/api";
import { unique, userWithKey } from "../helpers/factories";
import { call, errorPaths } from "../helpers/http";
import { startStandInModel, type StandInModel } from "../helpers/stand-in-model";
import { insertAgent } from "../quantum/factory";

// Nothing listens on the discard port: a connection there is refused.
const NOWHERE = "http://127.0.0.1:9/v1";
const KEY = "sk-stand-in-secret-key-7c1e";

let admin: string;
let model: StandInModel;

const api = useApiTest({
  withKeys: true,
  setup: async () => {
    admin = (await userWithKey("admin")).key;
  },
});

beforeAll(async () => {
  model = await startStandInModel();
});
afterAll(() => model?.close());

type EngineBody = Record<string, unknown>;

const engineBody = (extra: EngineBody = {}): EngineBody => ({
  name: unique("engine"),
  baseUrl: model.baseUrl,
  model: "stand-in-mini",
  apiKey: KEY,
  inputPricePerMillion: 0.15,
  outputPricePerMillion: 0.6,
  maxSteps: 12,
  maxTokens: 50_000,
  maxCost: 1.5,
  maxRunSeconds: 300,
  ...extra,
});

const create = (body: EngineBody, key = admin) => call(enginesRoute.POST, "POST", "/api/engines", { key, body });

const created = async (extra: EngineBody = {}) => {
  const response = await create(engineBody(extra));
  expect(response.status, response.text).toBe(201);
  return response.json as { id: string; name: string; [field: string]: unknown };
};

// key null: no credential.
const getEngine = (engineId: string, key: string | null = api.operator) => call(engineRoute.GET, "GET", `/api/engines/${engineId}`, { key: key ?? undefined, params: { engineId } });
const patch = (engineId: string, body: unknown, key = admin) => call(engineRoute.PATCH, "PATCH", `/api/engines/${engineId}`, { key, params: { engineId }, body });
const remove = (engineId: string, key = admin) => call(engineRoute.DELETE, "DELETE", `/api/engines/${engineId}`, { key, params: { engineId } });
const test = (engineId: string, key = admin) => call(testRoute.POST, "POST", `/api/engines/${engineId}/test`, { key, params: { engineId } });
const sealedOf = async (engineId: string) => (await prisma.engine.findUniqueOrThrow({ where: { id: engineId }, select: { apiKeySealed: true } })).apiKeySealed;

const hosting = (agentId: string, key: string | null = api.viewer) => call(hostingRoute.GET, "GET", `/api/agents/${agentId}/hosting`, { key: key ?? undefined, params: { agentId } });
const setPolicy = (agentId: string, body: unknown, key = api.operator) => call(policyRoute.PUT, "PUT", `/api/agents/${agentId}/approval-policy`, { key, params: { agentId }, body });

type Tool = { name: string; method: string; path: string; write: boolean; needsApproval: boolean };
const toolNames = (json: { tools: Tool[] }) => json.tools.map((tool) => tool.name);

describe("engines", () => {
  it("are created by an admin; the answer and the stored row never hold the API key", async () => {
    const body = engineBody();
    const response = await create(body);
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      id: expect.stringMatching(/^eng_/),
      name: body.name,
      baseUrl: model.baseUrl,
      model: "stand-in-mini",
      apiKey: { set: true, hint: KEY.slice(-4) },
      inputPricePerMillion: 0.15,
      outputPricePerMillion: 0.6,
      maxSteps: 12,
      maxTokens: 50_000,
      maxCost: 1.5,
      maxRunSeconds: 300,
      lastTest: null,
      agents: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(response.text).not.toContain(KEY);
    const sealed = await sealedOf(response.json.id);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(KEY);

    // Without a key (a local server takes none), prices default to 0 and limits to the settings'.
    const bare = await create({ name: unique("engine"), baseUrl: "http://localhost:11434/v1", model: "llama3.1" });
    expect(bare.status).toBe(201);
    expect(bare.json).toMatchObject({ apiKey: { set: false, hint: null }, inputPricePerMillion: 0, outputPricePerMillion: 0, maxSteps: null, maxTokens: null, maxCost: null, maxRunSeconds: null });
    expect(await sealedOf(bare.json.id)).toBeNull();
  });

  it("are listed and read by operators (keys never answered), not by viewers or anonymous callers", async () => {
    const engine = await created();
    const listed = await call(enginesRoute.GET, "GET", "/api/engines", { key: api.operator });
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual(expect.arrayContaining([expect.objectContaining({ id: engine.id, name: engine.name, apiKey: { set: true, hint: KEY.slice(-4) } })]));
    expect(listed.text).not.toContain(KEY);
    const names = (listed.json as { name: string }[]).map((row) => row.name);
    expect(names).toEqual([...names].sort());
    expect((await call(enginesRoute.GET, "GET", "/api/engines", { key: api.viewer })).status).toBe(403);
    const anonymous = await call(enginesRoute.GET, "GET", "/api/engines");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("content-type")).toBe("application/problem+json");

    const read = await getEngine(engine.id);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(engine);
    expect(read.text).not.toContain(KEY);
    expect((await getEngine(engine.id, api.viewer)).status).toBe(403);
    expect((await getEngine(engine.id, null)).status).toBe(401);
    const missing = await getEngine("eng_none");
    expect(missing.status).toBe(404);
    expect(missing.json.detail).toMatch(/eng_none/);
  });

  it("are changed by an admin: a price change keeps the key, a new key changes the hint, null removes it", async () => {
    const engine = await created();
    const sealed = await sealedOf(engine.id);

    const repriced = await patch(engine.id, { inputPricePerMillion: 2.5, maxSteps: null });
    expect(repriced.status).toBe(200);
    expect(repriced.json).toMatchObject({ inputPricePerMillion: 2.5, outputPricePerMillion: 0.6, maxSteps: null, maxTokens: 50_000, apiKey: { set: true, hint: KEY.slice(-4) } });
    expect(await sealedOf(engine.id)).toBe(sealed);

    const newKey = "sk-another-secret-key-9f2a";
    const rekeyed = await patch(engine.id, { apiKey: newKey });
    expect(rekeyed.status).toBe(200);
    expect(rekeyed.json.apiKey).toEqual({ set: true, hint: "9f2a" });
    expect(rekeyed.text).not.toContain(newKey);
    const resealed = await sealedOf(engine.id);
    expect(resealed).toMatch(/^v1\./);
    expect(resealed).not.toBe(sealed);
    expect(resealed).not.toContain(newKey);

    const keyless = await patch(engine.id, { apiKey: null });
    expect(keyless.status).toBe(200);
    expect(keyless.json.apiKey).toEqual({ set: false, hint: null });
    expect(await sealedOf(engine.id)).toBeNull();
    expect((await getEngine(engine.id)).json.apiKey).toEqual({ set: false, hint: null });

    const renamed = await patch(engine.id, { name: `${engine.name}-renamed`, model: "stand-in-large" });
    expect(renamed.json).toMatchObject({ name: `${engine.name}-renamed`, model: "stand-in-large" });

    const missing = await patch("eng_none", { model: "x" });
    expect(missing.status).toBe(404);
  });

  it("answer 409 for a name another engine has, on create and on rename", async () => {
    const first = await created();
    const second = await created();
    const duplicate = await create(engineBody({ name: first.name }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.detail).toContain(first.name);
    const rename = await patch(second.id, { name: first.name });
    expect(rename.status).toBe(409);
    expect(rename.json.detail).toContain(first.name);
    // Nothing changed.
    expect((await getEngine(second.id)).json.name).toBe(second.name);
    expect(await prisma.engine.count({ where: { name: first.name } })).toBe(1);
  });

  it("answer 400 for a bad base URL, a negative price, a bad limit or an empty change", async () => {
    for (const baseUrl of ["ftp://models.example.test/v1", "https://user:secret@models.example.test/v1", "not a url", "https://models.example.test/v1#part", "https://models.example.test/v1?api-version=1"]) {
      const bad = await create(engineBody({ baseUrl }));
      expect(bad.status, baseUrl).toBe(400);
      expect(errorPaths(bad.json), baseUrl).toEqual(["body.baseUrl"]);
    }
    const prices = await create(engineBody({ inputPricePerMillion: -1, outputPricePerMillion: -0.01 }));
    expect(prices.status).toBe(400);
    expect(errorPaths(prices.json)).toEqual(["body.inputPricePerMillion", "body.outputPricePerMillion"]);
    const limits = await create(engineBody({ maxSteps: 0, maxTokens: 1.5 }));
    expect(limits.status).toBe(400);
    expect(errorPaths(limits.json)).toEqual(["body.maxSteps", "body.maxTokens"]);
    const missing = await create({ baseUrl: model.baseUrl });
    expect(missing.status).toBe(400);
    expect(errorPaths(missing.json)).toEqual(["body.model", "body.name"]);

    const engine = await created();
    const empty = await patch(engine.id, {});
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual([expect.objectContaining({ message: expect.stringMatching(/at least one field/) })]);
    expect((await patch(engine.id, { baseUrl: "ftp://models.example.test/v1" })).status).toBe(400);
    expect((await patch(engine.id, { outputPricePerMillion: -5 })).status).toBe(400);
    expect((await getEngine(engine.id)).json).toMatchObject({ baseUrl: model.baseUrl, outputPricePerMillion: 0.6 });
  });

  it("are configured by admins only: an operator is refused create, change, delete and test", async () => {
    const engine = await created();
    const asked = model.requests.length;
    const refusals = [
      await create(engineBody(), api.operator),
      await patch(engine.id, { model: "other" }, api.operator),
      await remove(engine.id, api.operator),
      await test(engine.id, api.operator),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(refused.json.detail).toMatch(/admin role/);
    }
    expect((await create(engineBody(), api.viewer)).status).toBe(403);
    expect((await call(enginesRoute.POST, "POST", "/api/engines", { body: engineBody() })).status).toBe(401);
    expect((await getEngine(engine.id)).json).toEqual(engine);
    expect(model.requests).toHaveLength(asked);
  });

  it("are removed (204, then 404)", async () => {
    const engine = await created();
    expect((await remove(engine.id)).status).toBe(204);
    expect((await getEngine(engine.id)).status).toBe(404);
    expect((await remove(engine.id)).status).toBe(404);
    expect((await test(engine.id)).status).toBe(404);
  });

  it("are not removed while a hosted run works on them (409); once it finished, the run keeps its row", async () => {
    const engine = await created();
    const agentId = await insertAgent();
    const taskId = unique("hosted-task");
    await assignTask({ id: taskId, description: `Work ${taskId}`, status: "assigned", assignedEntity: { type: "Agent", id: agentId } });
    const now = new Date();
    const runId = unique("run_hosted");
    await prisma.agentRun.create({
      data: { id: runId, taskId, agentId, attempt: 1, status: "running", claimableAt: now, claimedAt: now, leaseExpiresAt: new Date(now.getTime() + 60_000), lastHeartbeatAt: now, engineId: engine.id },
    });

    const refused = await remove(engine.id);
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toMatch(/hosted run/);
    expect((await getEngine(engine.id)).status).toBe(200);

    await prisma.agentRun.update({ where: { id: runId }, data: { status: "awaiting_approval" } });
    expect((await remove(engine.id)).status).toBe(409);

    await prisma.agentRun.update({ where: { id: runId }, data: { status: "completed", finishedAt: new Date() } });
    expect((await remove(engine.id)).status).toBe(204);
    expect(await prisma.agentRun.findUnique({ where: { id: runId }, select: { status: true, engineId: true } })).toEqual({ status: "completed", engineId: null });
  });
});

describe("test connection", () => {
  it("asks the engine for a chat completion with the sealed key and keeps the answer as the last test", async () => {
    const engine = await created();
    model.script({ content: " OK " });
    const before = model.requests.length;
    const tested = await test(engine.id);
    expect(tested.status).toBe(200);
    expect(tested.json).toEqual({ ok: true, testedAt: expect.any(String), latencyMs: expect.any(Number), message: 'stand-in-mini answered: "OK"' });
    expect(model.requests).toHaveLength(before + 1);
    const request = model.requests.at(-1)!;
    // The key was opened from its sealed form to call the engine.
    expect(request.authorization).toBe(`Bearer ${KEY}`);
    expect(request.model).toBe("stand-in-mini");
    expect(request.tools).toBeUndefined();
    expect(tested.text).not.toContain(KEY);
    expect((await getEngine(engine.id)).json.lastTest).toEqual(tested.json);
  });

  it("answers ok:false naming EngineUnauthorized when the engine refuses the key", async () => {
    const engine = await created({ apiKey: "sk-wrong-key-for-this-0000" });
    model.script({ status: 401, error: "Incorrect API key provided" });
    const tested = await test(engine.id);
    expect(tested.status).toBe(200);
    expect(tested.json).toMatchObject({ ok: false, latencyMs: null });
    expect(tested.json.message).toMatch(/EngineUnauthorized/);
    expect(tested.json.message).toMatch(/Incorrect API key provided/);
    expect(model.requests.at(-1)!.authorization).toBe("Bearer sk-wrong-key-for-this-0000");
    expect((await getEngine(engine.id)).json.lastTest).toEqual(tested.json);
  });

  it("answers ok:false when nothing listens at the base URL", async () => {
    const engine = await created({ baseUrl: NOWHERE });
    const before = model.requests.length;
    const tested = await test(engine.id);
    expect(tested.status).toBe(200);
    expect(tested.json).toMatchObject({ ok: false, latencyMs: null });
    expect(tested.json.message).toMatch(/EngineUnavailable/);
    expect(tested.json.message).toContain(NOWHERE);
    expect(model.requests).toHaveLength(before);
    expect((await getEngine(engine.id)).json.lastTest).toEqual(tested.json);
  });

  it("answers ok:false, without calling the engine, when the key was sealed under another secret; a key entered again opens", async () => {
    const engine = await created();
    const previous = process.env.ENGINE_KEY_SECRET;
    onTestFinished(() => {
      if (previous === undefined) delete process.env.ENGINE_KEY_SECRET;
      else process.env.ENGINE_KEY_SECRET = previous;
      resetEnginesConfig();
    });
    process.env.ENGINE_KEY_SECRET = "another-engine-key-secret-0123456789";
    resetEnginesConfig();
    const before = model.requests.length;
    const tested = await test(engine.id);
    expect(tested.json).toMatchObject({ ok: false, latencyMs: null });
    expect(tested.json.message).toMatch(/Enter the key again/);
    expect(model.requests).toHaveLength(before);

    expect((await patch(engine.id, { apiKey: KEY })).status).toBe(200);
    model.script({ content: "OK" });
    expect((await test(engine.id)).json.ok).toBe(true);
    expect(model.requests.at(-1)!.authorization).toBe(`Bearer ${KEY}`);
  });

  it("is forgotten once the base URL, model or key changes, kept when only the prices do", async () => {
    const engine = await created();
    const testOnce = async () => {
      model.script({ content: "OK" });
      expect((await test(engine.id)).json.ok).toBe(true);
    };
    await testOnce();
    const repriced = await patch(engine.id, { outputPricePerMillion: 1.2 });
    expect(repriced.json.lastTest).toMatchObject({ ok: true });

    const moved = await patch(engine.id, { baseUrl: NOWHERE });
    expect(moved.status).toBe(200);
    expect(moved.json.lastTest).toBeNull();
    expect((await getEngine(engine.id)).json.lastTest).toBeNull();

    await patch(engine.id, { baseUrl: model.baseUrl });
    await testOnce();
    expect((await patch(engine.id, { model: "stand-in-large" })).json.lastTest).toBeNull();
    await testOnce();
    expect((await patch(engine.id, { apiKey: "sk-rotated-secret-key-1111" })).json.lastTest).toBeNull();
  });
});

describe("an agent's hosting", () => {
  const agentOn = async (aiEngine: string, roles?: string[]) => {
    const agentId = await insertAgent({}, roles);
    await prisma.agent.update({ where: { id: agentId }, data: { aiEngine } });
    return agentId;
  };

  it("is not hosted while no engine has the name its aiEngine gives; hosted on the engine once one has", async () => {
    const name = unique("engine");
    const agentId = await agentOn(name);
    const before = await hosting(agentId);
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ agentId, aiEngine: name, hosted: false, engine: null, approvalPolicy: "writes" });

    const engine = await created({ name });
    const after = await hosting(agentId);
    expect(after.json).toMatchObject({ agentId, aiEngine: name, hosted: true, engine: { id: engine.id, name, model: "stand-in-mini" } });
    expect((await getEngine(engine.id)).json.agents).toBe(1);

    // Renamed away, the agent is no longer hosted.
    await patch(engine.id, { name: `${name}-elsewhere` });
    expect((await hosting(agentId)).json).toMatchObject({ hosted: false, engine: null });
  });

  it("lists the tools the agent's roles allow: reads for all, writes by role, never people's business", async () => {
    const scout = (await hosting(await agentOn("none", ["Scout", "Scout", "Scout", "Scout", "Scout"]))).json;
    const builder = (await hosting(await agentOn("none", ["Builder", "Builder", "Builder", "Builder", "Builder"]))).json;
    const mixed = (await hosting(await agentOn("none"))).json;
    expect(toolNames(scout)).toEqual(expect.arrayContaining(["assignTask", "linkWallet", "getWalletMetrics", "listWalletApprovals", "getAgentDetails"]));
    expect(toolNames(scout)).not.toContain("deployDapp");
    expect(toolNames(builder)).toEqual(expect.arrayContaining(["deployDapp", "getWalletMetrics", "listWalletApprovals"]));
    expect(toolNames(builder)).not.toContain("assignTask");
    expect(toolNames(builder)).not.toContain("linkWallet");
    expect(toolNames(mixed)).toEqual(expect.arrayContaining(["assignTask", "linkWallet", "deployDapp"]));
    for (const agent of [scout, builder, mixed]) {
      for (const never of ["createEngine", "listEngines", "testEngine", "createUser", "createApiKey", "claimRun", "mcp", "setAgentApprovalPolicy", "createAgentCredential"]) {
        expect(toolNames(agent), never).not.toContain(never);
      }
      expect(toolNames(agent)).toEqual([...toolNames(agent)].sort((a, b) => a.localeCompare(b)));
    }
    const byName = new Map((scout.tools as Tool[]).map((tool) => [tool.name, tool]));
    expect(byName.get("assignTask")).toMatchObject({ method: "POST", path: "/api/tasks/assign", write: true });
    expect(byName.get("getAgentDetails")).toMatchObject({ method: "GET", write: false });
    // A computation that changes nothing is no write.
    expect(byName.get("getWalletMetrics")).toMatchObject({ method: "POST", write: false });
  });

  it("holds the writes for a person by default; the approval policy says which calls wait", async () => {
    const agentId = await agentOn("none");
    const writes = (await hosting(agentId)).json as { approvalPolicy: string; tools: Tool[] };
    expect(writes.approvalPolicy).toBe("writes");
    expect(writes.tools.some((tool) => tool.write)).toBe(true);
    expect(writes.tools.some((tool) => !tool.write)).toBe(true);
    for (const tool of writes.tools) expect(tool.needsApproval, tool.name).toBe(tool.write);

    const all = await setPolicy(agentId, { approvalPolicy: "all" });
    expect(all.status).toBe(200);
    expect(all.json.approvalPolicy).toBe("all");
    expect((all.json.tools as Tool[]).every((tool) => tool.needsApproval)).toBe(true);

    const none = await setPolicy(agentId, { approvalPolicy: "none" });
    expect(none.status).toBe(200);
    expect(none.json.approvalPolicy).toBe("none");
    expect(toolNames(none.json)).toEqual(toolNames(writes));
    expect((none.json.tools as Tool[]).every((tool) => !tool.needsApproval)).toBe(true);
    // Kept: the hosting read afterwards says the same.
    expect((await hosting(agentId)).json).toEqual(none.json);
    expect((await prisma.agent.findUniqueOrThrow({ where: { id: agentId }, select: { approvalPolicy: true } })).approvalPolicy).toBe("none");
    // Each change is in the activity: agent.updated, recorded as the operator's.
    const events = await prisma.event.findMany({ where: { type: "agent.updated", entityId: agentId }, select: { actorId: true } });
    expect(events).toHaveLength(2);
    expect(events.every((event) => event.actorId !== null)).toBe(true);
  });

  it("answers 404 for an unknown agent, 401 without a credential; the policy is an operator's, and one of three values", async () => {
    const agentId = await agentOn("none");
    expect((await hosting("nobody")).status).toBe(404);
    expect((await hosting(agentId, null)).status).toBe(401);

    const viewer = await setPolicy(agentId, { approvalPolicy: "none" }, api.viewer);
    expect(viewer.status).toBe(403);
    expect(viewer.json.detail).toMatch(/operator role/);
    expect((await call(policyRoute.PUT, "PUT", `/api/agents/${agentId}/approval-policy`, { params: { agentId }, body: { approvalPolicy: "none" } })).status).toBe(401);
    const unknown = await setPolicy("nobody", { approvalPolicy: "none" });
    expect(unknown.status).toBe(404);
    expect(unknown.json.detail).toMatch(/nobody/);
    for (const body of [{ approvalPolicy: "sometimes" }, {}, { approvalPolicy: null }]) {
      const bad = await setPolicy(agentId, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(errorPaths(bad.json)).toEqual(["body.approvalPolicy"]);
    }
    // Nothing changed.
    expect((await hosting(agentId)).json.approvalPolicy).toBe("writes");
  });
});

describe("the OpenAPI document", () => {
  it("lists the engines, the agents' hosting and the MCP endpoint", async () => {
    const response = await call(openapiRoute.GET, "GET", "/api/openapi.json");
    expect(response.status).toBe(200);
    const paths = response.json.paths as Record<string, Record<string, { operationId: string }>>;
    expect(Object.keys(paths["/api/engines"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(paths["/api/engines/{engineId}"]).sort()).toEqual(["delete", "get", "patch"]);
    expect(paths["/api/engines/{engineId}/test"].post.operationId).toBe("testEngine");
    expect(paths["/api/agents/{agentId}/hosting"].get.operationId).toBe("getAgentHosting");
    expect(paths["/api/agents/{agentId}/approval-policy"].put.operationId).toBe("setAgentApprovalPolicy");
    expect(paths["/api/mcp"].post.operationId).toBe("mcp");
  });
});
