// The shapes of the steps a hosted run writes (a model message, a tool call and its result, a hand-off
// log), recognised in a step's free-form data. A connected agent writes whatever data it likes: a
// step whose data is not one of these shapes is shown as it is. Client-safe.
import { z } from "zod";

const ZTokens = z.number().int().min(0);

export const ZHostedMessage = z.object({
  role: z.enum(["system", "user", "assistant"]),
  content: z.string().nullish(),
  toolCalls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.unknown() })).optional(),
  model: z.string().optional(),
  finishReason: z.string().nullish(),
  usage: z.object({ inputTokens: ZTokens, outputTokens: ZTokens }).optional(),
});
export type THostedMessage = z.infer<typeof ZHostedMessage>;

export const ZHostedToolCall = z.object({
  callId: z.string(),
  name: z.string(),
  arguments: z.unknown(),
  write: z.boolean().optional(),
});
export type THostedToolCall = z.infer<typeof ZHostedToolCall>;

export const ZHostedToolResult = z.object({
  callId: z.string(),
  name: z.string(),
  status: z.number().int(),
  ok: z.boolean(),
  result: z.unknown().optional(),
  truncated: z.boolean().optional(),
  bytes: z.number().int().min(0).optional(),
  /** What the model was sent (bounded); `result` is left out when the answer did not fit that bound. */
  sent: z.string().optional(),
});
export type THostedToolResult = z.infer<typeof ZHostedToolResult>;

export const ZHandOff = z.object({ childTaskId: z.string().min(1), childAgentId: z.string().min(1).optional() });
export type THandOff = z.infer<typeof ZHandOff>;

/** The data as `schema` reads it, or undefined when it is something else (a connected agent's own data). */
export const readAs = <T>(schema: z.ZodType<T>, data: unknown): T | undefined => {
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
};

/** A tool's arguments as the model sent them: JSON text is parsed, anything else kept as it is. */
export const parsedArguments = (value: unknown): unknown => {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};
