// A hosted run's limits (docs/agents.md, "Limits"): steps (model calls and tool calls), tokens,
// cost and working seconds. The engine's own limits win over the defaults; a run that reaches one
// fails, naming it.
export type RunLimits = { maxSteps: number; maxTokens: number; maxCost: number | null; maxRunSeconds: number };

export type RunUsage = { steps: number; tokens: number; cost: number; seconds: number };

export const limitsFor = (
  engine: { maxSteps: number | null; maxTokens: number | null; maxCost: number | null; maxRunSeconds: number | null },
  defaults: { HOSTED_MAX_STEPS: number; HOSTED_MAX_TOKENS: number; HOSTED_MAX_COST?: number; HOSTED_MAX_RUN_SECONDS: number },
): RunLimits => ({
  maxSteps: engine.maxSteps ?? defaults.HOSTED_MAX_STEPS,
  maxTokens: engine.maxTokens ?? defaults.HOSTED_MAX_TOKENS,
  maxCost: engine.maxCost ?? defaults.HOSTED_MAX_COST ?? null,
  maxRunSeconds: engine.maxRunSeconds ?? defaults.HOSTED_MAX_RUN_SECONDS,
});

/** The limit `usage` has reached, in words, or null while every one holds. */
export const reachedLimit = (usage: RunUsage, limits: RunLimits): string | null => {
  if (usage.steps >= limits.maxSteps) return `step limit reached: ${usage.steps} of ${limits.maxSteps} model and tool calls`;
  if (usage.tokens >= limits.maxTokens) return `token limit reached: ${usage.tokens} of ${limits.maxTokens} tokens`;
  if (limits.maxCost !== null && usage.cost >= limits.maxCost) return `cost limit reached: ${round(usage.cost)} of ${limits.maxCost}`;
  if (usage.seconds >= limits.maxRunSeconds) return `time limit reached: ${Math.round(usage.seconds)} of ${limits.maxRunSeconds} working seconds`;
  return null;
};

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** What a model call cost at the engine's prices per million tokens. */
export const costOf = (usage: { inputTokens: number; outputTokens: number }, prices: { input: number; output: number }) =>
  round((usage.inputTokens * prices.input + usage.outputTokens * prices.output) / 1_000_000);
