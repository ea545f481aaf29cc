// Hosted agents at work (docs/agents.md), against a stand-in OpenAI-compatible server: an agent whose
// aiEngine names a configured engine gets its task dispatched to a job worker, which asks the model,
// runs the tools it calls in-process under the agent's roles, pauses a write for a person's
// approval, and finishes with the model's answer; every model and tool call is a step with its
// tokens and cost. The run fails, naming why, at a limit or when the engine cannot answer; a tool
// the agent's roles do not allow is refused by the API; a squad's member hands part of its task to
// another member.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import "../../lib/api";
import * as runRoute from "../../app/api/runs/[runId]/route";
import { prisma } from "../../lib/db";
import { createEngine, dispatchJobKind, hostedRunJob, resetEnginesConfig } from "../../lib/engines";
import { JobWorker, whenJobsIdle } from "../../lib/jobs";
import { cancelRun, decideApproval } from "../../lib/runs";
import { assignTask } from "../../lib/tasks";
import { useApiTest } from "../helpers/api";
import { unique, userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { startStandInModel, type StandInModel } from "../helpers/stand-in-model";
import { insertAgent, insertSquad } from "../quantum/factory";

const api = useApiTest({ withKeys: true });
const WALLET = "0x1111111111111111111111111111111111111111";

let model: StandInModel;
let second: StandInModel;
let worker: JobWorker;
let operatorId: string;

beforeAll(async () => {
  // The scripted replies are answered in order: a retried call would take the next one.
  process.env.ENGINE_MAX_RETRIES = "0";
  resetEnginesConfig();
  [model, second] = await Promise.all([startStandInModel(), startStandInModel()]);
  worker = new JobWorker({ kinds: [hostedRunJob as never, dispatchJobKind as never], concurrency: 4, leaseMs: 30_000, pollMs: 20, log: () => {} }).start();
  operatorId = (await userWithKey("operator")).user.id;
});

afterAll(async () => {
  await worker?.stop(0);
  await Promise.all([model?.close(), second?.close()]);
  delete process.env.ENGINE_MAX_RETRIES;
  resetEnginesConfig();
});

afterEach(async () => {
  await whenJobsIdle();
});

/** A hosted agent of these roles on a new engine served by `server` (prices: 2 and 10 per million). */
const hostedAgent = async (roles: string[], server = model, engine: { maxSteps?: number } = {}) => {
  const name = unique("engine");
  await createEngine({ name, baseUrl: server.baseUrl, model: "stand-in-1", apiKey: "sk-test-secret-1234", inputPricePerMillion: 2, outputPricePerMillion: 10, ...engine });
  const agentId = await insertAgent({}, roles);
  await prisma.agent.update({ where: { id: agentId }, data: { aiEngine: name } });
  return agentId;
};

const give = async (entity: { type: "Agent" | "Squad"; id: string }, description: string, metadata: Record<string, unknown> = {}) => {
  const id = unique("hosted-task");
  await assignTask({ id, description, status: "assigned", assignedEntity: entity, metadata });
  await whenJobsIdle();
  return id;
};

const runOf = async (taskId: string) => {
  const run = await prisma.agentRun.findFirstOrThrow({ where: { taskId }, orderBy: { claimedAt: "desc" }, select: { id: true } });
  const response = await call(runRoute.GET, "GET", `/api/runs/${run.id}`, { key: api.operator, params: { runId: run.id } });
  expect(response.status).toBe(200);
  return response.json as {
    id: string;
    status: string;
    engineId: string | null;
    result: { summary: string } | null;
    error: { errorClass: string; message: string } | null;
    usage: { tokens: number; cost: number };
    steps: { kind: string; text?: string; data?: Record<string, unknown>; tokens?: number; cost?: number }[];
    approvals: { id: string; tool: string | null; status: string }[];
    task: { status: string };
  };
};

describe("a hosted agent", () => {
  it("checks a wallet with its tools, asks approval before a write, and completes with every step's tokens and cost", async () => {
    const agentId = await hostedAgent(["Scout", "Scout", "Defender", "Scout", "Healer"]);
    model.script(
      { toolCalls: [{ name: "listWalletApprovals", arguments: { address: WALLET } }], usage: { prompt: 900, completion: 40 } },
      { toolCalls: [{ name: "linkWallet", arguments: { body: { address: WALLET, label: "watched" } } }], usage: { prompt: 1_200, completion: 30 } },
      { content: `No risky approvals on ${WALLET}; linked it to watch it.`, usage: { prompt: 1_400, completion: 25 } },
    );
    const before = model.requests.length;
    const taskId = await give({ type: "Agent", id: agentId }, `check wallet ${WALLET} for risky approvals`);

    // Paused before the write: the read ran, the write waits for a person.
    let run = await runOf(taskId);
    expect(run.status, JSON.stringify(run.error)).toBe("awaiting_approval");
    expect(run.engineId).not.toBeNull();
    expect(run.approvals).toMatchObject([{ tool: "linkWallet", status: "pending" }]);
    expect(await prisma.userWallet.count({ where: { address: WALLET } })).toBe(0);
    const first = model.requests[before];
    expect(first.authorization).toBe("Bearer sk-test-secret-1234");
    expect(first.messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(first.messages[1].content).toContain(`check wallet ${WALLET}`);
    const offered = first.tools!.map((tool) => tool.function.name);
    expect(offered).toEqual(expect.arrayContaining(["listWalletApprovals", "linkWallet", "getWalletMetrics"]));
    expect(offered).not.toContain("deployDapp");
    expect(offered).not.toContain("createEngine");
    const read = run.steps.find((step) => step.kind === "tool_result" && step.data?.name === "listWalletApprovals")!;
    expect(read.data).toMatchObject({ name: "listWalletApprovals", ok: true });

    await decideApproval(run.approvals[0].id, operatorId, { decision: "approved", comment: "fine" });
    await whenJobsIdle();

    run = await runOf(taskId);
    expect(run.status, JSON.stringify(run.error)).toBe("completed");
    expect(run.result?.summary).toBe(`No risky approvals on ${WALLET}; linked it to watch it.`);
    expect(run.task.status).toBe("completed");
    expect(run.steps.filter((step) => step.kind === "tool_result").map((step) => [step.data?.name, step.data?.status])).toEqual([
      ["listWalletApprovals", 200],
      ["linkWallet", 201],
    ]);
    expect(await prisma.userWallet.count({ where: { address: WALLET } })).toBe(1);
    // The write's result went back to the model after the approval.
    const last = model.requests.at(-1)!;
    expect(last.messages.filter((message) => message.role === "tool")).toHaveLength(2);
    // Each model call is a step with its tokens and its cost at the engine's prices.
    const calls = run.steps.filter((step) => step.kind === "message" && step.data?.role === "assistant");
    expect(calls.map((step) => step.tokens)).toEqual([940, 1_230, 1_425]);
    expect(calls[0].cost).toBeCloseTo((900 * 2 + 40 * 10) / 1e6, 9);
    expect(run.usage.tokens).toBe(940 + 1_230 + 1_425);
    expect(run.usage.cost).toBeCloseTo(((900 + 1_200 + 1_400) * 2 + (40 + 30 + 25) * 10) / 1e6, 9);
    expect(run.steps.map((step) => step.kind)).toEqual([
      "message", "message",
      "message", "tool_call", "tool_result",
      "message", "tool_call", "approval_request", "approval_decision", "tool_result",
      "message",
    ]);
    const task = await prisma.task.findUniqueOrThrow({ where: { id: taskId }, select: { actualCost: true, resourceUsage: true } });
    expect(task.resourceUsage).toBe(run.usage.tokens);
    expect(task.actualCost).toBeCloseTo(run.usage.cost, 9);
  });

  it("goes on without a write a person rejected, telling the model why", async () => {
    const agentId = await hostedAgent(["Scout", "Scout", "Scout", "Scout", "Scout"]);
    model.script(
      { toolCalls: [{ name: "linkWallet", arguments: { body: { address: WALLET } } }] },
      { content: "Could not link it: rejected." },
    );
    const taskId = await give({ type: "Agent", id: agentId }, "link the wallet");
    const paused = await runOf(taskId);
    await decideApproval(paused.approvals[0].id, operatorId, { decision: "rejected", comment: "not this one" });
    await whenJobsIdle();
    const run = await runOf(taskId);
    expect(run.status, JSON.stringify(run.error)).toBe("completed");
    const refused = run.steps.find((step) => step.kind === "tool_result")!;
    expect(refused.data).toMatchObject({ name: "linkWallet", status: 403, ok: false });
    expect(String(refused.data?.sent)).toContain("not this one");
  });

  it("is refused by the API a tool its roles do not allow, and told about arguments it got wrong", async () => {
    const agentId = await hostedAgent(["Scout", "Scout", "Scout", "Scout", "Scout"]);
    await prisma.agent.update({ where: { id: agentId }, data: { approvalPolicy: "none" } });
    model.script(
      { toolCalls: [{ name: "deployDapp", arguments: { body: {} } }, { name: "getAgentDetails", arguments: "{not json" }] },
      { toolCalls: [{ name: "getAgentDetails", arguments: { agentId, extra: 1 } }] },
      { content: "done" },
    );
    const taskId = await give({ type: "Agent", id: agentId }, "try things");
    const run = await runOf(taskId);
    expect(run.status, JSON.stringify(run.error)).toBe("completed");
    const results = run.steps.filter((step) => step.kind === "tool_result").map((step) => [step.data?.name, step.data?.status]);
    expect(results).toEqual([
      ["deployDapp", 403],
      ["getAgentDetails", 400],
      ["getAgentDetails", 400],
    ]);
    expect(await prisma.deployment.count()).toBe(0);
  });

  it("fails, naming the limit, when a looping model reaches the engine's step limit", async () => {
    const agentId = await hostedAgent(["Healer", "Healer", "Healer", "Healer", "Healer"], model, { maxSteps: 4 });
    const loop = () => ({ toolCalls: [{ name: "getAgentDetails", arguments: { agentId } }] });
    model.script(loop, loop, loop, loop, loop, loop);
    const taskId = await give({ type: "Agent", id: agentId }, "loop forever");
    const run = await runOf(taskId);
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ errorClass: "LimitReached" });
    expect(run.error!.message).toContain("step limit");
    expect(run.task.status).toBe("failed");
    const modelCalls = run.steps.filter((step) => step.kind === "message" && step.data?.role === "assistant").length;
    const toolCalls = run.steps.filter((step) => step.kind === "tool_call").length;
    expect(modelCalls + toolCalls).toBe(4);
  });

  it("fails with the engine's error class when the engine cannot answer", async () => {
    const agentId = await hostedAgent(["Healer", "Healer", "Healer", "Healer", "Healer"]);
    model.script({ status: 401, error: "invalid api key" });
    const taskId = await give({ type: "Agent", id: agentId }, "anything");
    const run = await runOf(taskId);
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ errorClass: "EngineUnauthorized" });
    expect(run.error!.message).toContain("invalid api key");
  });

  it("stops when an operator cancels its run while the model is thinking", async () => {
    const agentId = await hostedAgent(["Healer", "Healer", "Healer", "Healer", "Healer"]);
    model.script(async () => {
      const run = await prisma.agentRun.findFirstOrThrow({ where: { agentId }, select: { id: true } });
      await cancelRun(run.id, operatorId);
      return { toolCalls: [{ name: "getAgentDetails", arguments: { agentId } }] };
    });
    const before = model.requests.length;
    const taskId = await give({ type: "Agent", id: agentId }, "to be cancelled");
    const run = await runOf(taskId);
    expect(run.status).toBe("cancelled");
    expect(run.task.status).toBe("cancelled");
    // Nothing after the cancel: no step of the answer, no second model call.
    expect(run.steps.filter((step) => step.data?.role === "assistant")).toHaveLength(0);
    expect(model.requests.length).toBe(before + 1);
  });

  it("fails with EngineTimeout when the engine answers slower than ENGINE_TIMEOUT_MS", async () => {
    process.env.ENGINE_TIMEOUT_MS = "1000";
    resetEnginesConfig();
    try {
      const agentId = await hostedAgent(["Healer", "Healer", "Healer", "Healer", "Healer"]);
      model.script({ content: "too late", delayMs: 2_500 });
      const taskId = await give({ type: "Agent", id: agentId }, "be quick");
      const run = await runOf(taskId);
      expect(run.status).toBe("failed");
      expect(run.error).toMatchObject({ errorClass: "EngineTimeout" });
    } finally {
      delete process.env.ENGINE_TIMEOUT_MS;
      resetEnginesConfig();
    }
  });

  it("in a squad hands a part of its task to the member whose role fits, and both finish", async () => {
    const scout = await hostedAgent(["Scout", "Scout", "Scout", "Scout", "Scout"], model);
    const defender = await hostedAgent(["Defender", "Defender", "Defender", "Defender", "Defender"], second);
    await prisma.agent.updateMany({ where: { id: { in: [scout, defender] } }, data: { approvalPolicy: "none" } });
    const squadId = await insertSquad([scout, defender]);
    model.script(
      { toolCalls: [{ name: "handoff_task", arguments: { description: `check the recipient ${WALLET}`, requiredRole: "Defender" } }] },
      { content: "Handed the recipient check to the Defender; my part is done." },
    );
    second.script({ content: "Recipient looks fine." });
    const taskId = await give({ type: "Squad", id: squadId }, "review the payout", { requiredRole: "Scout" });
    const parent = await runOf(taskId);
    expect(parent.status).toBe("completed");
    const handoff = parent.steps.find((step) => step.kind === "log")!;
    const childTaskId = String(handoff.data?.childTaskId);
    const child = await prisma.task.findUniqueOrThrow({ where: { id: childTaskId }, select: { parentRunId: true, requiredRole: true, status: true, entityType: true, entityId: true } });
    expect(child).toEqual({ parentRunId: parent.id, requiredRole: "Defender", status: "completed", entityType: "Squad", entityId: squadId });
    const childRun = await prisma.agentRun.findFirstOrThrow({ where: { taskId: childTaskId }, select: { agentId: true, status: true, resultSummary: true } });
    expect(childRun).toEqual({ agentId: defender, status: "completed", resultSummary: "Recipient looks fine." });
  });
});
