// The overview's figures from a hand-made history on a real database: KPIs against a week or a
// month before, activity per UTC day, and the recent lists (with private runs kept private).
import { describe, expect, it } from "vitest";
import { prisma, type DeploymentStatus, type TaskStatus } from "../../lib/db";
import { getOverview } from "../../lib/overview";
import { useApiTest } from "../helpers/api";

const NOW = new Date("2030-06-15T12:00:00.000Z");
const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

const deployment = async (id: string, moves: [DeploymentStatus, number][]) => {
  const [last] = moves.slice(-1);
  await prisma.deployment.create({
    data: {
      id, name: `Deployment ${id}`, version: "1.0.0", industry: "Finance", useCase: "Payments", deployedBy: "ops",
      status: last[0], createdAt: ago(moves[0][1]), updatedAt: ago(last[1]),
      statusHistory: { create: moves.map(([toStatus, days], k) => ({ id: `${id}:${k}`, fromStatus: k === 0 ? null : moves[k - 1][0], toStatus, changedAt: ago(days) })) },
    },
  });
};

const task = async (id: string, moves: [TaskStatus, number][]) => {
  const [last] = moves.slice(-1);
  await prisma.task.create({
    data: {
      id, description: `Task ${id}`, status: last[0], createdAt: ago(moves[0][1]), updatedAt: ago(last[1]),
      statusHistory: { create: moves.map(([toStatus, days], k) => ({ id: `${id}:${k}`, fromStatus: k === 0 ? null : moves[k - 1][0], toStatus, changedAt: ago(days) })) },
    },
  });
};

const run = (id: string, entityType: "agent" | "wallet", days: number) =>
  prisma.quantumRun.create({
    data: { id, entityType, entityId: entityType === "agent" ? "agent-a3" : "0xabc", backend: "aer", qubits: 3, shots: 1024, seed: "1", result: { riskScore: 40 }, durationMs: 1, createdAt: ago(days) },
  });

useApiTest({
  setup: async () => {
    const agent = (id: string, days: number, completionRate: number) => ({ id, name: id, aiEngine: "gpt", specialization: "Analyst", completionRate, createdAt: ago(days) });
    await prisma.agent.createMany({ data: [agent("agent-a1", 40, 80), agent("agent-a2", 35, 90), agent("agent-a3", 10, 100)] });
    await prisma.squad.create({ data: { id: "squad-s1", name: "S1", createdAt: ago(5) } });
    await prisma.marketplaceItem.create({ data: { id: "item-m1", name: "M1", description: "An item", itemType: "agent", createdAt: ago(60) } });
    await deployment("dep-1", [["queued", 20], ["in_progress", 19], ["deployed", 18]]);
    await deployment("dep-2", [["queued", 3], ["deployed", 2]]);
    await deployment("dep-3", [["queued", 20], ["deployed", 15], ["rolled_back", 1]]);
    await deployment("dep-4", [["queued", 1], ["deployed", 0.5]]);
    await task("task-1", [["pending", 50], ["completed", 40]]);
    await task("task-2", [["pending", 50], ["failed", 35]]);
    await task("task-3", [["pending", 20], ["assigned", 10], ["completed", 1]]);
    await task("task-4", [["pending", 20], ["cancelled", 5]]);
    await task("task-5", [["pending", 3]]);
    await task("task-6", [["pending", 12], ["in_progress", 9], ["completed", 8]]);
    await run("run-1", "agent", 1);
    await run("run-2", "agent", 2);
    await run("run-3", "agent", 10);
    await run("run-4", "wallet", 0.25);
  },
});

describe("getOverview", () => {
  it("gives each KPI with its value a week or a month before, from the stored history", async () => {
    const { kpis } = await getOverview({ now: NOW });
    const byKey = Object.fromEntries(kpis.map((kpi) => [kpi.key, kpi]));
    expect(byKey.agents).toMatchObject({ value: 3, previous: 2, windowDays: 30 });
    expect(byKey.squads).toMatchObject({ value: 1, previous: 0 });
    expect(byKey.syndicates).toMatchObject({ value: 0, previous: 0 });
    expect(byKey.marketplaceItems).toMatchObject({ value: 1, previous: 1 });
    // Deployed now: 1, 2, 4; a week ago: 1 and 3 (3 has since been rolled back, 2 and 4 did not exist).
    expect(byKey.activeDeployments).toMatchObject({ value: 3, previous: 2, windowDays: 7 });
    // Open now: 5; a week ago: 3 (assigned) and 4 (pending); 6 had already completed.
    expect(byKey.openTasks).toMatchObject({ value: 1, previous: 2, windowDays: 7 });
    // Entity analyses in the last 7 days: 2 (the wallet run is not counted); the 7 days before: 1.
    expect(byKey.quantumRuns).toMatchObject({ value: 2, previous: 1 });
    // Last 30 days: 3 and 6 completed, 4 cancelled; the 30 before: 1 completed, 2 failed.
    expect(byKey.taskCompletionRate.value).toBeCloseTo(200 / 3, 6);
    expect(byKey.taskCompletionRate.previous).toBeCloseTo(50, 6);
    expect(byKey.averageCompletionRate).toMatchObject({ value: 90, previous: null });
  });

  it("counts activity per UTC day, zero on quiet days, today last", async () => {
    const { activity } = await getOverview({ now: NOW });
    expect(activity).toHaveLength(30);
    expect(activity[0].date).toBe("2030-05-17");
    expect(activity[29].date).toBe("2030-06-15");
    const busy = activity.filter((day) => day.tasksCompleted + day.deploymentsDeployed + day.quantumRuns > 0);
    expect(busy).toEqual([
      { date: "2030-05-28", tasksCompleted: 0, deploymentsDeployed: 1, quantumRuns: 0 },
      { date: "2030-05-31", tasksCompleted: 0, deploymentsDeployed: 1, quantumRuns: 0 },
      { date: "2030-06-05", tasksCompleted: 0, deploymentsDeployed: 0, quantumRuns: 1 },
      { date: "2030-06-07", tasksCompleted: 1, deploymentsDeployed: 0, quantumRuns: 0 },
      { date: "2030-06-13", tasksCompleted: 0, deploymentsDeployed: 1, quantumRuns: 1 },
      { date: "2030-06-14", tasksCompleted: 1, deploymentsDeployed: 0, quantumRuns: 1 },
      { date: "2030-06-15", tasksCompleted: 0, deploymentsDeployed: 1, quantumRuns: 0 },
    ]);
  });

  it("lists the latest runs, deployments and tasks, private runs only to who may see them", async () => {
    const anonymous = await getOverview({ now: NOW });
    expect(anonymous.recent.deployments.map((row) => row.id)).toEqual(["dep-4", "dep-3", "dep-2", "dep-1"]);
    expect(anonymous.recent.tasks.map((row) => row.id)).toEqual(["task-3", "task-5", "task-4", "task-6", "task-2"]);
    expect(anonymous.recent.runs.map((row) => row.id)).toEqual(["run-1", "run-2", "run-3"]);
    const admin = await getOverview({ now: NOW, viewer: { userId: "nobody", role: "admin" } });
    expect(admin.recent.runs.map((row) => row.id)).toEqual(["run-4", "run-1", "run-2", "run-3"]);
  });

  it("reads a status breakdown that matches the rows", async () => {
    const { deploymentsByStatus, tasksByStatus } = await getOverview({ now: NOW });
    expect(deploymentsByStatus).toEqual({ queued: 0, in_progress: 0, deployed: 3, failed: 0, rolled_back: 1 });
    expect(tasksByStatus).toEqual({ pending: 1, assigned: 0, in_progress: 0, completed: 3, failed: 1, cancelled: 1 });
  });
});
