// Agents at work in the browser: an operator issues a credential on an agent's page and sees its
// secret once; the agent (driven through the API with that secret) claims its task, reports steps and
// asks for approval; the operator follows the run's trace, approves in the inbox, and the run page
// shows the decision and, live, the completion. Then the credential is revoked. A second test cancels
// a run from its page, and a viewer sees runs without the operators' controls.
import { signIn } from "./auth";
import { answerFavicon } from "./auth-helpers";
import { agentClient, assignTask, createAgent, issueCredential } from "./agent-work";
import { expect, test } from "./fixtures";

test.beforeEach(({ page }) => answerFavicon(page));

test("an operator issues a credential, follows the agent's run, approves its request, and sees it complete", async ({ page, baseURL, playwright, consoleErrors }) => {
  await signIn(page);
  const agent = await createAgent(page.request, baseURL!, "flow");

  // The agent page: reported figures, no runs yet, and the credentials section.
  await page.goto(`/agents/${agent.id}`);
  await expect(page.getByRole("heading", { level: 1, name: agent.name })).toBeVisible();
  await expect(page.getByTestId("metrics-source")).toContainText("Reported");
  await expect(page.getByText("No runs yet: the agent has claimed no task with a credential.")).toBeVisible();
  const issueForm = page.getByRole("form", { name: "Issue credential" });
  const issue = issueForm.getByRole("button", { name: "Issue credential" });
  await expect(issue).toBeEnabled(); // hydrated
  await issueForm.getByLabel("Name").fill("e2e-host-1");
  await issue.click();

  // The secret, once: focus on its box, the warning, a copyable field.
  const box = page.getByTestId("agent-secret-box");
  await expect(box).toBeFocused();
  await expect(box).toContainText("Copy this secret now — you will not see it again.");
  const secretField = page.getByLabel("Secret of “e2e-host-1”");
  await expect(secretField).toHaveValue(/^ak_syn_/);
  const secret = await secretField.inputValue();
  // The command that starts an agent with it, against this app.
  await expect(page.getByTestId("agent-command")).toHaveValue(`npx syndicate-agent --handler ./my-agent.mjs --credential ${secret} --url ${new URL(page.url()).origin}`);
  const credentials = page.getByRole("table", { name: "Credentials" });
  const row = credentials.getByRole("row").filter({ hasText: "e2e-host-1" });
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Never");
  await expect(row).toContainText(secret.slice(0, 13));
  // Read again, the page lists the credential but never shows the secret.
  await page.reload();
  await expect(row).toContainText("Active");
  await expect(page.getByTestId("agent-secret")).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);

  // The agent at work: its task is claimed, it reports steps and asks for leave.
  const description = `E2E reconcile the vault ${Date.now()}`;
  const taskId = await assignTask(page.request, baseURL!, agent.id, description);
  const worker = await agentClient(playwright, baseURL!, secret);
  const run = await worker.claim();
  expect(run.taskId).toBe(taskId);
  await worker.steps(run.id, [
    { kind: "message", text: "Reading the vault's positions.", tokens: 1200, cost: 0.0042 },
    { kind: "tool_call", text: "getWalletMetrics", data: { address: "0x00000000000000000000000000000000000000e2" }, tokens: 40, cost: 0.0001 },
  ]);
  const summary = `E2E rebalance 250 USDC ${Date.now()}`;
  await worker.askApproval(run.id, { summary, tool: "transferFunds", details: { amount: 250, token: "USDC" } });

  // The run page: header, trace in order with its data collapsed, the pending request.
  await page.goto(`/runs/${run.id}`);
  await expect(page.getByRole("heading", { level: 1, name: description })).toBeVisible();
  await expect(page.getByTestId("run-status")).toHaveText("awaiting approval");
  await expect(page.getByTestId("run-usage")).toContainText("1,240");
  await expect(page.getByTestId("run-usage")).toContainText("$0.0043");
  const trace = page.getByRole("list", { name: "Trace" });
  const steps = trace.getByTestId("trace-step");
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toContainText("Reading the vault's positions.");
  await expect(steps.nth(0)).toContainText("1,200 tokens · $0.0042");
  await expect(steps.nth(1)).toHaveAttribute("data-kind", "tool_call");
  await expect(steps.nth(2)).toHaveAttribute("data-kind", "approval_request");
  const data = steps.nth(1).getByRole("region", { name: "Data of step 2" });
  await expect(data).toBeHidden();
  await steps.nth(1).getByText("Data", { exact: true }).click();
  await expect(data).toContainText('"address": "0x00000000000000000000000000000000000000e2"');
  await expect(page.getByRole("list", { name: "Approval requests of this run" }).getByTestId("approval")).toContainText("pending");
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-live", "stream");

  // The inbox: the request is pending; approving it takes it out of the pending list.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Approvals" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Approvals" })).toBeVisible();
  const item = page.getByTestId("approval").filter({ has: page.getByRole("heading", { name: summary }) });
  await expect(item).toContainText(agent.name);
  await expect(item).toContainText("transferFunds");
  await item.getByText("Details", { exact: true }).click();
  await expect(item.getByRole("region", { name: `Details of the request “${summary}”` })).toContainText('"amount": 250');
  const decide = page.getByRole("form", { name: `Decide: ${summary}` });
  await decide.getByLabel("Comment (optional)").fill("Go ahead, within the limit.");
  await expect(decide.getByRole("button", { name: "Approve" })).toBeEnabled();
  await decide.getByRole("button", { name: "Approve" }).click();
  await expect(item).toHaveCount(0);
  const said = page.getByTestId("approval-said");
  await expect(said).toHaveText(`Approved: ${summary}`);
  await expect(said).toBeFocused();
  // Decided, it is in the approved list.
  await page.goto(`/approvals?status=approved&agentId=${agent.id}`);
  await expect(page.getByTestId("approval").filter({ hasText: summary })).toContainText("Go ahead, within the limit.");

  // The run page shows the decision; the agent learns it and completes, and the open page follows live.
  await page.goto(`/runs/${run.id}`);
  await expect(page.getByTestId("run-status")).toHaveText("running");
  const approval = page.getByRole("list", { name: "Approval requests of this run" }).getByTestId("approval");
  await expect(approval.getByTestId("approval-decision")).toContainText("Approved");
  await expect(approval.getByTestId("approval-decision")).toContainText("“Go ahead, within the limit.”");
  await expect(steps).toHaveCount(4);
  await expect(steps.nth(3)).toHaveAttribute("data-kind", "approval_decision");
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-live", "stream");
  const told = await worker.heartbeat(run.id);
  expect(told.approval).toMatchObject({ status: "approved", comment: "Go ahead, within the limit." });
  await worker.complete(run.id, { summary: "Rebalanced 250 USDC.", data: { moved: 250 }, usage: { tokens: 60 } });
  await expect(page.getByTestId("run-status")).toHaveText("completed");
  await expect(page.getByTestId("run-result")).toContainText("Rebalanced 250 USDC.");
  await expect(page.getByTestId("run-usage")).toContainText("1,300");
  await expect(page.getByRole("button", { name: "Cancel run" })).toHaveCount(0);

  // The runs list and the agent page show the run; the figures are now measured.
  await page.goto(`/runs?agentId=${agent.id}`);
  const listed = page.getByRole("table", { name: "Runs" }).getByTestId("run-row");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("completed");
  await expect(listed.getByRole("link", { name: description })).toHaveAttribute("href", `/tasks/${taskId}`);
  await listed.locator(`a[href="/runs/${run.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${run.id}$`));
  await page.getByRole("link", { name: agent.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/agents/${agent.id}$`));
  await expect(page.getByTestId("metrics-source")).toContainText("Measured");
  await expect(page.getByRole("table", { name: "Latest runs" }).getByTestId("run-row")).toContainText("completed");

  // Revoking asks first, holds at once, and gives focus back to the section.
  await expect(row).toContainText(/Active/);
  await row.getByRole("button", { name: "Revoke" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Revoke the credential “e2e-host-1”?");
  await dialog.getByRole("button", { name: "Revoke" }).click();
  await expect(row).toContainText("Revoked");
  await expect(page.getByRole("heading", { level: 2, name: "Credentials" })).toBeFocused();
  expect((await worker.post("/api/runs/claim?wait=0")).status).toBe(401);
  await worker.request.dispose();
  expect(consoleErrors).toEqual([]);
});

test("an operator cancels a run from its page, which cancels its task; a viewer sees runs without the controls", async ({ page, baseURL, browser, playwright, consoleErrors }) => {
  await signIn(page);
  const agent = await createAgent(page.request, baseURL!, "cancel");
  const secret = await issueCredential(page.request, baseURL!, agent.id);
  const description = `E2E audit the bridge ${Date.now()}`;
  const taskId = await assignTask(page.request, baseURL!, agent.id, description);
  const worker = await agentClient(playwright, baseURL!, secret);
  const run = await worker.claim();
  await worker.steps(run.id, [{ kind: "log", text: "Started the audit." }]);
  const summary = `E2E pause the bridge ${Date.now()}`;
  await worker.askApproval(run.id, { summary });

  // A viewer reads the run and the inbox, but may neither cancel nor decide, and sees no credentials.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await answerFavicon(viewer);
  await signIn(viewer, "viewer");
  await viewer.goto(`/runs/${run.id}`);
  await expect(viewer.getByRole("heading", { level: 1, name: description })).toBeVisible();
  await expect(viewer.getByTestId("trace-step")).toHaveCount(2);
  await expect(viewer.getByRole("button", { name: "Cancel run" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await viewer.goto(`/approvals?agentId=${agent.id}`);
  await expect(viewer.getByTestId("approval").filter({ hasText: summary })).toContainText("Waiting for an operator’s decision.");
  await viewer.goto(`/agents/${agent.id}`);
  await expect(viewer.getByRole("table", { name: "Latest runs" })).toBeVisible();
  await expect(viewer.getByRole("heading", { name: "Credentials" })).toHaveCount(0);
  await viewerContext.close();

  // The operator cancels: the dialog says the task goes with it; focus lands on the run's status.
  await page.goto(`/runs/${run.id}`);
  await expect(page.getByTestId("run-status")).toHaveText("awaiting approval");
  const cancel = page.getByRole("button", { name: "Cancel run" });
  await expect(cancel).toBeEnabled(); // hydrated
  await cancel.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`Its task “${description}” is cancelled with it`);
  await dialog.getByRole("button", { name: "Cancel run" }).click();
  await expect(page.getByTestId("run-status")).toHaveText("cancelled");
  await expect(page.getByTestId("run-status")).toBeFocused();
  await expect(page.getByRole("button", { name: "Cancel run" })).toHaveCount(0);
  await expect(page.getByText("Cancelled by an operator")).toBeVisible();
  // A run that ends first closes its pending request, saying why, here and in the inbox.
  await expect(page.getByTestId("approval")).toContainText("Not decided: the run ended (cancelled) first.");
  await page.goto(`/approvals?agentId=${agent.id}&status=rejected`);
  await expect(page.getByTestId("approval").filter({ hasText: summary })).toContainText("Not decided: the run ended (cancelled) first.");
  expect(((await (await page.request.get(`/api/tasks/${taskId}`)).json()) as { status: string }).status).toBe("cancelled");
  expect(await worker.heartbeat(run.id)).toMatchObject({ status: "cancelled", continue: false });
  await worker.request.dispose();
  expect(consoleErrors).toEqual([]);
});
