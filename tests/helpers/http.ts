// Calls a route handler as Next would: a real Request, params as a promise.
import { operationOf, type RouteHandler } from "../../lib/http";
import { contractBreach } from "./contract";

export type CallOptions = {
  params?: Record<string, string>;
  query?: Record<string, string | number | string[]>;
  /** A value to send as JSON, or a string sent as is. */
  body?: unknown;
  headers?: Record<string, string>;
  /** An API key, sent as Authorization: Bearer. */
  key?: string;
};

const firstChunk = async (response: Response) => {
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
};

export const call = async (handler: RouteHandler, method: string, path: string, options: CallOptions = {}) => {
  const url = new URL(`http://localhost${path}`);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
  }
  const headers = new Headers(options.headers);
  if (options.key) headers.set("authorization", `Bearer ${options.key}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const response = await handler(new Request(url, { method, headers, body }), {
    params: Promise.resolve(options.params ?? {}),
  });
  // An event stream never ends by itself: keep its first message, then hang up (as a client that leaves).
  const text = response.headers.get("content-type")?.startsWith("text/event-stream") ? await firstChunk(response) : await response.text();
  // Every answer is held to the document (./contract.ts); an event stream's first message is not a body.
  const operation = operationOf(handler);
  const streamed = response.headers.get("content-type")?.startsWith("text/event-stream");
  if (operation) {
    const breach = contractBreach(operation, response.status, response.headers.get("content-type"), streamed ? "" : text);
    if (breach) throw new Error(`The answer breaks the API document: ${breach}.\n${text.slice(0, 500)}`);
  }
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json: json as any };
};

/** Asserts nothing; shapes a problem body's field paths for compact expectations. */
export const errorPaths = (json: { errors?: { path: string }[] }) => (json.errors ?? []).map((error) => error.path).sort();
