// The agent CLI (packages/agent: `npm run agent` is `syndicate-agent --handler
// packages/agent/examples/simulated.mjs`) against the production server, as an operator would run it
// (docs/agents-at-work.md): an agent is created, a credential issued, the agent started with the
// documented command; a task assigned to the agent is claimed and completed with the agent's result
// and trace, and its figures become measured. Stopped with SIGTERM mid-run, the agent hands its run
// back at once and exits. Killed mid-run (kill -9), its run is lost once its lease runs out and the
// task is claimable again: the agent started anew takes it (attempt 3) and completes it.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNTS, ROOT, startServer, testDatabase, waitFor, type SystemServer } from "./server";
import { keyFor } from "./session";

let server: SystemServer;
let key: string;
let cleanup = async () => {};
const agents: ChildProcess[] = [];

const killGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
};

beforeAll(async () => {
  const db = await testDatabase("example-agent");
  cleanup = db.cleanup;
  // A short lease, so that a killed agent's run is lost within seconds.
  server = await startServer({ env: { ...db.env, RUN_LEASE_SECONDS: "5" } });
  key = await keyFor(server, ACCOUNTS.operator);
});

afterAll(async () => {
  for (const child of agents) killGroup(child, "SIGKILL");
  await server?.stop();
  await cleanup();
});

const api = async (method: string, path: string, body?: unknown) => {
  const response = await server.fetch(path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
};

/** The agent CLI itself (what `npm run agent` and `npx syndicate-agent` start), so that a signal reaches it alone. */
const CLI = ["packages/agent/bin/syndicate-agent.mjs", "--handler", "packages/agent/examples/simulated.mjs"];

/**
 * Starts `npm run agent -- --credential … --url …` (or, `direct`, the CLI without npm) in a process
 * group of its own, its work taking `workSeconds`; resolves once it says it is claiming.
 */
const startAgent = (secret: string, workSeconds: number, args: string[] = [], direct = false) =>
  new Promise<{ child: ChildProcess; output: () => string; exited: Promise<number | null> }>((resolve, reject) => {
    const [command, ...prefix] = direct ? [process.execPath, ...CLI] : ["npm", "run", "--silent", "agent", "--"];
    const child = spawn(command, [...prefix, "--credential", secret, "--url", server.url, ...args], {
      cwd: ROOT,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, SIMULATED_WORK_SECONDS: String(workSeconds) },
    });
    agents.push(child);
    let text = "";
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    const read = (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes("claiming work from")) resolve({ child, output: () => text, exited });
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`the example agent exited (${code}) before claiming: ${text}`)));
  });

const saysClaimed = (output: () => string, taskId: string) => waitFor(() => output().includes(`claimed task ${taskId}`), 60_000);

describe("the agent CLI", () => {
  it("claims and completes a task, hands a task back on SIGTERM, is lost when killed mid-run, and its task is taken again", async () => {
    const agentId = `example-${randomBytes(3).toString("hex")}`;
    expect((await api("POST", "/api/agents", { id: agentId, name: "Example Worker", aiEngine: "GPT-4o" })).status).toBe(201);
    const issued = await api("POST", `/api/agents/${agentId}/credentials`, { name: "example" });
    expect(issued.status).toBe(201);
    const secret: string = issued.json.secret;

    // One task, worked to the end.
    const first = await startAgent(secret, 1, ["--once"]);
    const taskId = `example-task-${randomBytes(3).toString("hex")}`;
    expect((await api("POST", "/api/tasks/assign", { id: taskId, description: "Check the agent's figures", status: "assigned", assignedEntity: { type: "Agent", id: agentId } })).status).toBe(201);
    expect(await first.exited).toBe(0);
    const task = await api("GET", `/api/tasks/${taskId}`);
    expect(task.json).toMatchObject({ status: "completed", result: { summary: "Done by the simulated agent in 1 s" }, taskMetrics: { resourceUsage: expect.any(Number) } });
    const runs = await api("GET", `/api/runs?taskId=${taskId}`);
    expect(runs.json).toHaveLength(1);
    const run = await api("GET", `/api/runs/${runs.json[0].id}`);
    expect(run.json.steps.map((step: { kind: string }) => step.kind)).toEqual(["message", "tool_call", "tool_result", "log", "log", "log"]);
    expect((await api("GET", `/api/agents/${agentId}/details`)).json).toMatchObject({ metricsSource: "measured", performanceMetrics: { completionRate: 100 } });

    // Stopped with SIGTERM mid-run: the run is handed back at once, the task assigned again.
    const stopped = await startAgent(secret, 120, ["--grace-seconds", "0"], true);
    const second = `example-task-${randomBytes(3).toString("hex")}`;
    expect((await api("POST", "/api/tasks/assign", { id: second, description: "A long job", status: "assigned", assignedEntity: { type: "Agent", id: agentId } })).status).toBe(201);
    expect(await saysClaimed(stopped.output, second)).toBe(true);
    stopped.child.kill("SIGTERM");
    expect(await stopped.exited).toBe(0);
    expect(stopped.output()).toContain("handed back; its task is offered again");
    expect((await api("GET", `/api/runs?taskId=${second}`)).json.map((r: { status: string }) => r.status)).toEqual(["released"]);
    expect((await api("GET", `/api/tasks/${second}`)).json.status).toBe("assigned");

    // Killed mid-run: lost within its lease, and the task claimable again.
    const doomed = await startAgent(secret, 120);
    expect(await saysClaimed(doomed.output, second)).toBe(true);
    killGroup(doomed.child, "SIGKILL");
    await doomed.exited;
    // The lease (5 s) and the lost-run sweep (every 10 s) decide when; this waits for what they do.
    const lost = await waitFor(async () => (await api("GET", `/api/runs?taskId=${second}&status=lost`)).json.length === 1, 60_000, 500);
    expect(lost).toBe(true);
    expect((await api("GET", `/api/tasks/${second}`)).json.status).toBe("assigned");

    const again = await startAgent(secret, 1, ["--once"]);
    expect(await again.exited).toBe(0);
    const retried = await api("GET", `/api/runs?taskId=${second}`);
    expect(retried.json.map((r: { attempt: number; status: string }) => [r.attempt, r.status])).toEqual([
      [1, "released"],
      [2, "lost"],
      [3, "completed"],
    ]);
    expect((await api("GET", `/api/tasks/${second}`)).json.status).toBe("completed");
  }, 240_000);
});
