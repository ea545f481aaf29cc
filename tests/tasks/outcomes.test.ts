// Outcomes feed back: completing or failing a task moves its assignee's record by the documented
// rule (docs/marketplace-deployments-tasks.md, "Outcomes"), in the move's transaction: an agent
// itself, each member of a squad, each agent of a syndicate once; a history point names the task;
// one agent.updated event per agent moved; the quantum analyses read the moved metrics.
import { describe, expect, it } from "vitest";
import * as statusRoute from "../../app/api/tasks/[taskId]/status/route";
import * as agentDetailsRoute from "../../app/api/agents/[agentId]/details/route";
import * as agentRoute from "../../app/api/agents/[agentId]/route";
import * as squadDetailsRoute from "../../app/api/squads/[squadId]/details/route";
import * as syndicateDetailsRoute from "../../app/api/syndicates/[syndicateId]/details/route";
import * as quantumAgentRoute from "../../app/quantum/agent/route";
import * as quantumSquadRoute from "../../app/quantum/squad/route";
import { prisma } from "../../lib/db";
import { addMarketplaceItem } from "../../lib/marketplace";
import { assignTask, type TAssignTaskBody } from "../../lib/tasks";
import { useApiTest } from "../helpers/api";
import { unique } from "../helpers/factories";
import { call } from "../helpers/http";
import { insertAgent, insertSquad, insertSyndicate } from "../quantum/factory";

const api = useApiTest({ withKeys: true });

const task = async (assignedEntity: TAssignTaskBody["assignedEntity"], status: TAssignTaskBody["status"] = "in_progress") => {
  const id = unique("outcome-task");
  await assignTask({ id, description: `Work ${id}`, status, assignedEntity });
  return id;
};
const move = (id: string, status: string, result?: unknown) =>
  call(statusRoute.PATCH, "PATCH", `/api/tasks/${id}/status`, { key: api.operator, params: { taskId: id }, body: { status, ...(result ? { result } : {}) } });

const record = async (agentId: string) => {
  const agent = await prisma.agent.findUniqueOrThrow({
    where: { id: agentId },
    select: { completionRate: true, experiencePoints: true, history: { orderBy: [{ timestamp: "asc" }, { id: "asc" }], select: { tasksCompleted: true, experiencePoints: true, taskId: true } } },
  });
  return { completionRate: agent.completionRate, experiencePoints: agent.experiencePoints, history: agent.history };
};

const agentEvents = (agentIds: string[]) =>
  prisma.event.findMany({ where: { type: "agent.updated", entityId: { in: agentIds } }, orderBy: { seq: "asc" } });

describe("the outcome rule for an agent", () => {
  it("a completion moves the completion rate 10% of the way to 100, adds 100 XP and a history point naming the task", async () => {
    const agent = await insertAgent({ completionRate: 80, experiencePoints: 1000 });
    await prisma.agentHistoryPoint.create({ data: { agentId: agent, timestamp: new Date("2026-01-01T00:00:00Z"), tasksCompleted: 12, experiencePoints: 900 } });
    const id = await task({ type: "Agent", id: agent });
    const response = await move(id, "completed", { summary: "Pool monitored; two deviations reported." });
    expect(response.status).toBe(200);
    expect(await record(agent)).toEqual({
      completionRate: 82,
      experiencePoints: 1100,
      history: [
        { tasksCompleted: 12, experiencePoints: 900, taskId: null },
        { tasksCompleted: 13, experiencePoints: 1100, taskId: id },
      ],
    });
    // The point is dated at the move, like the task's finish.
    const [point, finished] = await Promise.all([
      prisma.agentHistoryPoint.findFirstOrThrow({ where: { taskId: id }, select: { timestamp: true } }),
      prisma.task.findUniqueOrThrow({ where: { id }, select: { finishedAt: true } }),
    ]);
    expect(point.timestamp).toEqual(finished.finishedAt);
  });

  it("a failure moves the completion rate 10% of the way to 0, adds 20 XP and a point that does not count a completion", async () => {
    const agent = await insertAgent({ completionRate: 82, experiencePoints: 1100 });
    const id = await task({ type: "Agent", id: agent });
    expect((await move(id, "failed")).status).toBe(200);
    expect(await record(agent)).toEqual({ completionRate: 73.8, experiencePoints: 1120, history: [{ tasksCompleted: 0, experiencePoints: 1120, taskId: id }] });
  });

  it("successive outcomes compound, rounded to 4 decimals, and experience stops at the int32 ceiling", async () => {
    const agent = await insertAgent({ completionRate: 33.3333, experiencePoints: 2_147_483_600 });
    for (const outcome of ["completed", "completed", "failed"]) expect((await move(await task({ type: "Agent", id: agent }), outcome)).status).toBe(200);
    const moved = await record(agent);
    // 33.3333 → 39.99997, rounded 40 → 46 → 41.4
    expect(moved.completionRate).toBe(41.4);
    expect(moved.experiencePoints).toBe(2_147_483_647);
    expect(moved.history.map((point) => point.tasksCompleted)).toEqual([1, 2, 2]);
  });

  it("a cancel moves nothing", async () => {
    const agent = await insertAgent({ completionRate: 60, experiencePoints: 10 });
    expect((await move(await task({ type: "Agent", id: agent }), "cancelled")).status).toBe(200);
    expect(await record(agent)).toEqual({ completionRate: 60, experiencePoints: 10, history: [] });
    expect(await agentEvents([agent])).toEqual([]);
  });

  it("records one agent.updated event with the agent after the move, and exactly one task.status_changed", async () => {
    const agent = await insertAgent({ completionRate: 50, experiencePoints: 0 });
    const id = await task({ type: "Agent", id: agent });
    await move(id, "completed");
    const events = await agentEvents([agent]);
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ id: agent, experiencePoints: 100, performanceMetrics: { completionRate: 55 }, historicalData: [{ tasksCompleted: 1, experiencePoints: 100 }] });
    expect(await prisma.event.count({ where: { entityId: id, type: "task.status_changed" } })).toBe(1);
  });
});

describe("the history point's task id", () => {
  it("is in the agent's details, and an agent replaced with its own details keeps it", async () => {
    const agent = await insertAgent({ completionRate: 80, experiencePoints: 1000 });
    const id = await task({ type: "Agent", id: agent });
    await move(id, "completed");
    const details = await call(agentDetailsRoute.GET, "GET", `/api/agents/${agent}/details`, { params: { agentId: agent } });
    expect(details.json.historicalData).toEqual([{ timestamp: expect.any(String), tasksCompleted: 1, experiencePoints: 1100, taskId: id }]);
    const put = await call(agentRoute.PUT, "PUT", `/api/agents/${agent}`, { key: api.operator, params: { agentId: agent }, body: { ...details.json, name: "Renamed" } });
    expect(put.status).toBe(200);
    expect((await record(agent)).history).toEqual([{ tasksCompleted: 1, experiencePoints: 1100, taskId: id }]);
  });
});

describe("the outcome rule for a squad and a syndicate", () => {
  it("a squad's completion moves each member, and its aggregated metrics follow", async () => {
    const a = await insertAgent({ completionRate: 80, experiencePoints: 1000 });
    const b = await insertAgent({ completionRate: 50, experiencePoints: 0 });
    const squad = await insertSquad([a, b]);
    const id = await task({ type: "Squad", id: squad });
    expect((await move(id, "completed")).status).toBe(200);
    expect(await record(a)).toMatchObject({ completionRate: 82, experiencePoints: 1100, history: [{ tasksCompleted: 1, taskId: id }] });
    expect(await record(b)).toMatchObject({ completionRate: 55, experiencePoints: 100, history: [{ tasksCompleted: 1, taskId: id }] });
    const details = await call(squadDetailsRoute.GET, "GET", `/api/squads/${squad}/details`, { params: { squadId: squad } });
    expect(details.json.aggregatedMetrics).toMatchObject({ totalExperiencePoints: 1200, overallCompletionRate: 68.5 });
    expect((await agentEvents([a, b])).map((event) => event.entityId).sort()).toEqual([a, b].sort());
  });

  it("a syndicate's failure moves each agent of each squad once, even one in two of its squads", async () => {
    const a = await insertAgent({ completionRate: 80, experiencePoints: 1000 });
    const shared = await insertAgent({ completionRate: 50, experiencePoints: 0 });
    const c = await insertAgent({ completionRate: 90, experiencePoints: 5 });
    const outsider = await insertAgent({ completionRate: 70, experiencePoints: 7 });
    const syndicate = await insertSyndicate([await insertSquad([a, shared]), await insertSquad([shared, c])]);
    await insertSquad([outsider]);
    const id = await task({ type: "Syndicate", id: syndicate });
    expect((await move(id, "failed", { summary: "Review missed the deadline.", data: { reviewed: 3, of: 5 } })).status).toBe(200);
    expect(await record(a)).toMatchObject({ completionRate: 72, experiencePoints: 1020 });
    expect(await record(shared)).toMatchObject({ completionRate: 45, experiencePoints: 20, history: [{ tasksCompleted: 0, experiencePoints: 20, taskId: id }] });
    expect(await record(c)).toMatchObject({ completionRate: 81, experiencePoints: 25 });
    expect(await record(outsider)).toEqual({ completionRate: 70, experiencePoints: 7, history: [] });
    expect((await agentEvents([a, shared, c, outsider])).map((event) => event.entityId).sort()).toEqual([a, shared, c].sort());
    const details = await call(syndicateDetailsRoute.GET, "GET", `/api/syndicates/${syndicate}/details`, { params: { syndicateId: syndicate } });
    expect(details.json.aggregatedSyndicateMetrics).toMatchObject({ totalExperiencePoints: 1065, overallCompletionRate: 66 });
  });

  it("an empty squad and a marketplace item move no agent", async () => {
    const squad = await insertSquad([]);
    const item = unique("outcome-item");
    await addMarketplaceItem({ id: item, name: "Connector", description: "A connector", itemType: "plugin" });
    const before = await prisma.agent.findMany({ select: { id: true, completionRate: true, experiencePoints: true }, orderBy: { id: "asc" } });
    expect((await move(await task({ type: "Squad", id: squad }), "completed")).status).toBe(200);
    expect((await move(await task({ type: "MarketplaceItem", id: item }), "completed")).status).toBe(200);
    expect(await prisma.agent.findMany({ select: { id: true, completionRate: true, experiencePoints: true }, orderBy: { id: "asc" } })).toEqual(before);
  });
});

describe("a refused move changes no record", () => {
  it("a completion refused by the state machine leaves the agent, its history and the events as they were", async () => {
    const agent = await insertAgent({ completionRate: 80, experiencePoints: 1000 });
    const id = await task({ type: "Agent", id: agent }, "assigned");
    const events = await prisma.event.count();
    const response = await move(id, "completed", { summary: "Too early" });
    expect(response.status).toBe(409);
    expect(await record(agent)).toEqual({ completionRate: 80, experiencePoints: 1000, history: [] });
    expect(await prisma.event.count()).toBe(events);
    expect(await prisma.task.findUniqueOrThrow({ where: { id }, select: { status: true, resultSummary: true, finishedAt: true } })).toEqual({ status: "assigned", resultSummary: null, finishedAt: null });
  });

  it("of two racing completions one moves the record, once", async () => {
    const agent = await insertAgent({ completionRate: 80, experiencePoints: 1000 });
    const id = await task({ type: "Agent", id: agent });
    const results = await Promise.all([move(id, "completed"), move(id, "failed")]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const moved = await record(agent);
    expect(moved.history).toHaveLength(1);
    expect([82, 72]).toContain(moved.completionRate);
  });

  it("outcomes of two tasks of one agent finishing together both count", async () => {
    const agent = await insertAgent({ completionRate: 80, experiencePoints: 1000 });
    const [first, second] = [await task({ type: "Agent", id: agent }), await task({ type: "Agent", id: agent })];
    const results = await Promise.all([move(first, "completed"), move(second, "completed")]);
    expect(results.map((result) => result.status)).toEqual([200, 200]);
    const moved = await record(agent);
    expect(moved).toMatchObject({ completionRate: 83.8, experiencePoints: 1200 });
    expect(moved.history.map((point) => point.tasksCompleted).sort()).toEqual([1, 2]);
  });
});

describe("the quantum analyses read the moved record", () => {
  it("an agent's and its squad's seeded analyses differ after a completion", async () => {
    const agent = await insertAgent({ uptime: 97, completionRate: 40, averageResponseTime: 800, errorRate: 3, experiencePoints: 2000 });
    const squad = await insertSquad([agent]);
    const analyse = async () => {
      const query = { shots: 1024, seed: 7 };
      const [mine, team] = await Promise.all([
        call(quantumAgentRoute.GET, "GET", "/quantum/agent", { query: { agentId: agent, ...query } }),
        call(quantumSquadRoute.GET, "GET", "/quantum/squad", { query: { squadId: squad, ...query } }),
      ]);
      expect([mine.status, team.status]).toEqual([200, 200]);
      return { agent: mine.json, squad: team.json };
    };
    const before = await analyse();
    const again = await analyse();
    // Seeded: the same record gives the same analysis.
    expect(again.agent.detailedMetrics.bitstringProbabilities).toEqual(before.agent.detailedMetrics.bitstringProbabilities);
    expect(again.squad.detailedMetrics.aggregatedBitstringProbabilities).toEqual(before.squad.detailedMetrics.aggregatedBitstringProbabilities);
    expect((await move(await task({ type: "Squad", id: squad }), "completed")).status).toBe(200);
    const after = await analyse();
    expect(after.agent.detailedMetrics.bitstringProbabilities).not.toEqual(before.agent.detailedMetrics.bitstringProbabilities);
    // Better delivery and growth: lower risk.
    expect(parseFloat(after.agent.quantumRiskScore)).toBeLessThan(parseFloat(before.agent.quantumRiskScore));
    expect(after.squad.detailedMetrics.aggregatedBitstringProbabilities).not.toEqual(before.squad.detailedMetrics.aggregatedBitstringProbabilities);
    expect(after.squad.detailedMetrics.analysis).not.toBe(before.squad.detailedMetrics.analysis);
  });
});
