// A hosted agent in the browser, on the stand-in engine (scripts/stand-in-engine.ts, a fixed plan
// served over the chat-completions protocol, started here and stopped with its process group): an
// admin configures the engine, an agent of the Scout role names it and is hosted; assigned "check
// wallet 0x… for risky approvals", its run reads the wallet's approvals with a tool, pauses before
// linking the wallet (a write) until an operator approves in the inbox, and completes; the run page
// shows every model and tool call with tokens and cost.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { signIn, stateFile } from "./auth";
import { answerFavicon, apiWrite } from "./auth-helpers";
import { expect, test } from "./fixtures";

const WALLET = "0x00000000000000000000000000000000000e2e01";

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let engine: ChildProcess | undefined;
let port = 0;

test.beforeAll(async () => {
  port = await freePort();
  engine = spawn(process.execPath, ["--import", "tsx", "scripts/stand-in-engine.ts", "--port", String(port)], { detached: true, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    engine!.once("exit", (code) => reject(new Error(`the stand-in engine exited (${code})`)));
    engine!.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("Stand-in engine on") && resolve());
  });
});

test.afterAll(() => {
  if (engine?.pid && engine.exitCode === null) process.kill(-engine.pid, "SIGTERM");
});

test.beforeEach(({ page }) => answerFavicon(page));

test("a hosted Scout checks a wallet with its tools, waits for approval before a write, and completes; its run shows each step's tokens and cost", async ({ page, baseURL, playwright }) => {
  test.setTimeout(120_000);
  const admin = await playwright.request.newContext({ baseURL, storageState: stateFile("admin") });
  const suffix = Date.now();
  const name = `e2e-stand-in-${suffix}`;
  const created = await apiWrite(admin, baseURL!, "POST", "/api/engines", { name, baseUrl: `http://127.0.0.1:${port}/v1`, model: "stand-in", inputPricePerMillion: 3, outputPricePerMillion: 15 });
  expect(created.status(), await created.text()).toBe(201);
  const engineId = ((await created.json()) as { id: string }).id;
  try {
    const tested = await apiWrite(admin, baseURL!, "POST", `/api/engines/${engineId}/test`, undefined);
    expect(((await tested.json()) as { ok: boolean }).ok).toBe(true);

    const agentId = `e2e-hosted-${suffix}`;
    const roles = ["Scout", "Scout", "Defender", "Scout", "Healer"].map((roleName) => ({ roleName, primaryFunction: `${roleName} duty`, skills: [] }));
    const agent = await apiWrite(admin, baseURL!, "POST", "/api/agents", { id: agentId, name: `E2E Hosted ${suffix}`, aiEngine: name, roles, performanceMetrics: { uptime: 90, completionRate: 50, averageResponseTime: 300, errorRate: 5 } });
    expect(agent.status(), await agent.text()).toBe(201);
    const taskId = `e2e-hosted-task-${suffix}`;
    const task = await apiWrite(admin, baseURL!, "POST", "/api/tasks/assign", { id: taskId, description: `check wallet ${WALLET} for risky approvals`, status: "assigned", assignedEntity: { type: "Agent", id: agentId } });
    expect(task.status()).toBe(201);

    // The run pauses before the write: it is in the approvals inbox, naming the tool.
    await signIn(page);
    await expect(async () => {
      await page.goto(`/approvals?agentId=${agentId}`);
      await expect(page.getByTestId("approval").filter({ hasText: "linkWallet" })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 45_000 });
    const item = page.getByTestId("approval").filter({ hasText: "linkWallet" });
    await item.getByRole("link", { name: /^run_/ }).click();
    await expect(page.getByTestId("run-status")).toHaveText("awaiting approval");
    // Before the decision: the read ran (its call and result are in the trace), the write waits.
    const steps = page.getByTestId("trace-step");
    await expect(steps.filter({ hasText: "listWalletApprovals" }).first()).toBeVisible();
    await page.getByRole("list", { name: "Approval requests of this run" }).getByRole("button", { name: "Approve" }).click();

    // Completed, with the summary of what the tools said; each model call has its tokens and cost.
    await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 45_000 });
    await expect(page.getByText(`Wallet ${WALLET.toLowerCase()}`).first()).toBeVisible();
    await expect(page.locator('[data-testid="trace-step"][data-kind="message"]').filter({ hasText: "tokens" }).first()).toBeVisible();
    await expect(page.getByTestId("trace-totals")).toContainText("tokens");
    await expect(page.getByTestId("trace-totals")).toContainText("tool calls");
    await expect(steps.filter({ hasText: "linkWallet" }).first()).toBeVisible();
  } finally {
    await apiWrite(admin, baseURL!, "DELETE", `/api/engines/${engineId}`, undefined);
    await admin.dispose();
  }
});
