// The run protocol end to end, through the route handlers with real credentials on a real database
// (docs/agents-at-work.md): an operator issues an agent credential; the agent claims its task (the
// task moves to in_progress), heartbeats, appends steps, asks for approval and is told the decision,
// and completes; the task is completed with its metrics filled from the run, the agent's figures are
// measured, and every move is an event. Each error the protocol answers is here too.
import { describe, expect, it } from "vitest";
import * as credentialsRoute from "../../app/api/agents/[agentId]/credentials/route";
import * as credentialRoute from "../../app/api/agents/[agentId]/credentials/[credentialId]/route";
import * as agentDetailsRoute from "../../app/api/agents/[agentId]/details/route";
import * as claimRoute from "../../app/api/runs/claim/route";
import * as heartbeatRoute from "../../app/api/runs/[runId]/heartbeat/route";
import * as stepsRoute from "../../app/api/runs/[runId]/steps/route";
import * as approvalsRoute from "../../app/api/runs/[runId]/approvals/route";
import * as completeRoute from "../../app/api/runs/[runId]/complete/route";
import * as failRoute from "../../app/api/runs/[runId]/fail/route";
import * as cancelRoute from "../../app/api/runs/[runId]/cancel/route";
import * as runRoute from "../../app/api/runs/[runId]/route";
import * as runsRoute from "../../app/api/runs/route";
import * as decisionRoute from "../../app/api/approvals/[approvalId]/decision/route";
import * as approvalListRoute from "../../app/api/approvals/route";
import * as taskRoute from "../../app/api/tasks/[taskId]/route";
import * as taskStatusRoute from "../../app/api/tasks/[taskId]/status/route";
import { prisma } from "../../lib/db";
import { endClaimWaits, resetClaimWaits, resetRunsConfig } from "../../lib/runs";
import { assignTask } from "../../lib/tasks";
import { useApiTest } from "../helpers/api";
import { unique } from "../helpers/factories";
import { call } from "../helpers/http";
import { insertAgent } from "../quantum/factory";

const api = useApiTest({ withKeys: true });

const issue = async (agentId: string) => {
  const response = await call(credentialsRoute.POST, "POST", `/api/agents/${agentId}/credentials`, { key: api.operator, params: { agentId }, body: { name: "worker-1" } });
  expect(response.status).toBe(201);
  return response.json as { id: string; secret: string; prefix: string };
};

const taskFor = async (agentId: string, extra: Partial<Parameters<typeof assignTask>[0]> = {}) => {
  const id = unique("run-task");
  await assignTask({ id, description: `Work ${id}`, status: "assigned", assignedEntity: { type: "Agent", id: agentId }, ...extra });
  return id;
};

const claim = (secret: string, wait = 0) => call(claimRoute.POST, "POST", "/api/runs/claim", { key: secret, query: { wait } });
const on = (route: { POST: (typeof claimRoute)["POST"] }, runId: string, name: string, secret: string, body?: unknown) =>
  call(route.POST, "POST", `/api/runs/${runId}/${name}`, { key: secret, params: { runId }, ...(body === undefined ? {} : { body }) });

describe("agent credentials", () => {
  it("are issued with the secret shown once, listed without it, and refused once revoked", async () => {
    const agentId = await insertAgent();
    const issued = await issue(agentId);
    expect(issued.secret).toMatch(/^ak_syn_/);
    expect(issued.secret.startsWith(issued.prefix)).toBe(true);
    const listed = await call(credentialsRoute.GET, "GET", `/api/agents/${agentId}/credentials`, { key: api.operator, params: { agentId } });
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual([expect.objectContaining({ id: issued.id, prefix: issued.prefix, revokedAt: null })]);
    expect(JSON.stringify(listed.json)).not.toContain(issued.secret);
    expect((await prisma.agentCredential.findUniqueOrThrow({ where: { id: issued.id } })).secretHash).not.toContain(issued.secret);

    expect((await claim(issued.secret)).status).toBe(204);
    const revoked = await call(credentialRoute.DELETE, "DELETE", `/api/agents/${agentId}/credentials/${issued.id}`, { key: api.operator, params: { agentId, credentialId: issued.id } });
    expect(revoked.status).toBe(204);
    const refused = await claim(issued.secret);
    expect(refused.status).toBe(401);
    expect(refused.json.detail).toMatch(/agent credential is not valid or has been revoked/);
  });

  it("answer 404 for an unknown agent or credential, 403 for a viewer, 400 for a bad body", async () => {
    const agentId = await insertAgent();
    expect((await call(credentialsRoute.POST, "POST", "/api/agents/nobody/credentials", { key: api.operator, params: { agentId: "nobody" }, body: { name: "x" } })).status).toBe(404);
    expect((await call(credentialsRoute.POST, "POST", `/api/agents/${agentId}/credentials`, { key: api.viewer, params: { agentId }, body: { name: "x" } })).status).toBe(403);
    const bad = await call(credentialsRoute.POST, "POST", `/api/agents/${agentId}/credentials`, { key: api.operator, params: { agentId }, body: { name: "" } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([expect.objectContaining({ path: "body.name" })]);
    expect((await call(credentialRoute.DELETE, "DELETE", `/api/agents/${agentId}/credentials/acr_none`, { key: api.operator, params: { agentId, credentialId: "acr_none" } })).status).toBe(404);
  });

  it("may not call the run protocol as a user, nor a user's operations the agent's roles do not allow", async () => {
    const agentId = await insertAgent({}, ["Scout", "Scout", "Scout", "Scout", "Scout"]);
    const { secret } = await issue(agentId);
    const asUser = await claim(api.operator);
    expect(asUser.status).toBe(403);
    expect(asUser.json.detail).toMatch(/for agents/);
    expect((await call(claimRoute.POST, "POST", "/api/runs/claim", { query: { wait: 0 } })).status).toBe(401);
    // Issuing credentials is no agent's tool.
    const minted = await call(credentialsRoute.POST, "POST", `/api/agents/${agentId}/credentials`, { key: secret, params: { agentId }, body: { name: "x" } });
    expect(minted.status).toBe(403);
    expect(minted.json.detail).toMatch(/not one of the tools agents may use/);
  });
});

describe("a run", () => {
  it("claims, heartbeats, reports steps, asks for approval, completes; the task and the agent's figures follow", async () => {
    const agentId = await insertAgent({ completionRate: 40, uptime: 10 });
    const { secret } = await issue(agentId);
    const taskId = await taskFor(agentId);

    const claimed = await claim(secret);
    expect(claimed.status).toBe(200);
    const runId: string = claimed.json.run.id;
    expect(claimed.json).toMatchObject({ run: { taskId, agentId, attempt: 1, status: "running" }, task: { id: taskId, status: "in_progress" }, leaseSeconds: 60, heartbeatSeconds: 20 });
    // Nothing else to claim: the same task is not offered twice.
    expect((await claim(secret)).status).toBe(204);

    const beat = await on(heartbeatRoute, runId, "heartbeat", secret);
    expect(beat.status).toBe(200);
    expect(beat.json).toMatchObject({ status: "running", continue: true, approval: null });

    const steps = await on(stepsRoute, runId, "steps", secret, {
      steps: [
        { kind: "message", text: "Looking at the task", tokens: 120, cost: 0.001 },
        { kind: "tool_call", text: "getWalletMetrics", data: { address: "0xabc" }, tokens: 30, cost: 0.0005 },
      ],
    });
    expect(steps.status).toBe(201);
    expect(steps.json).toEqual({ stored: 2, dropped: 0, stepCount: 2, truncated: false });

    const asked = await on(approvalsRoute, runId, "approvals", secret, { summary: "Roll back deployment d-1", tool: "updateDeploymentStatus", details: { deploymentId: "d-1" } });
    expect(asked.status).toBe(201);
    expect(asked.json).toMatchObject({ status: "pending", runId, agentId, taskId, tool: "updateDeploymentStatus" });
    const inbox = await call(approvalListRoute.GET, "GET", "/api/approvals", { key: api.viewer, query: { status: "pending", agentId } });
    expect(inbox.json.map((approval: { id: string }) => approval.id)).toEqual([asked.json.id]);
    // Awaiting a decision, it cannot complete; a second request waits for the first.
    expect((await on(completeRoute, runId, "complete", secret, { summary: "done" })).status).toBe(409);
    expect((await on(approvalsRoute, runId, "approvals", secret, { summary: "again" })).status).toBe(409);

    const decided = await call(decisionRoute.POST, "POST", `/api/approvals/${asked.json.id}/decision`, {
      key: api.operator,
      params: { approvalId: asked.json.id },
      body: { decision: "approved", comment: "Go ahead" },
    });
    expect(decided.status).toBe(200);
    expect(decided.json).toMatchObject({ status: "approved", comment: "Go ahead" });
    const told = await on(heartbeatRoute, runId, "heartbeat", secret);
    expect(told.json).toMatchObject({ status: "running", continue: true, approval: { id: asked.json.id, status: "approved", comment: "Go ahead" } });
    expect((await call(decisionRoute.POST, "POST", `/api/approvals/${asked.json.id}/decision`, { key: api.operator, params: { approvalId: asked.json.id }, body: { decision: "rejected" } })).status).toBe(409);

    const completed = await on(completeRoute, runId, "complete", secret, { summary: "Rolled back", data: { deploymentId: "d-1" }, usage: { tokens: 50, cost: 0.002 } });
    expect(completed.status).toBe(200);
    expect(completed.json).toMatchObject({ status: "completed", result: { summary: "Rolled back", data: { deploymentId: "d-1" } }, usage: { tokens: 200 } });
    expect(completed.json.usage.cost).toBeCloseTo(0.0035, 10);

    const task = await call(taskRoute.GET, "GET", `/api/tasks/${taskId}`, { key: api.viewer, params: { taskId } });
    expect(task.json).toMatchObject({ status: "completed", result: { summary: "Rolled back" }, taskMetrics: { resourceUsage: 200 } });
    expect(task.json.taskMetrics.actualCost).toBeCloseTo(0.0035, 10);
    expect(task.json.taskMetrics.actualDuration).toBeGreaterThanOrEqual(0);
    expect(task.json.statusHistory.map((move: { to: string }) => move.to)).toEqual(["assigned", "in_progress", "completed"]);

    const details = await call(agentDetailsRoute.GET, "GET", `/api/agents/${agentId}/details`, { key: api.viewer, params: { agentId } });
    expect(details.json.metricsSource).toBe("measured");
    // One finished run, completed: measured, not the 40 it was sent with.
    expect(details.json.performanceMetrics).toMatchObject({ completionRate: 100, errorRate: 0 });

    const trace = await call(runRoute.GET, "GET", `/api/runs/${runId}`, { key: api.viewer, params: { runId } });
    expect(trace.status).toBe(200);
    expect(trace.json.steps.map((step: { seq: number; kind: string }) => [step.seq, step.kind])).toEqual([
      [1, "message"],
      [2, "tool_call"],
      [3, "approval_request"],
      [4, "approval_decision"],
    ]);
    expect(trace.json.task.id).toBe(taskId);

    const events = await prisma.event.findMany({ where: { entityId: runId }, orderBy: { seq: "asc" }, select: { type: true, actorId: true } });
    expect(events.map((event) => event.type)).toEqual(["run.started", "run.step", "run.approval_requested", "run.approval_decided", "run.completed"]);
    expect(events[0].actorId).toBe(`agent:${agentId}`);

    // Ended: it takes no more steps, and its heartbeat says stop.
    expect((await on(stepsRoute, runId, "steps", secret, { steps: [{ kind: "log", text: "late" }] })).status).toBe(409);
    expect((await on(heartbeatRoute, runId, "heartbeat", secret)).json).toMatchObject({ status: "completed", continue: false });
  });

  it("fails: the task fails with the error, and the agent's error rate counts it", async () => {
    const agentId = await insertAgent();
    const { secret } = await issue(agentId);
    const taskId = await taskFor(agentId);
    const runId = (await claim(secret)).json.run.id;
    const failed = await on(failRoute, runId, "fail", secret, { errorClass: "ToolError", message: "The explorer did not answer" });
    expect(failed.status).toBe(200);
    expect(failed.json).toMatchObject({ status: "failed", error: { errorClass: "ToolError", message: "The explorer did not answer" } });
    expect(await prisma.task.findUniqueOrThrow({ where: { id: taskId }, select: { status: true, resultSummary: true } })).toEqual({
      status: "failed",
      resultSummary: "ToolError: The explorer did not answer",
    });
    const agent = await prisma.agent.findUniqueOrThrow({ where: { id: agentId }, select: { completionRate: true, errorRate: true } });
    expect(agent).toEqual({ completionRate: 0, errorRate: 100 });
  });

  it("is cancelled by an operator: the task is cancelled, the agent is told to stop, and its steps are refused", async () => {
    const agentId = await insertAgent();
    const { secret } = await issue(agentId);
    const taskId = await taskFor(agentId);
    const runId = (await claim(secret)).json.run.id;
    // The task is the run's while it works: moved by the run, not by hand.
    const byHand = await call(taskStatusRoute.PATCH, "PATCH", `/api/tasks/${taskId}/status`, { key: api.operator, params: { taskId }, body: { status: "completed" } });
    expect(byHand.status).toBe(409);
    expect(byHand.json.detail).toContain(runId);
    expect((await call(cancelRoute.POST, "POST", `/api/runs/${runId}/cancel`, { key: api.viewer, params: { runId } })).status).toBe(403);
    const cancelled = await call(cancelRoute.POST, "POST", `/api/runs/${runId}/cancel`, { key: api.operator, params: { runId } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.status).toBe("cancelled");
    expect((await prisma.task.findUniqueOrThrow({ where: { id: taskId } })).status).toBe("cancelled");
    expect((await on(heartbeatRoute, runId, "heartbeat", secret)).json).toMatchObject({ status: "cancelled", continue: false });
    const late = await on(completeRoute, runId, "complete", secret, { summary: "too late" });
    expect(late.status).toBe(409);
    expect(late.json.detail).toMatch(/is cancelled/);
    expect((await call(cancelRoute.POST, "POST", `/api/runs/${runId}/cancel`, { key: api.operator, params: { runId } })).status).toBe(409);
  });

  it("is another agent's: 404 to every call of this agent's credential", async () => {
    const [mine, theirs] = [await insertAgent(), await insertAgent()];
    const [own, other] = [await issue(mine), await issue(theirs)];
    await taskFor(theirs);
    const runId = (await claim(other.secret)).json.run.id;
    for (const [route, name, body] of [
      [heartbeatRoute, "heartbeat", undefined],
      [stepsRoute, "steps", { steps: [{ kind: "log", text: "x" }] }],
      [completeRoute, "complete", { summary: "x" }],
    ] as const) {
      expect((await on(route, runId, name, own.secret, body)).status).toBe(404);
    }
    expect((await call(runRoute.GET, "GET", `/api/runs/${runId}`, { key: own.secret, params: { runId } })).status).toBe(404);
    // Its run list holds its own runs only.
    const listed = await call(runsRoute.GET, "GET", "/api/runs", { key: own.secret });
    expect(listed.json).toEqual([]);
  });

  it("refuses bad bodies with 400 naming the field", async () => {
    const agentId = await insertAgent();
    const { secret } = await issue(agentId);
    await taskFor(agentId);
    const runId = (await claim(secret)).json.run.id;
    const noSteps = await on(stepsRoute, runId, "steps", secret, { steps: [] });
    expect(noSteps.status).toBe(400);
    expect(noSteps.json.errors).toEqual([expect.objectContaining({ path: "body.steps" })]);
    const badKind = await on(stepsRoute, runId, "steps", secret, { steps: [{ kind: "approval_request", text: "sneaky" }] });
    expect(badKind.status).toBe(400);
    expect((await on(failRoute, runId, "fail", secret, { errorClass: "X" })).status).toBe(400);
    expect((await call(claimRoute.POST, "POST", "/api/runs/claim", { key: secret, query: { wait: 31 } })).status).toBe(400);
  });
});

describe("claiming", () => {
  it("waits for work (a long poll) and takes a task assigned meanwhile", async () => {
    process.env.RUN_CLAIM_RECHECK_MS = "50";
    resetRunsConfig();
    const agentId = await insertAgent();
    const { secret } = await issue(agentId);
    const waiting = claim(secret, 10);
    const taskId = await taskFor(agentId);
    const claimed = await waiting;
    expect(claimed.status).toBe(200);
    expect(claimed.json.task.id).toBe(taskId);
  });

  it("answers a waiting claim at once, with no task, when the server drains for shutdown", async () => {
    const agentId = await insertAgent();
    const { secret } = await issue(agentId);
    // Waiting up to 30 s (the test's own time limit): only the drain can answer it in time.
    const waiting = claim(secret, 30);
    endClaimWaits();
    try {
      expect((await waiting).status).toBe(204);
      // Claims made while draining do not wait either.
      expect((await claim(secret, 30)).status).toBe(204);
    } finally {
      resetClaimWaits();
    }
  });

  it("gives a task to one of two agents claiming it at once, never both", async () => {
    const agentId = await insertAgent();
    const [a, b] = [await issue(agentId), await issue(agentId)];
    await taskFor(agentId);
    const answers = await Promise.all([claim(a.secret), claim(b.secret)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 204]);
    expect(await prisma.agentRun.count({ where: { agentId } })).toBe(1);
  });

  it("offers only tasks whose required role and skills the agent has", async () => {
    const agentId = await insertAgent({}, ["Scout", "Scout", "Scout", "Scout", "Scout"]);
    const { secret } = await issue(agentId);
    await taskFor(agentId, { metadata: { requiredRole: "Builder" } });
    expect((await claim(secret)).status).toBe(204);
    const fitting = await taskFor(agentId, { metadata: { requiredRole: "Scout" } });
    expect((await claim(secret)).json.task.id).toBe(fitting);
  });
});
