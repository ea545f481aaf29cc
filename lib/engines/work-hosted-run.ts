// The hosted loop (docs/agents.md, "The hosted loop"): one hosted run worked by a job worker. The
// model gets the agent's instructions and the task, and the agent's tools; each tool call it asks
// for runs in-process under the agent's principal (lib/api/tools.ts), unless the agent's approval
// policy makes it wait for a person: then the run pauses (awaiting_approval) and the job ends; the
// decision queues the run again (./queue-hosted-work.ts). Every model call and tool call is a
// step of the trace, with its tokens and cost, and the conversation is rebuilt from those steps
// each time the run is picked up, so a paused, retried or re-claimed run goes on where it stopped.
// The run fails, naming the limit, when it reaches its engine's limits (steps, tokens, cost,
// working seconds), and with the engine's error class when the model cannot be asked.
import type { Principal } from "../auth";
import { prisma } from "../db";
import { appendSteps, finishRun, recordHeartbeat, requestApproval, type TStepInput } from "../runs";
import { assignTask } from "../tasks";
import { callModel, EngineError, type ChatMessage, type ChatTool } from "./call-model";
import { enginesConfig } from "./config";
import { findEngineRow } from "./manage-engines";
import { openKey } from "./seal-key";
import { toolbox, type ToolSpec } from "./provide-toolbox";
import { needsApproval, type ApprovalPolicy } from "./rules/approval";
import { boundText } from "./rules/bound";
import { costOf, limitsFor, reachedLimit } from "./rules/limits";
import { systemPrompt, taskPrompt } from "./rules/prompt";

/** The tool a squad's hosted member hands a part of its task to another member with. */
export const HANDOFF_TOOL = "handoff_task";

export type HostedOutcome = "finished" | "paused" | "stopped";

type StepRow = { seq: number; kind: string; text: string | null; data: unknown; tokens: number | null; cost: number | null };
type ToolCall = { id: string; name: string; arguments: string };
type ApprovalRow = { id: string; status: string; comment: string | null; details: unknown };

const asRecord = (value: unknown): Record<string, unknown> => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The conversation so far, and the tool calls of the latest model answer that have no result yet. */
const conversationOf = (steps: StepRow[]) => {
  const messages: ChatMessage[] = [];
  let pending: ToolCall[] = [];
  let modelCalls = 0;
  let toolCalls = 0;
  for (const step of steps) {
    const data = asRecord(step.data);
    if (step.kind === "message") {
      const role = data.role;
      if (role === "system" || role === "user") messages.push({ role, content: String(data.content ?? "") });
      if (role === "assistant") {
        modelCalls += 1;
        const calls = Array.isArray(data.toolCalls) ? (data.toolCalls as ToolCall[]) : [];
        messages.push({
          role: "assistant",
          content: typeof data.content === "string" ? data.content : null,
          ...(calls.length ? { tool_calls: calls.map((call) => ({ id: call.id, type: "function" as const, function: { name: call.name, arguments: call.arguments } })) } : {}),
        });
        pending = [...calls];
      }
    }
    if (step.kind === "tool_call") toolCalls += 1;
    if (step.kind === "tool_result") {
      messages.push({ role: "tool", tool_call_id: String(data.callId ?? ""), content: String(data.sent ?? "") });
      pending = pending.filter((call) => call.id !== data.callId);
    }
  }
  return { messages, pending, steps: modelCalls + toolCalls };
};

/** Working seconds so far: since the claim, without the time spent awaiting decisions. */
const workingSeconds = (claimedAt: Date, approvals: { requestedAt: Date; decidedAt: Date | null }[], now: Date) => {
  const waited = approvals.reduce((sum, approval) => sum + ((approval.decidedAt ?? now).getTime() - approval.requestedAt.getTime()), 0);
  return Math.max(0, (now.getTime() - claimedAt.getTime() - waited) / 1_000);
};

const parseArguments = (raw: string): { ok: true; value: unknown } | { ok: false; message: string } => {
  if (raw.trim() === "") return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch (error) {
    return { ok: false, message: `The arguments are not valid JSON (${error instanceof Error ? error.message : "unreadable"}); call the tool again with a JSON object.` };
  }
};

const handoffTool = (roles: string[]): ChatTool => ({
  type: "function",
  function: {
    name: HANDOFF_TOOL,
    description: "Hand a part of your task to another member of your squad: a new task, assigned to the squad (or syndicate) your task is assigned to, claimed by the member whose roles fit best. Answers the new task; look it up later with getTask.",
    parameters: {
      type: "object",
      properties: {
        description: { type: "string", description: "What the other member is to do (self-contained: they do not see your conversation)" },
        requiredRole: { type: "string", description: `The role the member needs${roles.length ? ` (e.g. ${roles.join(", ")})` : ""}` },
        requiredSkills: { type: "array", items: { type: "string" }, description: "Skills the member needs" },
      },
      required: ["description"],
      additionalProperties: false,
    },
  },
});

const asChatTool = (tool: ToolSpec): ChatTool => ({
  type: "function",
  function: { name: tool.name, description: tool.description.slice(0, 1_000), parameters: tool.inputSchema },
});

/** Works hosted run `runId` until it finishes, pauses for a decision or is stopped. */
export const workHostedRun = async (runId: string, signal: AbortSignal): Promise<HostedOutcome> => {
  const config = enginesConfig();
  const run = await prisma.agentRun.findUnique({
    where: { id: runId },
    select: {
      id: true,
      status: true,
      agentId: true,
      engineId: true,
      claimedAt: true,
      tokens: true,
      cost: true,
      task: { select: { id: true, description: true, notes: true, priority: true, dueDate: true, requiredRole: true, requiredSkills: true, entityType: true, entityId: true } },
      agent: { select: { id: true, name: true, specialization: true, approvalPolicy: true, roles: { select: { roleName: true, skills: true }, orderBy: { position: "asc" } } } },
    },
  });
  if (!run || run.status !== "running") return run?.status === "awaiting_approval" ? "paused" : "stopped";
  const agentId = run.agentId;
  const fail = async (errorClass: string, message: string): Promise<HostedOutcome> => {
    await appendSteps(runId, agentId, [{ kind: "error", text: message, data: { errorClass } }]).catch(() => undefined);
    await finishRun(runId, agentId, { status: "failed", errorClass, message });
    return "finished";
  };
  const engine = run.engineId ? await findEngineRow(run.engineId) : null;
  if (!engine) return fail("EngineRemoved", "The engine this run was started on has been removed.");
  let apiKey: string | null = null;
  try {
    apiKey = engine.apiKeySealed === null ? null : await openKey(engine.apiKeySealed);
  } catch (error) {
    return fail("EngineKeyUnreadable", error instanceof Error ? error.message : String(error));
  }

  const roleNames = [...new Set(run.agent.roles.map((role) => role.roleName))];
  const principal: Principal = {
    kind: "agent",
    // A hosted agent acts for nobody in particular: what an operation keeps per caller (linked
    // wallets, address book) it keeps under the agent's own name.
    userId: `agent:${agentId}`,
    email: `agent:${agentId}`,
    role: "viewer",
    agent: { id: agentId, credentialId: "hosted", roles: roleNames },
  };
  const tools = toolbox().toolsFor(roleNames);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const canHandOff = run.task.entityType === "Squad" || run.task.entityType === "Syndicate";
  const chatTools = [...tools.map(asChatTool), ...(canHandOff ? [handoffTool(roleNames)] : [])];
  const policy = run.agent.approvalPolicy as ApprovalPolicy;
  const limits = limitsFor(engine, config);
  const prices = { input: engine.inputPricePerMTok, output: engine.outputPricePerMTok };
  const endpoint = { baseUrl: engine.baseUrl, model: engine.model, apiKey, timeoutMs: config.ENGINE_TIMEOUT_MS, maxRetries: config.ENGINE_MAX_RETRIES };

  const append = async (steps: TStepInput[]) => {
    const answer = await appendSteps(runId, agentId, steps);
    if (answer.dropped > 0) throw new TraceFull();
  };

  const existing = await prisma.runStep.count({ where: { runId } });
  if (existing === 0) {
    const task = { ...run.task, dueDate: run.task.dueDate?.toISOString() ?? null };
    await append([
      { kind: "message", text: "instructions", data: { role: "system", content: systemPrompt(run.agent, { canHandOff, approvalPolicy: policy }) } },
      { kind: "message", text: "task", data: { role: "user", content: taskPrompt(task) } },
    ]);
  }

  try {
    for (;;) {
      if (signal.aborted) return "stopped";
      const [steps, approvals, current] = await Promise.all([
        prisma.runStep.findMany({ where: { runId }, orderBy: { seq: "asc" }, select: { seq: true, kind: true, text: true, data: true, tokens: true, cost: true } }),
        prisma.runApproval.findMany({ where: { runId }, orderBy: { requestedAt: "asc" }, select: { id: true, status: true, comment: true, details: true, requestedAt: true, decidedAt: true } }),
        prisma.agentRun.findUniqueOrThrow({ where: { id: runId }, select: { status: true, tokens: true, cost: true } }),
      ]);
      // Cancelled by an operator, lost or finished elsewhere: stop without another word.
      if (current.status !== "running") return current.status === "awaiting_approval" ? "paused" : "stopped";
      const conversation = conversationOf(steps);
      const usage = { steps: conversation.steps, tokens: current.tokens, cost: current.cost, seconds: workingSeconds(run.claimedAt, approvals, new Date()) };
      const limit = reachedLimit(usage, limits);
      if (limit) return fail("LimitReached", `The run stopped: ${limit}.`);

      if (conversation.pending.length > 0) {
        const call = conversation.pending[0];
        const outcome = await callTool(call, approvals);
        if (outcome === "paused") return "paused";
        continue;
      }

      let answer;
      try {
        answer = await callModel(endpoint, { messages: conversation.messages, tools: chatTools }, signal);
      } catch (error) {
        if (signal.aborted) return "stopped";
        if (error instanceof EngineError) return fail(error.errorClass, error.message);
        throw error;
      }
      const tokens = answer.usage.inputTokens + answer.usage.outputTokens;
      const cost = costOf(answer.usage, prices);
      await append([
        {
          kind: "message",
          text: answer.content ?? (answer.toolCalls.length ? `calls ${answer.toolCalls.map((call) => call.name).join(", ")}` : "(no answer)"),
          data: { role: "assistant", content: answer.content, toolCalls: answer.toolCalls, model: engine.model, finishReason: answer.finishReason, usage: answer.usage },
          tokens,
          cost,
        },
      ]);
      if (answer.toolCalls.length === 0) {
        const summary = (answer.content ?? "").trim() || "The model finished without an answer.";
        await finishRun(runId, agentId, { status: "completed", summary: summary.slice(0, 4_000), data: { model: engine.model, engine: engine.name } });
        return "finished";
      }
    }
  } catch (error) {
    if (error instanceof TraceFull) return fail("TraceFull", "The run's trace reached its bound (RUN_MAX_STEPS or RUN_MAX_TRACE_BYTES); the run stopped.");
    throw error;
  }

  /** One pending tool call: approved, rejected, refused or run; "paused" when it waits for a person. */
  async function callTool(call: ToolCall, approvals: ApprovalRow[]): Promise<"done" | "paused"> {
    const spec = byName.get(call.name);
    const isHandoff = call.name === HANDOFF_TOOL && canHandOff;
    const parsed = parseArguments(call.arguments);
    const result = async (status: number, body: unknown) => {
      const sent = boundText(typeof body === "string" ? body : JSON.stringify(body), config.HOSTED_TOOL_RESULT_BYTES);
      await append([
        {
          kind: "tool_result",
          text: `${call.name} → ${status}`,
          // `sent` is what the model reads (bounded); the answer itself is kept when it fits the same bound.
          data: { callId: call.id, name: call.name, status, ok: status < 400, ...(sent.truncated ? {} : { result: body }), truncated: sent.truncated, bytes: sent.bytes, sent: sent.text },
        },
      ]);
      await recordHeartbeat(runId, agentId);
    };
    const record = () =>
      append([{ kind: "tool_call", text: call.name, data: { callId: call.id, name: call.name, arguments: parsed.ok ? parsed.value : call.arguments, write: spec?.write ?? isHandoff } }]);

    if (!spec && !isHandoff) {
      await record();
      await result(404, { title: "Unknown tool", status: 404, detail: `There is no tool '${call.name}' for this agent; call one of the tools offered.` });
      return "done";
    }
    if (!parsed.ok) {
      await record();
      await result(400, { title: "Bad arguments", status: 400, detail: parsed.message });
      return "done";
    }
    const write = spec?.write ?? true;
    if (needsApproval(policy, { write })) {
      const decided = approvals.find((approval) => asRecord(approval.details).callId === call.id);
      if (!decided || decided.status === "pending") {
        if (!decided) {
          await record();
          await requestApproval(runId, agentId, {
            summary: `${call.name}${spec ? ` (${spec.method} ${spec.path})` : ""}: ${call.arguments.slice(0, 300)}`,
            tool: call.name,
            details: { callId: call.id, arguments: parsed.value },
          });
        }
        return "paused";
      }
      if (decided.status !== "approved") {
        await result(403, { title: "Rejected", status: 403, detail: `A person ${decided.status === "rejected" ? "rejected" : "did not approve"} this call${decided.comment ? `: ${decided.comment}` : ""}. Go on without it.` });
        return "done";
      }
    } else {
      await record();
    }
    if (isHandoff) {
      const body = await handOff(parsed.value);
      await result(body.status, body.body);
      return "done";
    }
    const answer = await toolbox().call(principal, call.name, parsed.value, signal);
    await result(answer.status, answer.body);
    return "done";
  }

  async function handOff(args: unknown): Promise<{ status: number; body: unknown }> {
    const input = asRecord(args);
    const description = typeof input.description === "string" ? input.description.trim() : "";
    if (!description) return { status: 400, body: { title: "Bad arguments", status: 400, detail: "description: required, the work to hand off" } };
    const requiredSkills = Array.isArray(input.requiredSkills) ? input.requiredSkills.filter((skill): skill is string => typeof skill === "string").slice(0, 20) : undefined;
    const id = `${run!.task.id}-h${Date.now().toString(36)}`.slice(0, 64);
    try {
      const task = await assignTask(
        {
          id,
          description: description.slice(0, 2_000),
          status: "assigned",
          assignedEntity: { type: run!.task.entityType as "Squad" | "Syndicate", id: run!.task.entityId! },
          metadata: {
            notes: `Handed off by ${run!.agent.name} (run ${runId}, task ${run!.task.id}).`,
            ...(typeof input.requiredRole === "string" && input.requiredRole.trim() ? { requiredRole: input.requiredRole.trim().slice(0, 64) } : {}),
            ...(requiredSkills?.length ? { requiredSkills } : {}),
          },
        },
        { parentRunId: runId },
      );
      await append([{ kind: "log", text: `handed off task ${task.id}`, data: { childTaskId: task.id } }]);
      return { status: 201, body: task };
    } catch (error) {
      return { status: 409, body: { title: "Hand-off refused", status: 409, detail: error instanceof Error ? error.message : String(error) } };
    }
  }
};

class TraceFull extends Error {}
