// The hosted agents' settings (docs/agents.md, "Engines" and "Limits"), read from the environment
// once per process. An engine's own limits, when it sets them, win over these defaults.
import { z } from "zod";
import { envSection, type EnvSource } from "../config/section";

const whole = (min: number, max: number, fallback: number, description: string) =>
  z.coerce.number().int("must be a whole number").min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).default(fallback).describe(description);

const ZEnginesEnv = z.object({
  HOSTED_MAX_STEPS: whole(1, 1_000, 24, "Model calls and tool calls one hosted run may make before it fails (an engine may set its own)"),
  HOSTED_MAX_TOKENS: whole(100, 100_000_000, 200_000, "Tokens (input and output) one hosted run may use before it fails"),
  HOSTED_MAX_COST: z.coerce.number().min(0, "must not be negative").optional().describe("Cost one hosted run may reach before it fails (unset: no cost limit)"),
  HOSTED_MAX_RUN_SECONDS: whole(5, 86_400, 600, "Working seconds one hosted run may take (time awaiting approval does not count)"),
  HOSTED_TOOL_RESULT_BYTES: whole(256, 1_048_576, 8_192, "The most of a tool's answer sent back to the model; the rest is cut, and the model is told"),
  HOSTED_RUNS_PER_AGENT: whole(1, 32, 1, "Runs one hosted agent works at the same time"),
  ENGINE_TIMEOUT_MS: whole(1_000, 600_000, 60_000, "How long one model call may take before it is given up (and retried)"),
  ENGINE_MAX_RETRIES: whole(0, 10, 2, "Retries of a model call that timed out or answered 408, 409, 429 or 5xx (with back-off)"),
  ENGINE_KEY_SECRET: z.string().min(16, "must be at least 16 characters").optional().describe("The secret engine API keys are sealed with (default: the session secret)"),
});

export type TEnginesEnv = z.infer<typeof ZEnginesEnv>;

const section = envSection("engines configuration", ZEnginesEnv);

export const readEnginesEnv = (source: EnvSource = process.env): TEnginesEnv => section.read(source);

export const enginesConfig = (): TEnginesEnv => section.get();

/** Forget the parsed settings (tests that change process.env). */
export const resetEnginesConfig = section.reset;
