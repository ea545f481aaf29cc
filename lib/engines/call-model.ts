// One chat completion from an engine (docs/agents.md, "Engines"), through the official OpenAI
// client library, which speaks the protocol every OpenAI-compatible server implements and retries
// a timed-out call or a 408, 409, 429 or 5xx answer with back-off (ENGINE_MAX_RETRIES). Failures
// come back as EngineError with a class a run's error can name and a message a person can act on.
import { OpenAI } from "openai";
import type { ChatCompletionMessageParam, ChatCompletionMessageToolCall, ChatCompletionTool } from "openai/resources/chat/completions";

export type ChatMessage = ChatCompletionMessageParam;
export type ChatTool = ChatCompletionTool;
export type ChatToolCall = ChatCompletionMessageToolCall;

export type ModelEndpoint = { baseUrl: string; model: string; apiKey: string | null; timeoutMs: number; maxRetries: number };

export type ModelAnswer = {
  /** The assistant's text, if any. */
  content: string | null;
  /** Function calls it asks for (other kinds of tool call are dropped). */
  toolCalls: { id: string; name: string; arguments: string }[];
  finishReason: string | null;
  usage: { inputTokens: number; outputTokens: number };
};

export type EngineErrorClass = "EngineUnauthorized" | "EngineRateLimited" | "EngineUnavailable" | "EngineTimeout" | "EngineRefused" | "EngineBadAnswer";

export class EngineError extends Error {
  constructor(
    readonly errorClass: EngineErrorClass,
    message: string,
  ) {
    super(message);
    this.name = "EngineError";
  }
}

const describe = (error: unknown, endpoint: ModelEndpoint): EngineError => {
  if (error instanceof EngineError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) return new EngineError("EngineTimeout", `The engine did not answer within ${endpoint.timeoutMs} ms (after ${endpoint.maxRetries} retries).`);
  if (error instanceof OpenAI.APIConnectionError) return new EngineError("EngineUnavailable", `The engine at ${endpoint.baseUrl} could not be reached: ${error.message}`);
  if (error instanceof OpenAI.APIError) {
    const said = error.message.slice(0, 300);
    if (error.status === 401 || error.status === 403) return new EngineError("EngineUnauthorized", `The engine refused the API key (${error.status}): ${said}`);
    if (error.status === 429) return new EngineError("EngineRateLimited", `The engine is rate limiting (429, after ${endpoint.maxRetries} retries): ${said}`);
    if (error.status !== undefined && error.status >= 500) return new EngineError("EngineUnavailable", `The engine failed (${error.status}, after ${endpoint.maxRetries} retries): ${said}`);
    return new EngineError("EngineRefused", `The engine refused the request (${error.status ?? "no status"}): ${said}`);
  }
  if (error instanceof Error && error.name === "AbortError") throw error;
  return new EngineError("EngineBadAnswer", `The engine's answer could not be read: ${error instanceof Error ? error.message : String(error)}`);
};

/** Asks the engine for the next message of `messages`, offering `tools`. */
export const callModel = async (endpoint: ModelEndpoint, request: { messages: ChatMessage[]; tools: ChatTool[]; maxTokens?: number }, signal?: AbortSignal): Promise<ModelAnswer> => {
  const client = new OpenAI({
    // A local server (Ollama, llama.cpp) takes no key; the library wants one all the same.
    apiKey: endpoint.apiKey ?? "no-key",
    baseURL: endpoint.baseUrl,
    timeout: endpoint.timeoutMs,
    maxRetries: endpoint.maxRetries,
  });
  try {
    const completion = await client.chat.completions.create(
      {
        model: endpoint.model,
        messages: request.messages,
        ...(request.tools.length > 0 ? { tools: request.tools, tool_choice: "auto" as const } : {}),
        ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
      },
      { signal },
    );
    const choice = completion.choices?.[0];
    if (!choice?.message) throw new EngineError("EngineBadAnswer", "The engine answered without a message (no choices).");
    const toolCalls = (choice.message.tool_calls ?? []).flatMap((call) =>
      call.type === "function" && call.function ? [{ id: call.id, name: call.function.name, arguments: call.function.arguments ?? "" }] : [],
    );
    return {
      content: typeof choice.message.content === "string" ? choice.message.content : null,
      toolCalls,
      finishReason: choice.finish_reason ?? null,
      usage: { inputTokens: completion.usage?.prompt_tokens ?? 0, outputTokens: completion.usage?.completion_tokens ?? 0 },
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    throw describe(error, endpoint);
  }
};
