// Tasks API: assign to an existing entity, read, list with filters, move through the state
// machine, and the entity search the assign form uses, on a real database.
import { beforeAll, describe, expect, it } from "vitest";
import * as searchRoute from "../../app/api/entities/search/route";
import * as assignRoute from "../../app/api/tasks/assign/route";
import * as taskRoute from "../../app/api/tasks/[taskId]/route";
import * as statusRoute from "../../app/api/tasks/[taskId]/status/route";
import * as listRoute from "../../app/api/tasks/route";
import { prisma } from "../../lib/db";
import { addMarketplaceItem } from "../../lib/marketplace";
import { assignTask, getTaskBoard, type TAssignTaskBody } from "../../lib/tasks";
import { useApiTest } from "../helpers/api";
import { call, errorPaths } from "../helpers/http";

const api = useApiTest({
  withKeys: true,
  setup: async () => {
    // One entity of each kind a task can be assigned to.
    await prisma.agent.create({ data: { id: "agent-scout", name: "Scout Alpha", aiEngine: "gpt-4o", specialization: "Scout" } });
    await prisma.agent.create({ data: { id: "agent-healer", name: "Healer Beta", aiEngine: "claude", specialization: "Healer" } });
    await prisma.squad.create({ data: { id: "squad-red", name: "Red Team Squad" } });
    await prisma.syndicate.create({ data: { id: "syn-civic", name: "Civic Syndicate" } });
    await addMarketplaceItem({ id: "item-slack", name: "Slack Alerts Connector", description: "Alerts", itemType: "plugin" });
  },
});

const body = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  description: "Monitor the ETH/USDC pool for price deviations",
  status: "pending",
  dueDate: "2099-11-20T17:00:00.000Z",
  assignedEntity: { type: "Agent", id: "agent-scout" },
  metadata: { priority: "high", notes: "Requested by the risk desk." },
  taskMetrics: { estimatedDuration: 6, costEstimate: 54.5 },
  ...extra,
});

const seed = (id: string, status: TAssignTaskBody["status"], assignedEntity: TAssignTaskBody["assignedEntity"] = { type: "Agent", id: "agent-scout" }) =>
  assignTask({ id, description: `Task ${id}`, status, assignedEntity });

const assign = (payload: unknown, key: string | null = api.operator) =>
  call(assignRoute.POST, "POST", "/api/tasks/assign", { key: key ?? undefined, body: payload });
const read = (id: string) => call(taskRoute.GET, "GET", `/api/tasks/${id}`, { params: { taskId: id } });
const move = (id: string, to: unknown, key: string | null = api.operator) =>
  call(statusRoute.PATCH, "PATCH", `/api/tasks/${id}/status`, { key: key ?? undefined, params: { taskId: id }, body: { status: to } });
const list = (query: Record<string, string | number>) => call(listRoute.GET, "GET", "/api/tasks", { query });
const ids = (json: { id: string }[]) => json.map((task) => task.id);

describe("POST /api/tasks/assign", () => {
  it("creates a task assigned to an agent and answers 201 with it", async () => {
    const response = await assign({ ...body("task-created"), unknownField: true });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({ ...body("task-created"), overdue: false });
  });

  it.each([
    ["Squad", "squad-red"],
    ["Syndicate", "syn-civic"],
    ["MarketplaceItem", "item-slack"],
  ])("assigns to a %s", async (type, id) => {
    const response = await assign(body(`task-to-${id}`, { assignedEntity: { type, id } }));
    expect(response.status).toBe(201);
    expect(response.json.assignedEntity).toEqual({ type, id });
  });

  it("records the status it was created with as the first history entry", async () => {
    await assign(body("task-history", { status: "assigned" }));
    const response = await read("task-history");
    expect(response.json.statusHistory).toEqual([{ from: null, to: "assigned", at: expect.any(String) }]);
  });

  it("answers 422 when the assigned entity does not exist, storing nothing", async () => {
    const response = await assign(body("task-orphan", { assignedEntity: { type: "Squad", id: "squad-ghost" } }));
    expect(response.status).toBe(422);
    expect(response.json.title).toBe("Unprocessable Content");
    expect(response.json.detail).toContain("Squad 'squad-ghost' does not exist");
    expect(errorPaths(response.json)).toEqual(["body.assignedEntity.id"]);
    expect((await read("task-orphan")).status).toBe(404);
  });

  it("answers 422 for an id of the wrong kind of entity", async () => {
    const response = await assign(body("task-wrong-kind", { assignedEntity: { type: "Syndicate", id: "agent-scout" } }));
    expect(response.status).toBe(422);
  });

  it("lists every schema violation by path", async () => {
    const response = await assign({
      id: "task/1",
      status: "doing",
      dueDate: "next tuesday",
      assignedEntity: { type: "Robot", id: "" },
      taskMetrics: { estimatedDuration: -2 },
    });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual([
      "body.assignedEntity.id",
      "body.assignedEntity.type",
      "body.description",
      "body.dueDate",
      "body.id",
      "body.status",
      "body.taskMetrics.estimatedDuration",
    ]);
  });

  it("answers 400 for malformed JSON", async () => {
    const response = await assign('{"id": "task-x"');
    expect(response.status).toBe(400);
    expect(response.json.title).toBe("Malformed JSON");
  });

  it("answers 401 without a credential and 403 for a viewer", async () => {
    expect((await assign(body("task-anon"), null)).status).toBe(401);
    expect((await assign(body("task-viewer"), api.viewer)).status).toBe(403);
  });

  it("answers 409 for an id that exists", async () => {
    await seed("task-dup", "pending");
    const response = await assign(body("task-dup"));
    expect(response.status).toBe(409);
    expect(response.json.detail).toContain("task-dup");
  });
});

describe("GET /api/tasks/{taskId}", () => {
  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const missing = await read("task-none");
    expect(missing.status).toBe(404);
    expect(missing.json.detail).toBe("Task 'task-none' was not found.");
    expect((await read("bad id")).status).toBe(400);
  });
});

describe("PATCH /api/tasks/{taskId}/status", () => {
  it("moves pending → assigned → in_progress → completed and records each move", async () => {
    await seed("task-flow", "pending");
    for (const to of ["assigned", "in_progress", "completed"]) {
      const response = await move("task-flow", to);
      expect(response.status).toBe(200);
      expect(response.json.status).toBe(to);
      expect(response.json.id).toBe("task-flow");
    }
    const history = (await read("task-flow")).json.statusHistory;
    expect(history.map((change: { from: string | null; to: string }) => `${change.from}→${change.to}`)).toEqual([
      "null→pending",
      "pending→assigned",
      "assigned→in_progress",
      "in_progress→completed",
    ]);
  });

  it("moves in_progress → failed", async () => {
    await seed("task-fails", "in_progress");
    expect((await move("task-fails", "failed")).json.status).toBe("failed");
  });

  it.each(["pending", "assigned", "in_progress"])("cancels a task that is %s", async (from) => {
    await seed(`task-cancel-${from}`, from as "pending");
    const response = await move(`task-cancel-${from}`, "cancelled");
    expect(response.status).toBe(200);
    expect(response.json.status).toBe("cancelled");
  });

  it.each([
    ["pending", "in_progress", "allowed from pending: assigned, cancelled"],
    ["assigned", "completed", "allowed from assigned: in_progress, cancelled"],
    ["in_progress", "pending", "allowed from in_progress: completed, failed, cancelled"],
    ["completed", "cancelled", "completed is final"],
    ["failed", "in_progress", "failed is final"],
    ["cancelled", "pending", "cancelled is final"],
  ])("answers 409 for %s → %s, naming the allowed moves", async (from, to, allowed) => {
    const id = `task-illegal-${from}-${to}`;
    await seed(id, from as "pending");
    const response = await move(id, to);
    expect(response.status).toBe(409);
    expect(response.json.detail).toContain(allowed);
    expect((await read(id)).json.status).toBe(from);
  });

  it("lets one of two concurrent moves win and answers 409 to the other", async () => {
    await seed("task-race", "in_progress");
    const results = await Promise.all([move("task-race", "completed"), move("task-race", "cancelled")]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect((await read("task-race")).json.statusHistory).toHaveLength(2);
  });

  it("answers 400 for an unknown status, 404 for an unknown task, 401 and 403 for writers without the role", async () => {
    await seed("task-guard", "pending");
    const bad = await move("task-guard", "done");
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.json)).toEqual(["body.status"]);
    expect((await move("task-missing", "assigned")).status).toBe(404);
    expect((await move("task-guard", "assigned", null)).status).toBe(401);
    expect((await move("task-guard", "assigned", api.viewer)).status).toBe(403);
    expect((await read("task-guard")).json.status).toBe("pending");
  });
});

describe("GET /api/tasks", () => {
  beforeAll(async () => {
    await seed("filter-1", "pending", { type: "Agent", id: "agent-healer" });
    await seed("filter-2", "in_progress", { type: "Agent", id: "agent-healer" });
    await seed("filter-3", "pending", { type: "Squad", id: "squad-red" });
  });

  it("filters by status, entity type and entity id", async () => {
    expect(ids((await list({ entityId: "agent-healer" })).json)).toEqual(["filter-1", "filter-2"]);
    expect(ids((await list({ entityId: "agent-healer", status: "pending" })).json)).toEqual(["filter-1"]);
    const squads = (await list({ entityType: "Squad" })).json;
    expect(squads.every((task: { assignedEntity: { type: string } }) => task.assignedEntity.type === "Squad")).toBe(true);
    expect(ids(squads)).toContain("filter-3");
  });

  it("pages with Link and X-Total-Count", async () => {
    const first = await list({ limit: 2 });
    expect(first.status).toBe(200);
    expect(first.json).toHaveLength(2);
    expect(Number(first.headers.get("x-total-count"))).toBeGreaterThan(2);
    expect(first.headers.get("link")).toContain('rel="next"');
  });

  it("answers 400 for unknown filter values", async () => {
    const response = await list({ status: "done", entityType: "Robot", limit: 5000 });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["query.entityType", "query.limit", "query.status"]);
  });
});

describe("GET /api/entities/search", () => {
  const search = (query: Record<string, string | number>) => call(searchRoute.GET, "GET", "/api/entities/search", { query });

  it("finds entities of one type by part of the name, any case", async () => {
    const response = await search({ type: "Agent", q: "alph" });
    expect(response.status).toBe(200);
    expect(response.json).toEqual([{ type: "Agent", id: "agent-scout", name: "Scout Alpha" }]);
  });

  it("searches every type when none is given", async () => {
    const response = await search({ q: "s" });
    const types = new Set(response.json.map((match: { type: string }) => match.type));
    expect(types).toEqual(new Set(["Agent", "Squad", "Syndicate", "MarketplaceItem"]));
  });

  it("answers 400 for an unknown type", async () => {
    const response = await search({ type: "Robot" });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["query.type"]);
  });
});

describe("methods", () => {
  it("answers 405 with Allow for methods a path lacks", async () => {
    const onAssign = await call(assignRoute.GET, "GET", "/api/tasks/assign");
    expect(onAssign.status).toBe(405);
    expect(onAssign.headers.get("allow")).toBe("POST");
    const onTask = await call(taskRoute.POST, "POST", "/api/tasks/x", { key: api.operator, body: {} });
    expect(onTask.status).toBe(405);
    expect(onTask.headers.get("allow")).toBe("GET, PUT, DELETE");
    const onStatus = await call(statusRoute.GET, "GET", "/api/tasks/x/status");
    expect(onStatus.headers.get("allow")).toBe("PATCH");
    const onList = await call(listRoute.POST, "POST", "/api/tasks", { key: api.operator, body: {} });
    expect(onList.status).toBe(405);
    const onSearch = await call(searchRoute.POST, "POST", "/api/entities/search", { key: api.operator, body: {} });
    expect(onSearch.headers.get("allow")).toBe("GET");
  });
});

describe("the task board (the dashboard's /tasks)", () => {
  it("puts a task just assigned at the head of its lane, whatever its due day, and only if it matches the filter", async () => {
    const soon = (id: string, due: string) => assignTask({ id, description: `Board ${id}`, status: "pending", dueDate: due, assignedEntity: { type: "Agent", id: "agent-scout" } });
    await soon("board-a", "2030-01-01T00:00:00.000Z");
    await soon("board-b", "2030-01-02T00:00:00.000Z");
    await assignTask({ id: "board-new", description: "Board board-new", status: "pending", assignedEntity: { type: "Agent", id: "agent-scout" } });
    const pendingOf = async (filter: Parameters<typeof getTaskBoard>[0]) =>
      (await getTaskBoard(filter, 2)).find((column) => column.status === "pending")!.tasks.map((task) => task.id);
    // Without a due day the new task would come after every dated one (and past the lane's end here).
    expect(await pendingOf({ q: "Board board-" })).toEqual(["board-a", "board-b"]);
    expect(await pendingOf({ q: "Board board-", pinned: "board-new" })).toEqual(["board-new", "board-a"]);
    // A pinned task the filter leaves out stays out; an unknown id changes nothing.
    expect(await pendingOf({ q: "Board board-a", pinned: "board-new" })).toEqual(["board-a"]);
    expect(await pendingOf({ q: "Board board-", pinned: "no-such-task" })).toEqual(["board-a", "board-b"]);
  });
});
