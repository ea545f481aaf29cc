// A stand-in OpenAI-compatible chat-completions server for tests (docs/agents.md, "Testing hosted
// agents"): a real HTTP server on a free local port that answers POST <base>/chat/completions from a
// script — text, tool calls, errors, slow answers, malformed arguments — and keeps every request it
// got, so a test can see what the model was offered and told. Stopped with close().
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ScriptedToolCall = { name: string; arguments: unknown };

export type ScriptedReply =
  | { content?: string; toolCalls?: ScriptedToolCall[]; usage?: { prompt: number; completion: number }; delayMs?: number }
  | { status: number; error: string; delayMs?: number };

/** A reply, or a function of the request that makes one. */
export type Scripted = ScriptedReply | ((request: ModelRequest) => ScriptedReply | Promise<ScriptedReply>);

export type ModelRequest = {
  model: string;
  messages: { role: string; content?: string | null; tool_call_id?: string; tool_calls?: { id: string; function: { name: string; arguments: string } }[] }[];
  tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
  authorization: string | null;
};

export type StandInModel = {
  /** The base URL to configure an engine with (…/v1). */
  baseUrl: string;
  /** Every request received, in order. */
  requests: ModelRequest[];
  /** Adds replies to the script (answered in order; a request past the script's end gets a 500). */
  script: (...replies: Scripted[]) => void;
  close: () => Promise<void>;
};

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });

let calls = 0;

export const startStandInModel = async (): Promise<StandInModel> => {
  const queue: Scripted[] = [];
  const requests: ModelRequest[] = [];
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.method !== "POST" || !request.url?.endsWith("/chat/completions")) return send(404, { error: { message: "not found" } });
    const parsed = JSON.parse(await readBody(request)) as Omit<ModelRequest, "authorization">;
    const received: ModelRequest = { ...parsed, authorization: request.headers.authorization ?? null };
    requests.push(received);
    const next = queue.shift();
    const reply = typeof next === "function" ? await next(received) : next;
    if (!reply) return send(500, { error: { message: "the stand-in model's script has ended", type: "server_error" } });
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (response.destroyed) return;
    if ("status" in reply) return send(reply.status, { error: { message: reply.error, type: "stand_in_error" } });
    const toolCalls = (reply.toolCalls ?? []).map((call) => ({
      id: `call_${++calls}`,
      type: "function",
      function: { name: call.name, arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments) },
    }));
    send(200, {
      id: `chatcmpl-${calls}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: parsed.model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: reply.content ?? null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) },
          finish_reason: toolCalls.length ? "tool_calls" : "stop",
        },
      ],
      usage: { prompt_tokens: reply.usage?.prompt ?? 100, completion_tokens: reply.usage?.completion ?? 20, total_tokens: (reply.usage?.prompt ?? 100) + (reply.usage?.completion ?? 20) },
    });
  });
  // Idle connections stay open longer than any pause of a test (a run waiting for its approval on a
  // loaded machine): Node's default of 5 s closes them, and a client that picks such a socket just as
  // it closes gets a reset instead of an answer.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => void queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
