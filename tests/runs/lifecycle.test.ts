// Runs over time (docs/agents-at-work.md): a run that stops heartbeating is lost and its task offered
// again, up to RUN_MAX_ATTEMPTS; a squad's task goes to its best-matching live member first; a trace
// stops at its bound without losing what it holds; measured figures follow the definitions; and a
// client cannot overwrite them. Time is moved by handing the sweeps and the measure a later "now",
// never by waiting.
import { afterEach, describe, expect, it } from "vitest";
import * as agentRoute from "../../app/api/agents/[agentId]/route";
import * as agentDetailsRoute from "../../app/api/agents/[agentId]/details/route";
import * as claimRoute from "../../app/api/runs/claim/route";
import * as stepsRoute from "../../app/api/runs/[runId]/steps/route";
import * as approvalsRoute from "../../app/api/runs/[runId]/approvals/route";
import * as releaseRoute from "../../app/api/runs/[runId]/release/route";
import { issueAgentCredential } from "../../lib/auth";
import { prisma } from "../../lib/db";
import { measureAgents, resetRunsConfig, sweepAgentMetrics, sweepLostRuns } from "../../lib/runs";
import { assignTask } from "../../lib/tasks";
import { useApiTest } from "../helpers/api";
import { unique, userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { insertAgent, insertSquad } from "../quantum/factory";

const api = useApiTest({ withKeys: true });
const SETTINGS = ["RUN_MAX_ATTEMPTS", "RUN_MAX_STEPS", "RUN_OFFER_PREFERENCE_SECONDS"];
const configure = (settings: Record<string, string>) => {
  Object.assign(process.env, settings);
  resetRunsConfig();
};
afterEach(() => {
  for (const name of SETTINGS) delete process.env[name];
  resetRunsConfig();
});

const credential = async (agentId: string) => {
  const { user } = await userWithKey("operator");
  return (await issueAgentCredential(agentId, user.id, { name: "test" })).secret;
};
const assign = async (entity: { type: "Agent" | "Squad"; id: string }, metadata?: { requiredRole?: string }) => {
  const id = unique("life-task");
  await assignTask({ id, description: `Work ${id}`, status: "assigned", assignedEntity: entity, ...(metadata ? { metadata } : {}) });
  return id;
};
const claim = (secret: string) => call(claimRoute.POST, "POST", "/api/runs/claim", { key: secret, query: { wait: 0 } });
const MINUTE = 60_000;

describe("lost runs", () => {
  it("a run past its lease is lost, its task offered again, and failed after the last attempt", async () => {
    configure({ RUN_MAX_ATTEMPTS: "2" });
    const agentId = await insertAgent();
    const secret = await credential(agentId);
    const taskId = await assign({ type: "Agent", id: agentId });

    const first = (await claim(secret)).json.run;
    // Nothing is lost before the lease ends.
    expect(await sweepLostRuns(new Date())).toEqual([]);
    expect(await sweepLostRuns(new Date(Date.now() + 2 * MINUTE))).toEqual([first.id]);
    expect(await prisma.agentRun.findUniqueOrThrow({ where: { id: first.id }, select: { status: true, errorClass: true } })).toEqual({ status: "lost", errorClass: "LeaseExpired" });
    expect((await prisma.task.findUniqueOrThrow({ where: { id: taskId } })).status).toBe("assigned");

    const second = (await claim(secret)).json.run;
    expect(second).toMatchObject({ taskId, attempt: 2 });
    expect(await sweepLostRuns(new Date(Date.now() + 2 * MINUTE))).toEqual([second.id]);
    expect(await prisma.task.findUniqueOrThrow({ where: { id: taskId }, select: { status: true, resultSummary: true } })).toEqual({
      status: "failed",
      resultSummary: expect.stringMatching(/^Lost 2 times/),
    });
    const events = await prisma.event.findMany({ where: { type: "run.lost" }, select: { entityId: true } });
    expect(events.map((event) => event.entityId).sort()).toEqual([first.id, second.id].sort());
    // Lost runs count as errors.
    expect(await prisma.agent.findUniqueOrThrow({ where: { id: agentId }, select: { errorRate: true, completionRate: true } })).toEqual({ errorRate: 100, completionRate: 0 });
  });
});

describe("handing a run back", () => {
  const release = (secret: string, runId: string, body: Record<string, unknown> = { reason: "Shutting down" }) =>
    call(releaseRoute.POST, "POST", `/api/runs/${runId}/release`, { key: secret, params: { runId }, body });

  it("ends the run released at once, offers its task again, and does not count against the agent", async () => {
    configure({ RUN_MAX_ATTEMPTS: "2" });
    const agentId = await insertAgent();
    const secret = await credential(agentId);
    const taskId = await assign({ type: "Agent", id: agentId });
    const first = (await claim(secret)).json.run;
    const asked = await call(approvalsRoute.POST, "POST", `/api/runs/${first.id}/approvals`, { key: secret, params: { runId: first.id }, body: { summary: "May I?" } });

    const released = await release(secret, first.id);
    expect(released.status).toBe(200);
    expect(released.json).toMatchObject({ id: first.id, status: "released" });
    expect(await prisma.agentRun.findUniqueOrThrow({ where: { id: first.id }, select: { errorClass: true, errorMessage: true } })).toEqual({ errorClass: "HandedBack", errorMessage: "Shutting down" });
    expect((await prisma.task.findUniqueOrThrow({ where: { id: taskId } })).status).toBe("assigned");
    expect((await prisma.runApproval.findUniqueOrThrow({ where: { id: asked.json.id } })).comment).toBe("Not decided: the run ended (released) first.");
    expect(await prisma.event.findMany({ where: { type: "run.released", entityId: first.id }, select: { type: true } })).toHaveLength(1);
    // No error of the agent's: nothing finished counts yet.
    expect(await prisma.agent.findUniqueOrThrow({ where: { id: agentId }, select: { errorRate: true, completionRate: true } })).toEqual({ errorRate: 0, completionRate: 0 });
    // Nothing left to release, and the lease sweep leaves it alone.
    expect((await release(secret, first.id)).status).toBe(409);
    expect(await sweepLostRuns(new Date(Date.now() + 2 * MINUTE))).toEqual([]);

    // Claimed again at once; the last attempt handed back fails the task, saying why.
    const second = (await claim(secret)).json.run;
    expect(second).toMatchObject({ taskId, attempt: 2 });
    expect((await release(secret, second.id, {})).json.status).toBe("released");
    expect(await prisma.task.findUniqueOrThrow({ where: { id: taskId }, select: { status: true, resultSummary: true } })).toEqual({
      status: "failed",
      resultSummary: "Ended unfinished 2 times (lost or handed back) (RUN_MAX_ATTEMPTS 2).",
    });
    expect(await prisma.agentRun.findUniqueOrThrow({ where: { id: second.id }, select: { errorMessage: true } })).toEqual({ errorMessage: "The agent handed the task back." });
  });

  it("is for the run's own agent only, with a reason of bounded length", async () => {
    const agentId = await insertAgent();
    const secret = await credential(agentId);
    await assign({ type: "Agent", id: agentId });
    const run = (await claim(secret)).json.run;
    const other = await credential(await insertAgent());
    expect((await release(other, run.id)).status).toBe(404);
    expect((await release(secret, "no-such-run")).status).toBe(404);
    expect((await call(releaseRoute.POST, "POST", `/api/runs/${run.id}/release`, { key: api.operator, params: { runId: run.id }, body: {} })).status).toBe(403);
    const long = await release(secret, run.id, { reason: "x".repeat(2_001) });
    expect(long.status).toBe(400);
    expect(long.json.errors).toEqual([expect.objectContaining({ path: "body.reason" })]);
    expect((await prisma.agentRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("running");
  });
});

describe("approvals of a run that ends first", () => {
  it("are closed as rejected, saying why, so that the inbox offers no decision that can no longer be taken", async () => {
    const agentId = await insertAgent();
    const secret = await credential(agentId);
    await assign({ type: "Agent", id: agentId });
    const runId = (await claim(secret)).json.run.id;
    const asked = await call(approvalsRoute.POST, "POST", `/api/runs/${runId}/approvals`, { key: secret, params: { runId }, body: { summary: "May I?" } });
    expect(asked.status).toBe(201);
    await sweepLostRuns(new Date(Date.now() + 2 * MINUTE));
    expect(await prisma.runApproval.findUniqueOrThrow({ where: { id: asked.json.id }, select: { status: true, comment: true, decidedById: true } })).toEqual({
      status: "rejected",
      comment: "Not decided: the run ended (lost) first.",
      decidedById: null,
    });
  });
});

describe("deleting a working agent", () => {
  it("is refused while it has an open run (its squad's task would stay in progress), and allowed once the run ends", async () => {
    const agentId = await insertAgent();
    const squadId = await insertSquad([agentId]);
    const secret = await credential(agentId);
    await assign({ type: "Squad", id: squadId });
    const runId = (await claim(secret)).json.run.id;
    const refused = await call(agentRoute.DELETE, "DELETE", `/api/agents/${agentId}`, { key: api.operator, params: { agentId } });
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toContain(runId);
    await sweepLostRuns(new Date(Date.now() + 2 * MINUTE));
    expect((await call(agentRoute.DELETE, "DELETE", `/api/agents/${agentId}`, { key: api.operator, params: { agentId } })).status).toBe(204);
  });
});

describe("routing in a squad", () => {
  it("keeps a task for the best-matching live member, then lets any member that fits take it", async () => {
    const builder = await insertAgent({}, ["Builder", "Builder", "Builder", "Scout", "Healer"]);
    const generalist = await insertAgent({}, ["Builder", "Scout", "Scout", "Healer", "Defender"]);
    const scout = await insertAgent({}, ["Scout", "Scout", "Scout", "Scout", "Scout"]);
    const squadId = await insertSquad([builder, generalist, scout]);
    const [b, g, s] = [await credential(builder), await credential(generalist), await credential(scout)];
    // All three are live (each has asked for work once).
    for (const secret of [b, g, s]) expect((await claim(secret)).status).toBe(204);

    const taskId = await assign({ type: "Squad", id: squadId }, { requiredRole: "Builder" });
    // The scout lacks the role; the generalist has it once, the builder three times: the builder's.
    expect((await claim(s)).status).toBe(204);
    expect((await claim(g)).status).toBe(204);
    const claimed = await claim(b);
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.json.task.id).toBe(taskId);

    // Without the preference window, any member that fits may take the next one at once.
    configure({ RUN_OFFER_PREFERENCE_SECONDS: "0" });
    const next = await assign({ type: "Squad", id: squadId }, { requiredRole: "Builder" });
    expect((await claim(g)).json.task.id).toBe(next);
  });
});

describe("traces", () => {
  it("stop at their bound: the rest of a batch is refused and counted, nothing stored is lost", async () => {
    configure({ RUN_MAX_STEPS: "3" });
    const agentId = await insertAgent();
    const secret = await credential(agentId);
    await assign({ type: "Agent", id: agentId });
    const runId = (await claim(secret)).json.run.id;
    const append = (count: number) =>
      call(stepsRoute.POST, "POST", `/api/runs/${runId}/steps`, { key: secret, params: { runId }, body: { steps: Array.from({ length: count }, (_, k) => ({ kind: "log", text: `line ${k}` })) } });
    expect((await append(5)).json).toEqual({ stored: 3, dropped: 2, stepCount: 3, truncated: true });
    expect((await append(1)).json).toEqual({ stored: 0, dropped: 1, stepCount: 3, truncated: true });
    expect(await prisma.runStep.count({ where: { runId } })).toBe(3);
    expect((await prisma.agentRun.findUniqueOrThrow({ where: { id: runId } })).droppedSteps).toBe(3);
  });
});

describe("measured figures", () => {
  it("follow the definitions: live share of the window, completed and failed shares of finished runs, mean time to claim", async () => {
    const agentId = await insertAgent({ uptime: 1, completionRate: 1, averageResponseTime: 1, errorRate: 1 });
    const now = new Date("2026-11-20T12:00:00.000Z");
    const hours = (h: number) => new Date(now.getTime() - h * 3_600_000);
    await prisma.agent.update({ where: { id: agentId }, data: { firstConnectedAt: hours(10) } });
    // Live 4 h, then 1 h: 5 of the 10 hours since it first connected.
    await prisma.agentPresence.createMany({
      data: [
        { agentId, startedAt: hours(10), endedAt: hours(6) },
        { agentId, startedAt: hours(2), endedAt: hours(1) },
      ],
    });
    const taskId = await assign({ type: "Agent", id: agentId });
    const run = (status: "completed" | "failed" | "lost" | "cancelled", claimDelaySeconds: number, k: number) => ({
      id: `run_measure_${agentId}_${k}`,
      taskId,
      agentId,
      attempt: k,
      status,
      claimableAt: hours(9),
      claimedAt: new Date(hours(9).getTime() + claimDelaySeconds * 1000),
      leaseExpiresAt: hours(8),
      lastHeartbeatAt: hours(8),
      finishedAt: hours(8),
    });
    await prisma.agentRun.createMany({ data: [run("completed", 2, 1), run("completed", 4, 2), run("failed", 6, 3), run("lost", 8, 4), run("cancelled", 10, 5)] });

    await prisma.$transaction((tx) => measureAgents(tx, [agentId], now, 30));
    const figures = await prisma.agent.findUniqueOrThrow({ where: { id: agentId }, select: { uptime: true, completionRate: true, averageResponseTime: true, errorRate: true } });
    // 2 of 4 counted runs completed (the cancel is the operator's), 2 failed or lost; claims after 2, 4, 6, 8 and 10 s.
    expect(figures).toEqual({ uptime: 50, completionRate: 50, averageResponseTime: 6000, errorRate: 50 });
  });

  it("are kept current by the sweep, which also adds a daily history point", async () => {
    const agentId = await insertAgent();
    await prisma.agent.update({ where: { id: agentId }, data: { firstConnectedAt: new Date(Date.now() - 3_600_000) } });
    expect(await sweepAgentMetrics(new Date())).toBeGreaterThanOrEqual(1);
    const agent = await prisma.agent.findUniqueOrThrow({ where: { id: agentId }, select: { uptime: true, history: { select: { timestamp: true } } } });
    // Never live since it connected an hour ago.
    expect(agent.uptime).toBe(0);
    expect(agent.history).toHaveLength(1);
    await sweepAgentMetrics(new Date());
    expect(await prisma.agentHistoryPoint.count({ where: { agentId } })).toBe(1);
  });

  it("cannot be overwritten by a client once the agent has connected; before that, they are what clients send", async () => {
    const agentId = await insertAgent({ uptime: 70 });
    const body = async () => {
      const { metricsSource: _source, ...agent } = (await call(agentDetailsRoute.GET, "GET", `/api/agents/${agentId}/details`, { key: api.viewer, params: { agentId } })).json;
      return agent;
    };
    const put = async (uptime: number) => {
      const agent = await body();
      return call(agentRoute.PUT, "PUT", `/api/agents/${agentId}`, { key: api.operator, params: { agentId }, body: { ...agent, performanceMetrics: { ...agent.performanceMetrics, uptime } } });
    };
    expect((await put(80)).status).toBe(200);
    expect((await body()).performanceMetrics.uptime).toBe(80);

    expect((await claim(await credential(agentId))).status).toBe(204);
    const measured = (await body()).performanceMetrics;
    expect((await put(99)).status).toBe(200);
    const details = await call(agentDetailsRoute.GET, "GET", `/api/agents/${agentId}/details`, { key: api.viewer, params: { agentId } });
    expect(details.json.metricsSource).toBe("measured");
    expect(details.json.performanceMetrics.uptime).toBe(measured.uptime);
  });
});
