// A task's lifecycle beyond its moves: a result given with the move to completed or failed (or by
// an edit afterwards), edits and deletes (refused while in progress), overdue in answers and the
// ?overdue= filter, and one event per change (task.created, task.updated, task.deleted).
import { describe, expect, it } from "vitest";
import * as assignRoute from "../../app/api/tasks/assign/route";
import * as taskRoute from "../../app/api/tasks/[taskId]/route";
import * as statusRoute from "../../app/api/tasks/[taskId]/status/route";
import * as listRoute from "../../app/api/tasks/route";
import { prisma } from "../../lib/db";
import { RESULT_DATA_MAX_BYTES, assignTask, type TAssignTaskBody } from "../../lib/tasks";
import { useApiTest } from "../helpers/api";
import { unique } from "../helpers/factories";
import { call, errorPaths } from "../helpers/http";

const api = useApiTest({
  withKeys: true,
  setup: async () => {
    await prisma.agent.createMany({
      data: [
        { id: "life-agent", name: "Life Agent", aiEngine: "gpt-4o", specialization: "Scout" },
        { id: "life-other", name: "Other Agent", aiEngine: "claude", specialization: "Healer" },
      ],
    });
  },
});

const FUTURE = "2099-01-01T09:00:00.000Z";
const PAST = "2020-01-01T09:00:00.000Z";

const seed = async (status: TAssignTaskBody["status"], extra: Partial<TAssignTaskBody> = {}) => {
  const id = unique("life");
  await assignTask({ id, description: `Task ${id}`, status, assignedEntity: { type: "Agent", id: "life-agent" }, ...extra });
  return id;
};
const edit = (id: string, body: unknown, key: string | null = api.operator) =>
  call(taskRoute.PUT, "PUT", `/api/tasks/${id}`, { key: key ?? undefined, params: { taskId: id }, body });
const remove = (id: string, key: string | null = api.operator) =>
  call(taskRoute.DELETE, "DELETE", `/api/tasks/${id}`, { key: key ?? undefined, params: { taskId: id } });
const read = (id: string) => call(taskRoute.GET, "GET", `/api/tasks/${id}`, { params: { taskId: id } });
const move = (id: string, body: unknown) => call(statusRoute.PATCH, "PATCH", `/api/tasks/${id}/status`, { key: api.operator, params: { taskId: id }, body });
const list = (query: Record<string, string | number>) => call(listRoute.GET, "GET", "/api/tasks", { query });
const events = async (entityId: string) => (await prisma.event.findMany({ where: { entityId }, orderBy: { seq: "asc" } })).map((event) => event.type);

const edited = {
  description: "Reconcile the treasury balances (again)",
  dueDate: "2099-02-01T12:00:00+02:00",
  assignedEntity: { type: "Agent", id: "life-other" },
  metadata: { priority: "critical", notes: "Escalated." },
  taskMetrics: { estimatedDuration: 3, costEstimate: 12.5 },
};

describe("a result", () => {
  it("is stored with the move to completed and shown with the task, with its finish time", async () => {
    const id = await seed("in_progress");
    const result = { summary: "Balances reconciled; one discrepancy of 0.2 ETH.", data: { discrepancies: [{ chain: "arbitrum", amount: 0.2 }] } };
    const response = await move(id, { status: "completed", result });
    expect(response.status).toBe(200);
    expect(response.json.result).toEqual({ ...result, finishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });
    expect((await read(id)).json.result).toEqual(response.json.result);
  });

  it("may be left out: a finished task without one has no result field", async () => {
    const id = await seed("in_progress");
    const response = await move(id, { status: "failed" });
    expect(response.status).toBe(200);
    expect(response.json).not.toHaveProperty("result");
  });

  it("is a 400 with a move to a status other than completed or failed, and when too big or empty", async () => {
    const id = await seed("in_progress");
    const cancel = await move(id, { status: "cancelled", result: { summary: "no" } });
    expect(cancel.status).toBe(400);
    expect(errorPaths(cancel.json)).toEqual(["body.result"]);
    const big = await move(id, { status: "completed", result: { summary: "ok", data: { blob: "x".repeat(RESULT_DATA_MAX_BYTES) } } });
    expect(big.status).toBe(400);
    expect(errorPaths(big.json)).toEqual(["body.result.data"]);
    const empty = await move(id, { status: "completed", result: { summary: "  ", data: [1] } });
    expect(errorPaths(empty.json)).toEqual(["body.result.data", "body.result.summary"]);
    expect((await read(id)).json.status).toBe("in_progress");
  });

  it("can be given or changed by an edit of a completed task, keeping its finish time", async () => {
    const id = await seed("in_progress");
    const finished = (await move(id, { status: "completed" })).json;
    const response = await edit(id, { description: finished.description, assignedEntity: finished.assignedEntity, result: { summary: "Written up afterwards." } });
    expect(response.status).toBe(200);
    const stored = await prisma.task.findUniqueOrThrow({ where: { id }, select: { finishedAt: true } });
    expect(response.json.result).toEqual({ summary: "Written up afterwards.", finishedAt: stored.finishedAt?.toISOString() });
  });
});

describe("PUT /api/tasks/{taskId}", () => {
  it.each(["pending", "assigned", "cancelled"] as const)("replaces the editable fields of a %s task and answers it", async (status) => {
    const id = await seed(status, { metadata: { priority: "low", notes: "old" }, taskMetrics: { actualCost: 9 } });
    const response = await edit(id, { ...edited, id, status: "completed" });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      id,
      status,
      ...edited,
      dueDate: "2099-02-01T10:00:00.000Z",
      overdue: false,
    });
    const { statusHistory: _history, ...stored } = (await read(id)).json;
    expect(stored).toEqual(response.json);
  });

  it("clears what the body leaves out", async () => {
    const id = await seed("pending", { dueDate: FUTURE, metadata: { priority: "high" }, taskMetrics: { estimatedDuration: 2 } });
    const response = await edit(id, { description: "Bare" });
    expect(response.json).toEqual({ id, description: "Bare", status: "pending", metadata: {}, taskMetrics: {}, overdue: false });
  });

  it("records exactly one task.updated event with the task after the edit, in order after task.created", async () => {
    const id = await seed("pending");
    await edit(id, edited);
    expect(await events(id)).toEqual(["task.created", "task.updated"]);
    const event = await prisma.event.findFirstOrThrow({ where: { entityId: id, type: "task.updated" } });
    expect(event.data).toMatchObject({ id, description: edited.description, metadata: edited.metadata });
  });

  it("answers 409 while the task is in progress, changing nothing and recording nothing", async () => {
    const id = await seed("in_progress");
    const response = await edit(id, edited);
    expect(response.status).toBe(409);
    expect(response.json.detail).toBe(`Task '${id}' is in progress and cannot be edited; complete, fail or cancel it first.`);
    expect((await read(id)).json.description).toBe(`Task ${id}`);
    expect(await events(id)).toEqual(["task.created"]);
  });

  it("answers 409 for a result on a task that is not completed or failed", async () => {
    const id = await seed("assigned");
    const response = await edit(id, { description: "x", assignedEntity: { type: "Agent", id: "life-agent" }, result: { summary: "Too early" } });
    expect(response.status).toBe(409);
    expect(response.json.detail).toContain("only a completed or failed task carries a result");
  });

  it("answers 409 for a new assignee of a completed task (its outcome went to the one it had)", async () => {
    const id = await seed("in_progress");
    await move(id, { status: "completed" });
    const response = await edit(id, edited);
    expect(response.status).toBe(409);
    expect(response.json.detail).toContain("cannot be assigned to another");
  });

  it("answers 422 when the new assignee does not exist", async () => {
    const id = await seed("pending");
    const response = await edit(id, { ...edited, assignedEntity: { type: "Squad", id: "squad-ghost" } });
    expect(response.status).toBe(422);
    expect(errorPaths(response.json)).toEqual(["body.assignedEntity.id"]);
  });

  it("answers 400 for a body id other than the path's and for invalid fields", async () => {
    const id = await seed("pending");
    const mismatch = await edit(id, { ...edited, id: "another-task" });
    expect(mismatch.status).toBe(400);
    expect(errorPaths(mismatch.json)).toEqual(["body.id"]);
    const invalid = await edit(id, { description: "", dueDate: "tomorrow", taskMetrics: { actualCost: -1 } });
    expect(invalid.status).toBe(400);
    expect(errorPaths(invalid.json)).toEqual(["body.description", "body.dueDate", "body.taskMetrics.actualCost"]);
  });

  it("answers 404 for an unknown task, 401 without a credential and 403 for a viewer", async () => {
    expect((await edit("life-none", edited)).status).toBe(404);
    const id = await seed("pending");
    expect((await edit(id, edited, null)).status).toBe(401);
    expect((await edit(id, edited, api.viewer)).status).toBe(403);
  });
});

describe("DELETE /api/tasks/{taskId}", () => {
  it.each(["pending", "completed", "cancelled"] as const)("deletes a %s task with its history and answers 204", async (status) => {
    const id = await seed(status);
    const response = await remove(id);
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expect((await read(id)).status).toBe(404);
    expect(await prisma.taskStatusChange.count({ where: { taskId: id } })).toBe(0);
    expect(await events(id)).toEqual(["task.created", "task.deleted"]);
  });

  it("keeps the outcome in the agent's history, still naming the task", async () => {
    const id = await seed("in_progress");
    await move(id, { status: "completed" });
    expect((await remove(id)).status).toBe(204);
    expect(await prisma.agentHistoryPoint.count({ where: { taskId: id, agentId: "life-agent" } })).toBe(1);
  });

  it("answers 409 while the task is in progress, deleting nothing", async () => {
    const id = await seed("in_progress");
    const response = await remove(id);
    expect(response.status).toBe(409);
    expect(response.json.detail).toBe(`Task '${id}' is in progress and cannot be deleted; complete, fail or cancel it first.`);
    expect((await read(id)).status).toBe(200);
    expect(await events(id)).toEqual(["task.created"]);
  });

  it("answers 404 for an unknown task, 401 without a credential and 403 for a viewer", async () => {
    expect((await remove("life-none")).status).toBe(404);
    const id = await seed("pending");
    expect((await remove(id, null)).status).toBe(401);
    expect((await remove(id, api.viewer)).status).toBe(403);
    expect((await read(id)).status).toBe(200);
  });
});

describe("task.created", () => {
  it("is recorded once by an assign, with the task", async () => {
    const id = unique("life-created");
    const response = await call(assignRoute.POST, "POST", "/api/tasks/assign", { key: api.operator, body: { id, description: "New", status: "pending" } });
    expect(response.status).toBe(201);
    const recorded = await prisma.event.findMany({ where: { entityId: id } });
    expect(recorded.map((event) => [event.type, event.data])).toEqual([["task.created", response.json]]);
  });
});

describe("overdue", () => {
  it("is true, with since when, for an open task past its due date; false for a final one or one due later", async () => {
    const late = await seed("assigned", { dueDate: PAST });
    const done = await seed("completed", { dueDate: PAST });
    const later = await seed("pending", { dueDate: FUTURE });
    const undated = await seed("pending");
    expect((await read(late)).json).toMatchObject({ overdue: true, overdueSince: PAST });
    for (const id of [done, later, undated]) {
      const task = (await read(id)).json;
      expect(task.overdue).toBe(false);
      expect(task).not.toHaveProperty("overdueSince");
    }
  });

  it("filters the list with ?overdue=true and ?overdue=false", async () => {
    const late = await seed("in_progress", { dueDate: PAST });
    const done = await seed("failed", { dueDate: PAST });
    const undated = await seed("pending");
    const overdue = (await list({ overdue: "true", limit: 1000 })).json.map((task: { id: string }) => task.id);
    expect(overdue).toContain(late);
    expect(overdue).not.toContain(done);
    expect(overdue).not.toContain(undated);
    const rest = (await list({ overdue: "false", limit: 1000 })).json.map((task: { id: string }) => task.id);
    expect(rest).toEqual(expect.arrayContaining([done, undated]));
    expect(rest).not.toContain(late);
    const bad = await list({ overdue: "yes" });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.json)).toEqual(["query.overdue"]);
  });
});
