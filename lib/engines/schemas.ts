// The engines area's requests and answers (docs/agents.md): engines that hosted agents run on, a
// test of one, and an agent's hosting (its engine, tools and approval policy). Client-safe.
import { z } from "zod";
import { ZEntityId } from "../core/primitives";

export const APPROVAL_POLICIES = ["writes", "all", "none"] as const;
export type TApprovalPolicy = (typeof APPROVAL_POLICIES)[number];

export const ZApprovalPolicy = z
  .enum(APPROVAL_POLICIES, { error: `must be one of ${APPROVAL_POLICIES.join(", ")}` })
  .describe("Which tool calls of a hosted agent wait for a person: writes (every tool that changes data; the default), all, or none");

const ZEngineName = z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters").describe("What agents name in aiEngine to run on it; unique");

const ZBaseUrl = z
  .string()
  .trim()
  .max(2_048, "must be at most 2048 characters")
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    // A query would land before the path the client appends (…?q=1/chat/completions).
    return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password && !url.hash && !url.search;
  }, "must be an http(s) URL without credentials, query or fragment, e.g. https://api.openai.com/v1")
  .meta({ format: "uri", pattern: "^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#@]+(/[^\\s?#]*)?$" })
  .describe("The OpenAI-compatible endpoint's base URL (its chat completions are at <baseUrl>/chat/completions)");

const ZModel = z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").describe("The model to ask, as the endpoint names it (gpt-4o-mini, llama3.1, …)");

const ZApiKeyInput = z.string().min(1, "must not be empty").max(4_096, "must be at most 4096 characters").describe("The endpoint's API key: sealed at rest, never answered again");

const ZPrice = (what: string) => z.number().min(0, "must not be negative").max(1_000_000, "must be at most 1000000").describe(`Price per million ${what} tokens`);

const limit = (max: number, what: string) => z.number().int("must be a whole number").min(1, "must be at least 1").max(max, `must be at most ${max}`).nullable().describe(what);

const ZLimits = {
  maxSteps: limit(1_000, "Model and tool calls one run may make (null: the default, HOSTED_MAX_STEPS)"),
  maxTokens: limit(100_000_000, "Tokens one run may use (null: HOSTED_MAX_TOKENS)"),
  maxCost: z.number().min(0, "must not be negative").max(1_000_000, "must be at most 1000000").nullable().describe("Cost one run may reach (null: HOSTED_MAX_COST, if set)"),
  maxRunSeconds: limit(86_400, "Working seconds one run may take (null: HOSTED_MAX_RUN_SECONDS)"),
};

export const ZCreateEngineBody = z.object({
  name: ZEngineName,
  baseUrl: ZBaseUrl,
  model: ZModel,
  apiKey: ZApiKeyInput.optional(),
  inputPricePerMillion: ZPrice("input").default(0),
  outputPricePerMillion: ZPrice("output").default(0),
  maxSteps: ZLimits.maxSteps.optional(),
  maxTokens: ZLimits.maxTokens.optional(),
  maxCost: ZLimits.maxCost.optional(),
  maxRunSeconds: ZLimits.maxRunSeconds.optional(),
});
export type TCreateEngineBody = z.infer<typeof ZCreateEngineBody>;

export const ZUpdateEngineBody = z
  .object({
    name: ZEngineName.optional(),
    baseUrl: ZBaseUrl.optional(),
    model: ZModel.optional(),
    apiKey: ZApiKeyInput.nullable().optional().describe("A new API key; null removes it; left out keeps it"),
    inputPricePerMillion: ZPrice("input").optional(),
    outputPricePerMillion: ZPrice("output").optional(),
    maxSteps: ZLimits.maxSteps.optional(),
    maxTokens: ZLimits.maxTokens.optional(),
    maxCost: ZLimits.maxCost.optional(),
    maxRunSeconds: ZLimits.maxRunSeconds.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, "must change at least one field")
  // The document says it too: an empty body is refused.
  .meta({ minProperties: 1 });
export type TUpdateEngineBody = z.infer<typeof ZUpdateEngineBody>;

export const ZEngineParams = z.object({ engineId: z.string().min(1).max(64).describe("Engine id") });

export const ZEngineTest = z.object({
  ok: z.boolean().describe("Whether the endpoint answered a chat completion"),
  testedAt: z.string().describe("ISO 8601"),
  latencyMs: z.number().int().nullable().describe("How long the answer took"),
  message: z.string().describe("What it answered, or why it failed"),
});
export type TEngineTest = z.infer<typeof ZEngineTest>;

export const ZEngine = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  model: z.string(),
  apiKey: z.object({ set: z.boolean(), hint: z.string().nullable().describe("The key's last four characters") }).describe("Whether a key is kept; the key itself is never answered"),
  inputPricePerMillion: z.number(),
  outputPricePerMillion: z.number(),
  maxSteps: z.number().int().nullable(),
  maxTokens: z.number().int().nullable(),
  maxCost: z.number().nullable(),
  maxRunSeconds: z.number().int().nullable(),
  lastTest: ZEngineTest.nullable().describe("The latest test connection"),
  agents: z.number().int().describe("Agents whose aiEngine names this engine (they are hosted on it)"),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TEngine = z.infer<typeof ZEngine>;

export const ZTool = z.object({
  name: z.string().describe("The operation id"),
  method: z.string(),
  path: z.string(),
  summary: z.string(),
  write: z.boolean().describe("Whether it changes data"),
  needsApproval: z.boolean().describe("Whether a hosted run of this agent waits for a person before calling it"),
});
export type TTool = z.infer<typeof ZTool>;

// The agents' own id rule: any agent's hosting can be addressed.
export const ZAgentHostingParams = z.object({ agentId: ZEntityId.describe("Agent id") });

export const ZAgentHosting = z.object({
  agentId: z.string(),
  aiEngine: z.string().describe("What the agent names as its engine"),
  hosted: z.boolean().describe("Whether a configured engine has that name: its work then runs inside the service"),
  engine: z.object({ id: z.string(), name: z.string(), model: z.string() }).nullable(),
  approvalPolicy: ZApprovalPolicy,
  tools: z.array(ZTool).describe("The product's operations this agent may call, by its roles"),
});
export type TAgentHosting = z.infer<typeof ZAgentHosting>;

export const ZApprovalPolicyBody = z.object({ approvalPolicy: ZApprovalPolicy });
