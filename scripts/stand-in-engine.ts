// npm run engine:stand-in -- [--port 11500]
//
// A stand-in engine (docs/agents.md, "Quick start"): an OpenAI-compatible chat-completions server
// that needs no model and no network, so hosted agents can be tried on any machine. It is not a
// language model: it follows a fixed plan that shows the hosted loop end to end. Given a task that
// names a wallet address (0x…) and offered the wallet tools, it
//   1. calls listWalletApprovals for that address (a read),
//   2. calls linkWallet to watch the address (a write: under the default policy a person approves it),
//   3. answers with a summary of what the tools said — which completes the task.
// Any other task gets a plain answer. Usage is counted as a real server would (tokens ≈ characters/4).
// Configure it in Settings → Engines with base URL http://127.0.0.1:<port>/v1, any model name and no key.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { port: { type: "string", default: "11500" } } });
const port = Number(values.port);

type Message = { role: string; content?: string | null; name?: string; tool_call_id?: string; tool_calls?: { function: { name: string; arguments: string } }[] };
type Request = { model: string; messages: Message[]; tools?: { function: { name: string } }[] };

const ADDRESS = /0x[0-9a-fA-F]{40}/;

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });

/** The next step of the plan: a tool call, or the final answer. */
const plan = (body: Request): { toolCall?: { name: string; arguments: unknown }; content?: string } => {
  const offered = new Set((body.tools ?? []).map((tool) => tool.function.name));
  const task = body.messages.find((message) => message.role === "user")?.content ?? "";
  const address = task.match(ADDRESS)?.[0]?.toLowerCase();
  const called = body.messages.flatMap((message) => message.tool_calls?.map((call) => call.function.name) ?? []);
  const results = body.messages.filter((message) => message.role === "tool").map((message) => message.content ?? "");
  if (address && offered.has("listWalletApprovals") && !called.includes("listWalletApprovals")) {
    return { toolCall: { name: "listWalletApprovals", arguments: { address } } };
  }
  if (address && offered.has("linkWallet") && !called.includes("linkWallet")) {
    return { toolCall: { name: "linkWallet", arguments: { body: { address, label: "Watched by an agent" } } } };
  }
  if (!address) return { content: `Done: ${task.split("\n")[0].slice(0, 200)}` };
  let approvals = "could not be read";
  try {
    const answer = JSON.parse(results[0] ?? "") as { approvals?: unknown[]; totalValueAtRiskUsd?: number; coverage?: { status?: string } };
    if (Array.isArray(answer.approvals)) {
      approvals = `${answer.approvals.length} open approval(s), ${answer.totalValueAtRiskUsd ?? 0} USD at risk (coverage: ${answer.coverage?.status ?? "unknown"})`;
    }
  } catch {
    // A problem or a cut answer: said as such below.
  }
  const linked = results[1]?.includes('"title"') ? `not linked (${results[1].slice(0, 120)})` : "linked for watching";
  return { content: `Wallet ${address}: ${approvals}; ${linked}.` };
};

let sequence = 0;

const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  if (request.method !== "POST" || !request.url?.endsWith("/chat/completions")) return send(404, { error: { message: "Only POST /v1/chat/completions is served." } });
  let body: Request;
  try {
    body = JSON.parse(await read(request)) as Request;
  } catch {
    return send(400, { error: { message: "The body is not JSON." } });
  }
  const next = plan(body);
  const id = `call_${++sequence}`;
  const prompt = Math.ceil(JSON.stringify(body.messages).length / 4);
  const completion = Math.ceil(JSON.stringify(next).length / 4);
  send(200, {
    id: `chatcmpl-${sequence}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: next.content ?? null,
          ...(next.toolCall ? { tool_calls: [{ id, type: "function", function: { name: next.toolCall.name, arguments: JSON.stringify(next.toolCall.arguments) } }] } : {}),
        },
        finish_reason: next.toolCall ? "tool_calls" : "stop",
      },
    ],
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  });
});

server.listen(port, "127.0.0.1", () => console.log(`Stand-in engine on http://127.0.0.1:${port}/v1 (not a model: a fixed plan; Ctrl-C stops it)`));
const stop = () => server.close(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
