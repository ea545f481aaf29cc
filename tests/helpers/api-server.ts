// The API's route table served over real HTTP on a free local port, in the test's own process (and so
// on the test's database): for clients that speak HTTP, such as the agent SDK. Requests go through
// the same route handlers as Next's route files; every answer is held to the document as call() does.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { resolveApiPath } from "../../lib/api/table";
import { operationOf } from "../../lib/http";
import { contractBreach } from "./contract";

export type ApiServer = { url: string; close: () => Promise<void>; breaches: string[] };

const toRequest = (incoming: IncomingMessage, base: string, signal: AbortSignal) => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
  const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
  return new Request(new URL(incoming.url ?? "/", base), {
    method: incoming.method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(incoming) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
};

export const startApiServer = async (): Promise<ApiServer> => {
  const breaches: string[] = [];
  let base = "";
  const server = createServer(async (incoming, outgoing) => {
    const hangUp = new AbortController();
    outgoing.once("close", () => hangUp.abort());
    const pathname = new URL(incoming.url ?? "/", base).pathname;
    const resolved = resolveApiPath(pathname);
    if (!resolved) {
      outgoing.writeHead(404, { "content-type": "application/problem+json" }).end(JSON.stringify({ title: "Not Found", status: 404 }));
      return;
    }
    const handler = resolved.methods[incoming.method as keyof typeof resolved.methods];
    const response = await handler(toRequest(incoming, base, hangUp.signal), { params: Promise.resolve(resolved.params) });
    const text = await response.text();
    const operation = operationOf(handler);
    const breach = operation ? contractBreach(operation, response.status, response.headers.get("content-type"), text) : null;
    if (breach) breaches.push(`${incoming.method} ${pathname}: ${breach}`);
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    breaches,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
