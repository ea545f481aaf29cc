// Agents at work for the browser tests: an agent of the test's own, a credential, and the run protocol
// driven as an agent would drive it (a request context of its own that sends the agent's secret).
// Every record has "e2e" in its id (docs/conventions.md, "Browser tests").
import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from "@playwright/test";
import { apiWrite } from "./auth-helpers";
import { stateFile } from "./auth";

type Playwright = PlaywrightWorkerArgs["playwright"];

/** An operator's API calls without a page: the signed-in operator's session, from the setup project. */
export const operatorRequest = (playwright: Playwright, baseURL: string) => playwright.request.newContext({ baseURL, storageState: stateFile("operator") });

/** A new agent of the test's own (reported figures: it has not connected yet). */
export const createAgent = async (request: APIRequestContext, baseURL: string, label: string) => {
  const suffix = `${Date.now()}-${label}`;
  const agent = {
    id: `e2e-worker-${suffix}`,
    name: `E2E Worker ${suffix}`,
    aiEngine: "gpt-4o",
    experiencePoints: 100,
    performanceMetrics: { uptime: 90, completionRate: 50, averageResponseTime: 300, errorRate: 5 },
  };
  expect((await apiWrite(request, baseURL, "POST", "/api/agents", agent)).status(), "the agent is created").toBe(201);
  return agent;
};

/** Issues a credential through the API (the browser test issues its own through the page). */
export const issueCredential = async (request: APIRequestContext, baseURL: string, agentId: string) => {
  const response = await apiWrite(request, baseURL, "POST", `/api/agents/${encodeURIComponent(agentId)}/credentials`, { name: "e2e worker" });
  expect(response.status(), "the credential is issued").toBe(201);
  return ((await response.json()) as { secret: string }).secret;
};

/** A task assigned to the agent, ready to be claimed. */
export const assignTask = async (request: APIRequestContext, baseURL: string, agentId: string, description: string) => {
  const id = `e2e-work-${Date.now()}-${agentId.slice(-6)}`;
  const task = { id, description, status: "assigned", assignedEntity: { type: "Agent", id: agentId } };
  expect((await apiWrite(request, baseURL, "POST", "/api/tasks/assign", task)).status(), "the task is assigned").toBe(201);
  return id;
};

/** The agent's side of the protocol, with its secret. */
export const agentClient = async (playwright: Playwright, baseURL: string, secret: string) => {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${secret}` } });
  const post = async (path: string, data?: unknown) => {
    const response = await request.post(path, data === undefined ? {} : { data });
    return { status: response.status(), json: response.status() === 204 ? undefined : ((await response.json()) as Record<string, any>) };
  };
  return {
    request,
    claim: async () => {
      const claimed = await post("/api/runs/claim?wait=0");
      expect(claimed.status, "the agent claims its task").toBe(200);
      return claimed.json!.run as { id: string; taskId: string };
    },
    steps: async (runId: string, steps: unknown[]) => {
      const answer = await post(`/api/runs/${runId}/steps`, { steps });
      expect(answer.status, "the steps are stored").toBe(201);
    },
    askApproval: async (runId: string, body: { summary: string; tool?: string; details?: unknown }) => {
      const answer = await post(`/api/runs/${runId}/approvals`, body);
      expect(answer.status, "the approval is requested").toBe(201);
      return answer.json as { id: string };
    },
    heartbeat: async (runId: string) => {
      const answer = await post(`/api/runs/${runId}/heartbeat`);
      expect(answer.status, "the heartbeat is answered").toBe(200);
      return answer.json as { status: string; continue: boolean; approval: { status: string; comment: string | null } | null };
    },
    complete: async (runId: string, body: { summary: string; data?: Record<string, unknown>; usage?: { tokens?: number; cost?: number } }) => {
      const answer = await post(`/api/runs/${runId}/complete`, body);
      expect(answer.status, "the run completes").toBe(200);
    },
    post,
  };
};

/**
 * A run of an agent of its own that has reported steps and waits for a decision on its approval request
 * (for the page checks: the run page with a trace and a pending approval, and the inbox with it).
 */
export const runAwaitingApproval = async (playwright: Playwright, baseURL: string, label: string) => {
  const operator = await operatorRequest(playwright, baseURL);
  try {
    const agent = await createAgent(operator, baseURL, label);
    const secret = await issueCredential(operator, baseURL, agent.id);
    await assignTask(operator, baseURL, agent.id, `E2E check the treasury (${label})`);
    const worker = await agentClient(playwright, baseURL, secret);
    const run = await worker.claim();
    await worker.steps(run.id, [
      { kind: "message", text: "Looking at the treasury balances.", tokens: 120, cost: 0.0012 },
      { kind: "tool_call", text: "getWalletMetrics", data: { address: "0x00000000000000000000000000000000000000e2", chain: "ethereum" }, tokens: 30 },
      { kind: "tool_result", text: "Balances read.", data: { balances: [{ token: "USDC", amount: "1200.50" }] } },
    ]);
    await worker.askApproval(run.id, { summary: `E2E move 100 USDC to cold storage (${label})`, tool: "transferFunds", details: { amount: 100, token: "USDC" } });
    await worker.request.dispose();
    return { agent, runId: run.id };
  } finally {
    await operator.dispose();
  }
};
