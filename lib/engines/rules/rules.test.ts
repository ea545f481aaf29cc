import { describe, expect, it } from "vitest";
import { needsApproval } from "./approval";
import { boundText } from "./bound";
import { costOf, limitsFor, reachedLimit } from "./limits";
import { systemPrompt, taskPrompt } from "./prompt";

const DEFAULTS = { HOSTED_MAX_STEPS: 24, HOSTED_MAX_TOKENS: 200_000, HOSTED_MAX_RUN_SECONDS: 600 };

describe("hosted run limits", () => {
  it("take the engine's own limits over the defaults, and no cost limit unless one is set", () => {
    expect(limitsFor({ maxSteps: 5, maxTokens: null, maxCost: null, maxRunSeconds: null }, DEFAULTS)).toEqual({ maxSteps: 5, maxTokens: 200_000, maxCost: null, maxRunSeconds: 600 });
    expect(limitsFor({ maxSteps: null, maxTokens: null, maxCost: null, maxRunSeconds: 30 }, { ...DEFAULTS, HOSTED_MAX_COST: 2 })).toMatchObject({ maxCost: 2, maxRunSeconds: 30 });
  });

  it("name the first limit reached, with the figures", () => {
    const limits = { maxSteps: 10, maxTokens: 1_000, maxCost: 0.5, maxRunSeconds: 60 };
    expect(reachedLimit({ steps: 9, tokens: 999, cost: 0.49, seconds: 59 }, limits)).toBeNull();
    expect(reachedLimit({ steps: 10, tokens: 0, cost: 0, seconds: 0 }, limits)).toBe("step limit reached: 10 of 10 model and tool calls");
    expect(reachedLimit({ steps: 1, tokens: 1_200, cost: 0, seconds: 0 }, limits)).toBe("token limit reached: 1200 of 1000 tokens");
    expect(reachedLimit({ steps: 1, tokens: 1, cost: 0.5, seconds: 0 }, limits)).toBe("cost limit reached: 0.5 of 0.5");
    expect(reachedLimit({ steps: 1, tokens: 1, cost: 0, seconds: 61.4 }, limits)).toBe("time limit reached: 61 of 60 working seconds");
    expect(reachedLimit({ steps: 1, tokens: 1, cost: 1e9, seconds: 0 }, { ...limits, maxCost: null })).toBeNull();
  });

  it("cost a call at the prices per million tokens", () => {
    expect(costOf({ inputTokens: 1_000_000, outputTokens: 0 }, { input: 2.5, output: 10 })).toBe(2.5);
    expect(costOf({ inputTokens: 900, outputTokens: 40 }, { input: 2, output: 10 })).toBe(0.0022);
    expect(costOf({ inputTokens: 5, outputTokens: 5 }, { input: 0, output: 0 })).toBe(0);
  });
});

describe("approval policy", () => {
  it("holds writes by default, every call under 'all', none under 'none'", () => {
    expect([needsApproval("writes", { write: true }), needsApproval("writes", { write: false })]).toEqual([true, false]);
    expect([needsApproval("all", { write: true }), needsApproval("all", { write: false })]).toEqual([true, true]);
    expect([needsApproval("none", { write: true }), needsApproval("none", { write: false })]).toEqual([false, false]);
  });
});

describe("tool answers sent back to the model", () => {
  it("pass whole within the bound", () => {
    expect(boundText('{"a":1}', 100)).toEqual({ text: '{"a":1}', truncated: false, bytes: 7 });
  });

  it("are cut at the bound on a character boundary, saying how much there was", () => {
    const text = "é".repeat(100); // 200 bytes
    const bounded = boundText(text, 51);
    expect(bounded.truncated).toBe(true);
    expect(bounded.bytes).toBe(200);
    expect(bounded.text.startsWith("é".repeat(25) + "\n")).toBe(true);
    expect(bounded.text).not.toContain("\uFFFD");
    expect(bounded.text).toContain("200 bytes, 51 shown");
  });
});

describe("the hosted agent's instructions", () => {
  const agent = { id: "a-1", name: "Sentinel", specialization: "Scout", roles: [{ roleName: "Scout", skills: ["wallets", "alerts"] }, { roleName: "Defender", skills: [] }] };

  it("say who the agent is, its roles and skills, when it is done, and what waits for approval", () => {
    const prompt = systemPrompt(agent, { canHandOff: false, approvalPolicy: "writes" });
    expect(prompt).toContain("You are Sentinel (agent a-1)");
    expect(prompt).toContain("Scout (wallets, alerts); Defender");
    expect(prompt).toContain("Tool calls that change data wait for a person's approval");
    expect(prompt).not.toContain("handoff_task");
    expect(systemPrompt(agent, { canHandOff: true, approvalPolicy: "none" })).toContain("handoff_task");
    expect(systemPrompt(agent, { canHandOff: true, approvalPolicy: "none" })).not.toContain("approval");
  });

  it("give the task with what it asks of the agent", () => {
    const text = taskPrompt({ id: "t-1", description: "check wallet 0xabc", notes: null, priority: "high", dueDate: null, requiredRole: "Scout", requiredSkills: ["wallets"] });
    expect(text.split("\n")).toEqual(["Task t-1: check wallet 0xabc", "Priority: high", "Required role: Scout", "Required skills: wallets"]);
  });
});
