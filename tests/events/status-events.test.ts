// A task or deployment status move records one event, in the move's transaction: none for a refused
// move, and seq in the order the moves committed.
import { describe, expect, it } from "vitest";
import { prisma } from "../../lib/db";
import { moveTaskStatus } from "../../lib/tasks/move-task-status";
import { moveDeploymentStatus } from "../../lib/deployments/move-deployment-status";
import { runAsActor, toEvent } from "../../lib/events";
import { useApiTest } from "../helpers/api";

const dapp = (id: string, status: "queued" | "deployed") =>
  ({ id, name: id, version: "1.0.0", industry: "Finance", useCase: "Payments", deployedBy: "ops", status });

useApiTest({
  setup: async () => {
    await prisma.task.create({ data: { id: "task-evt-1", description: "Evented", status: "pending", entityType: "Agent", entityId: "agent-x" } });
    await prisma.deployment.createMany({ data: [dapp("dep-evt-done", "deployed"), dapp("dep-evt-new", "queued")] });
  },
});

const events = async (entityId: string) =>
  (await prisma.event.findMany({ where: { entityId }, orderBy: { seq: "asc" } })).map(toEvent);

describe("status move events", () => {
  it("a task move records task.status_changed with the task after the move, and who moved it", async () => {
    await runAsActor("user-1", () => moveTaskStatus("task-evt-1", "assigned"));
    await moveTaskStatus("task-evt-1", "in_progress");
    const recorded = (await events("task-evt-1")).filter((event) => event.type === "task.status_changed");
    expect(recorded.map((event) => [event.data, event.actorId])).toEqual([
      [expect.objectContaining({ from: "pending", to: "assigned", task: expect.objectContaining({ id: "task-evt-1", status: "assigned" }) }), "user-1"],
      [expect.objectContaining({ from: "assigned", to: "in_progress" }), null],
    ]);
    expect(BigInt(recorded[1].seq)).toBeGreaterThan(BigInt(recorded[0].seq));
    expect(recorded[0]).toMatchObject({ entity: { type: "task", id: "task-evt-1" }, id: expect.stringMatching(/^evt_[0-9a-f]{32}$/) });
  });

  it("a refused move records nothing", async () => {
    const deployment = { id: "dep-evt-done" };
    const before = await prisma.event.count();
    await expect(moveDeploymentStatus(deployment.id, "queued")).rejects.toMatchObject({ status: 409 });
    expect(await prisma.event.count()).toBe(before);
  });

  it("a deployment move records deployment.status_changed", async () => {
    const deployment = { id: "dep-evt-new" };
    await moveDeploymentStatus(deployment.id, "in_progress");
    const [event] = await events(deployment.id);
    expect(event).toMatchObject({ type: "deployment.status_changed", entity: { type: "deployment", id: deployment.id }, data: { from: "queued", to: "in_progress", deployment: { id: deployment.id, deploymentStatus: "in_progress" } } });
  });
});
