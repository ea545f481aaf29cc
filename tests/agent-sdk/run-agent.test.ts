// The agent SDK (packages/agent) against the API over real HTTP, on the test's database: runAgent
// claims, reports steps in batches, calls tools with its credential, asks for approval and gets the
// decision, completes or fails with the handler's answer, stops when an operator cancels, hands its
// task back on shutdown, and backs off when the service says "not now". The two example agents do
// their real work (a wallet's uncommon addresses; a squad's quantum analysis).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as cancelRoute from "../../app/api/runs/[runId]/cancel/route";
import * as decisionRoute from "../../app/api/approvals/[approvalId]/decision/route";
import { issueAgentCredential, revokeAgentCredential } from "../../lib/auth";
import { prisma } from "../../lib/db";
import { resetRunsConfig } from "../../lib/runs";
import { assignTask } from "../../lib/tasks";
import { ApiError, runAgent, type Approval, type Claim, type Handler, type Heartbeat, type Result, type Run, type Step, type StepsAnswer, type RunAgentOptions } from "../../packages/agent/src/index";
import type { paths } from "../../lib/client/generated/schema";
import { backOffMs, retryAfterMs } from "../../packages/agent/src/api";
import { main } from "../../packages/agent/src/cli";
import { useApiTest } from "../helpers/api";
import { startApiServer, type ApiServer } from "../helpers/api-server";
import { unique, userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { insertAgent, insertSquad } from "../quantum/factory";
import { storeWallet } from "../wallet/factory";

// The SDK's own shapes are held to the API document at compile time (the build type-checks tests):
// what the service answers must fit what the SDK reads, and what the SDK sends must fit the requests.
type Json<T> = T extends { content: { "application/json": infer B } } ? B : never;
type Runs = paths["/api/runs/{runId}/heartbeat"]["post"];
export const answersFit = {
  claim: (answer: Json<paths["/api/runs/claim"]["post"]["responses"][200]>): Claim => answer,
  heartbeat: (answer: Json<Runs["responses"][200]>): Heartbeat => answer,
  approval: (answer: Json<paths["/api/runs/{runId}/approvals"]["post"]["responses"][201]>): Approval => answer,
  steps: (answer: Json<paths["/api/runs/{runId}/steps"]["post"]["responses"][201]>): StepsAnswer => answer,
  run: (answer: Json<paths["/api/runs/{runId}/release"]["post"]["responses"][200]>): Run => answer,
};
export const requestsFit = {
  steps: (steps: Step[]): Json<NonNullable<paths["/api/runs/{runId}/steps"]["post"]["requestBody"]>>["steps"] => steps,
  complete: (result: Result): Json<NonNullable<paths["/api/runs/{runId}/complete"]["post"]["requestBody"]>> => result,
};

const api = useApiTest({ withKeys: true });
let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
  // A short lease: heartbeats every second, so that a decision or a cancel reaches the agent quickly.
  process.env.RUN_LEASE_SECONDS = "5";
  resetRunsConfig();
});
afterAll(async () => {
  delete process.env.RUN_LEASE_SECONDS;
  resetRunsConfig();
  await server.close();
});
afterEach(() => expect(server.breaches).toEqual([]));

const connect = async (agentId?: string) => {
  const id = agentId ?? (await insertAgent());
  const { user } = await userWithKey("operator");
  const issued = await issueAgentCredential(id, user.id, { name: "sdk" });
  return { agentId: id, secret: issued.secret, credentialId: issued.id };
};

const assign = async (entity: { type: "Agent" | "Squad"; id: string }, description = "Read the agent's figures") => {
  const id = unique("sdk-task");
  await assignTask({ id, description, status: "assigned", assignedEntity: entity });
  return id;
};

/** A log that tests can wait on: whenLogged resolves at the first line matching. */
const recorder = () => {
  const lines: string[] = [];
  const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  return {
    lines,
    log: (line: string) => {
      lines.push(line);
      for (const waiter of waiting.filter((entry) => entry.pattern.test(line))) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    },
    whenLogged: (pattern: RegExp) => {
      const seen = lines.find((line) => pattern.test(line));
      return seen ? Promise.resolve(seen) : new Promise<string>((resolve) => waiting.push({ pattern, resolve }));
    },
  };
};

const start = (secret: string, handler: Handler, options: Partial<RunAgentOptions> = {}) => {
  const record = recorder();
  const done = runAgent({ url: server.url, credential: secret, handler, claimWaitSeconds: 2, handleSignals: false, log: record.log, ...options });
  return { ...record, done };
};

const runOf = async (taskId: string) => {
  const runs = await prisma.agentRun.findMany({ where: { taskId }, orderBy: { attempt: "asc" }, include: { steps: { orderBy: { seq: "asc" } } } });
  return runs.at(-1)!;
};

const waitForSignal = (signal: AbortSignal) => new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener("abort", () => resolve(), { once: true })));

describe("runAgent", () => {
  it("claims a task, calls a tool with its credential, reports its steps in one batch and completes with the result", async () => {
    const { agentId, secret } = await connect();
    const taskId = await assign({ type: "Agent", id: agentId });
    const agent = start(secret, async (task, context) => {
      context.message(`Working on ${task.id}`, { tokens: 30, cost: 0.001 });
      context.toolCall("getAgentDetails", { agentId });
      const details = await context.api.get<{ name: string; metricsSource: string }>(`/api/agents/${agentId}/details`);
      context.toolResult(`${details.name} (${details.metricsSource})`);
      return { summary: `Read ${details.name}`, data: { metricsSource: details.metricsSource }, usage: { tokens: 70 } };
    }, { maxTasks: 1 });

    expect(await agent.done).toEqual({ tasks: 1, completed: 1, failed: 0, released: 0, stopped: 0 });
    const run = await runOf(taskId);
    expect(run).toMatchObject({ status: "completed", tokens: 100, resultSummary: expect.stringMatching(/^Read Quantum /) });
    expect(run.steps.map((step) => step.kind)).toEqual(["message", "tool_call", "tool_result"]);
    // The three steps went in one call.
    expect(await prisma.event.count({ where: { type: "run.step", entityId: run.id } })).toBe(1);
    expect(await prisma.task.findUniqueOrThrow({ where: { id: taskId }, select: { status: true, resultData: true } })).toEqual({ status: "completed", resultData: { metricsSource: "measured" } });
    expect(agent.lines.some((line) => line.includes(`claimed task ${taskId}`))).toBe(true);
  });

  it("fails the run with the handler's error, named by its class", async () => {
    const { agentId, secret } = await connect();
    const taskId = await assign({ type: "Agent", id: agentId });
    class QuotaExceeded extends Error {
      override name = "QuotaExceeded";
    }
    const agent = start(secret, (_task, context) => {
      context.log("About to call the model");
      throw new QuotaExceeded("The model's quota is spent for today");
    }, { maxTasks: 1 });
    expect((await agent.done).failed).toBe(1);
    const run = await runOf(taskId);
    expect(run).toMatchObject({ status: "failed", errorClass: "QuotaExceeded", errorMessage: "The model's quota is spent for today" });
    expect(run.steps.map((step) => step.text)).toEqual(["About to call the model"]);
    expect((await prisma.task.findUniqueOrThrow({ where: { id: taskId } })).status).toBe("failed");
  });

  it("fails the run, saying why, when the service refuses the handler's result, and goes on", async () => {
    const { agentId, secret } = await connect();
    const first = await assign({ type: "Agent", id: agentId });
    const agent = start(secret, () => ({ summary: "x".repeat(2_001) }), { maxTasks: 1 });
    expect((await agent.done).failed).toBe(1);
    expect(await runOf(first)).toMatchObject({ status: "failed", errorClass: "InvalidResult", errorMessage: expect.stringContaining("body.summary: must be at most 2") });
  });

  it("pauses for a person's decision and goes on with it", async () => {
    const { agentId, secret } = await connect();
    const taskId = await assign({ type: "Agent", id: agentId });
    const agent = start(secret, async (_task, context) => {
      const decision = await context.requestApproval({ summary: "Roll the deployment back", tool: "rollbackDeployment", details: { deploymentId: "d-1" } });
      return { summary: decision.approved ? `Rolled back (${decision.comment})` : `Left alone (${decision.comment})` };
    }, { maxTasks: 1 });
    await agent.whenLogged(/asked for approval/);
    const approval = await prisma.runApproval.findFirstOrThrow({ where: { run: { taskId } } });
    const decided = await call(decisionRoute.POST, "POST", `/api/approvals/${approval.id}/decision`, { key: api.operator, params: { approvalId: approval.id }, body: { decision: "approved", comment: "go ahead" } });
    expect(decided.status).toBe(200);
    expect((await agent.done).completed).toBe(1);
    expect((await prisma.task.findUniqueOrThrow({ where: { id: taskId } })).resultSummary).toBe("Rolled back (go ahead)");
  });

  it("stops when an operator cancels the run: the handler's signal is aborted and nothing more is reported", async () => {
    const { agentId, secret } = await connect();
    const taskId = await assign({ type: "Agent", id: agentId });
    let sawAbort = false;
    const agent = start(secret, async (_task, context) => {
      await waitForSignal(context.signal);
      sawAbort = true;
      throw new Error("stopped");
    }, { maxTasks: 1 });
    await agent.whenLogged(/claimed task/);
    const run = await runOf(taskId);
    expect((await call(cancelRoute.POST, "POST", `/api/runs/${run.id}/cancel`, { key: api.operator, params: { runId: run.id } })).status).toBe(200);
    expect(await agent.done).toMatchObject({ tasks: 1, stopped: 1, failed: 0 });
    expect(sawAbort).toBe(true);
    expect((await runOf(taskId)).status).toBe("cancelled");
    expect(agent.lines.some((line) => line.includes("is cancelled: stopping work on it"))).toBe(true);
  });

  it("shutting down, hands the task in hand back once the grace period is over, and claims no more", async () => {
    const { agentId, secret } = await connect();
    const taskId = await assign({ type: "Agent", id: agentId });
    await assign({ type: "Agent", id: agentId }, "A second task, never claimed");
    const shutdown = new AbortController();
    const agent = start(secret, async (_task, context) => {
      context.log("Started");
      await waitForSignal(context.signal);
      throw context.signal.reason;
    }, { signal: shutdown.signal, graceSeconds: 0 });
    await agent.whenLogged(/claimed task/);
    shutdown.abort();
    expect(await agent.done).toEqual({ tasks: 1, completed: 0, failed: 0, released: 1, stopped: 0 });
    const run = await runOf(taskId);
    expect(run).toMatchObject({ status: "released", errorClass: "HandedBack", errorMessage: expect.stringMatching(/shutting down/) });
    expect(run.steps.map((step) => step.text)).toEqual(["Started"]);
    expect((await prisma.task.findUniqueOrThrow({ where: { id: taskId } })).status).toBe("assigned");
    expect(await prisma.agentRun.count({ where: { agentId } })).toBe(1);
  });

  it("shutting down, lets the task in hand finish within the grace period", async () => {
    const { agentId, secret } = await connect();
    const taskId = await assign({ type: "Agent", id: agentId });
    const shutdown = new AbortController();
    let finish!: () => void;
    const finishing = new Promise<void>((resolve) => (finish = resolve));
    const agent = start(secret, async () => {
      await finishing;
      return { summary: "Finished before leaving" };
    }, { signal: shutdown.signal, graceSeconds: 60 });
    await agent.whenLogged(/claimed task/);
    shutdown.abort();
    await agent.whenLogged(/shutting down/);
    finish();
    expect(await agent.done).toMatchObject({ tasks: 1, completed: 1, released: 0 });
    expect((await prisma.task.findUniqueOrThrow({ where: { id: taskId } })).resultSummary).toBe("Finished before leaving");
  });

  it("backs off when the service answers 503 or 429, as Retry-After says or exponentially, and goes on", async () => {
    const { agentId, secret } = await connect();
    const taskId = await assign({ type: "Agent", id: agentId });
    const refusals = [
      new Response(JSON.stringify({ title: "Service Unavailable", status: 503 }), { status: 503, headers: { "retry-after": "0", "content-type": "application/problem+json" } }),
      new Response(JSON.stringify({ title: "Too Many Requests", status: 429 }), { status: 429, headers: { "content-type": "application/problem+json" } }),
    ];
    const flaky: typeof fetch = (input, init) => {
      const refusal = String(input).includes("/api/runs/claim") ? refusals.shift() : undefined;
      return refusal ? Promise.resolve(refusal) : fetch(input, init);
    };
    const agent = start(secret, () => ({ summary: "Done after waiting" }), { maxTasks: 1, fetch: flaky, backOff: { initialMs: 20 } });
    expect((await agent.done).completed).toBe(1);
    expect(agent.lines.filter((line) => /POST \/api\/runs\/claim: answered (503|429); trying again/.test(line))).toHaveLength(2);
    expect((await prisma.task.findUniqueOrThrow({ where: { id: taskId } })).status).toBe("completed");
  });

  it("stops with the service's refusal when its credential is revoked", async () => {
    const { agentId, secret, credentialId } = await connect();
    await revokeAgentCredential(agentId, credentialId);
    const agent = start(secret, () => ({ summary: "never" }));
    const error = await agent.done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401 });
  });
});

describe("back-off timing", () => {
  it("reads Retry-After in seconds or as a date, and doubles its own waits up to the ceiling", () => {
    expect(retryAfterMs("3")).toBe(3_000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs("soon")).toBeUndefined();
    const backOff = { initialMs: 500, maxMs: 4_000, attempts: 6 };
    expect([1, 2, 3, 4, 5].map((attempt) => backOffMs(attempt, backOff, 1))).toEqual([500, 1_000, 2_000, 4_000, 4_000]);
    expect(backOffMs(1, backOff, 0)).toBe(400);
  });
});

describe("the CLI", () => {
  it("answers a usage error (2) without a handler or a credential, and 1 for a handler file that exports none", async () => {
    const quiet = { SYNDICATE_AGENT_CREDENTIAL: undefined };
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      expect(await main(["--credential", "ak_syn_x"], quiet)).toBe(2);
      expect(errors[0]).toBe("--handler is required");
      expect(await main(["--handler", "x.mjs"], quiet)).toBe(2);
      expect(await main(["--handler", "x.mjs", "--credential", "sk_syn_x"], quiet)).toBe(2);
      expect(await main(["--handler", "x.mjs", "--credential", "ak_syn_x", "--wait", "31"], quiet)).toBe(2);
      expect(await main(["--handler", "tests/agent-sdk/no-handler.mjs", "--credential", "ak_syn_x"], quiet)).toBe(1);
      expect(errors.at(-1)).toMatch(/exports no handler/);
    } finally {
      console.error = original;
    }
  });
});

/** An example handler file of the package, as the CLI loads it. */
const example = async (name: string) => ((await import(pathToFileURL(path.resolve("packages/agent/examples", name)).href)) as { default: Handler }).default;

describe("the example agents", () => {
  let scout: Handler;
  let analyst: Handler;
  beforeAll(async () => {
    scout = await example("scout.mjs");
    analyst = await example("analyst.mjs");
  });

  it("the scout reports the uncommon addresses of the wallet its task names, with the reasons", async () => {
    const { wallet, lookalike } = await storeWallet();
    const { agentId, secret } = await connect();
    const taskId = await assign({ type: "Agent", id: agentId }, `Look into wallet ${wallet} before we pay it`);
    const agent = start(secret, scout, { maxTasks: 1 });
    expect((await agent.done).completed).toBe(1);
    const task = await prisma.task.findUniqueOrThrow({ where: { id: taskId }, select: { resultSummary: true, resultData: true } });
    expect(task.resultSummary).toMatch(new RegExp(`^Wallet ${wallet}: 1 uncommon address`));
    expect(task.resultData).toMatchObject({ wallet, total: 1, uncommon: [{ address: lookalike, reasons: expect.arrayContaining([expect.stringMatching(/./)]) }] });
    expect((await runOf(taskId)).steps.map((step) => step.text)).toEqual([`Scouting wallet ${wallet} for uncommon addresses`, "getWalletUncommonAddresses", expect.stringMatching(/^1 uncommon address/)]);
  });

  it("the scout fails a task that names no wallet, saying what it needs", async () => {
    const { agentId, secret } = await connect();
    const taskId = await assign({ type: "Agent", id: agentId }, "Look into the suspicious wallet");
    expect((await start(secret, scout, { maxTasks: 1 }).done).failed).toBe(1);
    expect(await runOf(taskId)).toMatchObject({ status: "failed", errorClass: "NoWalletInTask" });
  });

  it("the analyst files its squad's quantum analysis as the result", async () => {
    const { agentId, secret } = await connect();
    const squadId = await insertSquad([agentId, await insertAgent()]);
    const taskId = await assign({ type: "Squad", id: squadId }, "Should the squad change its roles?");
    const agent = start(secret, analyst, { maxTasks: 1 });
    expect((await agent.done).completed).toBe(1);
    const task = await prisma.task.findUniqueOrThrow({ where: { id: taskId }, select: { resultSummary: true, resultData: true } });
    expect(task.resultSummary).toMatch(new RegExp(`^Squad ${squadId}: predicted improvement .+, risk .+\\. Recommended roles: .+\\.$`));
    expect(task.resultData).toMatchObject({ squadId, recommendedRoles: expect.any(Array), riskLevel: expect.any(String) });
  });
});
