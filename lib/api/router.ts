// The production server's router (server.mjs): API requests answered straight from the API table
// (table.ts), without Next's per-request machinery (its router server, the request and response
// adapters over web streams, the async-storage scopes that pages need and these handlers never
// read). Measured on the API's small reads, that machinery costs more than the whole answer
// (docs/performance.md, decisions 17 and 20). The handlers are the ones Next.js serves for the
// same paths: the route files under app/ export them from the same table.
//
// It reads nothing of Next's build and loads nothing of Next's code. instrumentation.ts (Next's
// public start-up hook) publishes the loader of this module on globalThis, so that it shares the
// module instances of the job worker and the shutdown hooks; server.mjs creates the router after
// `app.prepare()` with the public configuration of next.config.mjs.
//
// A request comes here only when the answer is certain to be the one Next.js would give:
// - the configuration has no base path, i18n, trailing slashes, rewrites, redirects or
//   X-Powered-By, and its header rules are the ones of lib/server/security-headers.mjs (else the
//   router is off for the whole process, and says why);
// - the path is plain: no percent-encoding (the proxy, proxy.ts, matches exactly those paths), no
//   backslash, no empty (repeated or trailing slash: Next redirects) or dot segment;
// - it matches a path of the table, static paths first, then the templates in Next's order (a
//   test checks that no page or other route file of app/ would take such a path first);
// - the method is GET, POST, PUT, PATCH or DELETE (HEAD and OPTIONS, which Next implements
//   itself, stay with Next). A method the path lacks is the table's 405 problem, as under Next;
//   so is any other method on an API path (TRACE, CONNECT, a made-up one), where Next would answer
//   an undocumented 501.
// Everything else goes to Next.js unchanged.
//
// What Next adds to a route handler's answer is added here the same way: the header rules, the
// Vary header of app routes, and compression (the `compression` package, the middleware Next
// itself runs, held to the encodings Next's copy offers: gzip and deflate). The handler gets a web
// Request with the URL Next would build (the server's own host and port), the headers as Next
// copies them, the body as a stream, and a signal aborted when the client goes away; its params as
// a promise. A body the handler leaves unread is drained after the answer (DRAIN_LIMIT), as Next
// does.
import type { IncomingMessage, ServerResponse } from "node:http";
import compression from "compression";
import type { NextConfig } from "next";
import { HEADER_RULES, SECURITY_HEADERS } from "../server/security-headers.mjs";
import { BODY_TEXT } from "../http/body-text";
import type { HttpMethod } from "../core/operation";
import { operationOf, refuseMethod, type RouteHandler } from "../http";
import { resolveApiPath } from "./table";

const METHODS = new Set<string>(["GET", "POST", "PUT", "PATCH", "DELETE"] satisfies HttpMethod[]);
// The Vary header Next sets on every app route's answer.
const APP_VARY = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch";

// The 405 for a method outside the five, naming the ones the path has.
const otherMethod = (path: string, handlers: Record<HttpMethod, RouteHandler>, method: string) => {
  const allow = [...METHODS].filter((name) => operationOf(handlers[name as HttpMethod]) !== undefined).join(", ");
  return refuseMethod(allow, path, method);
};

const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/;

// A request body the handler left unread (a 413 on its declared length, a 401 before it) is read
// to its end and dropped once the answer is out, as Next does, so that the connection can carry
// the next request; past DRAIN_LIMIT bytes the connection is closed instead.
const DRAIN_LIMIT = 8 * 1024 * 1024;

const drain = (request: IncomingMessage) => {
  if (request.complete || request.destroyed) return;
  let left = DRAIN_LIMIT;
  request.removeAllListeners("data");
  request.on("data", (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) request.socket?.destroy();
  });
  request.resume();
};

/**
 * The request's body as a web stream, read as the handler pulls it. Cancelling it (the body
 * reader does at the limit) stops the reading without destroying the request: the rest is
 * drained after the answer, not reset under the client.
 */
const bodyStream = (request: IncomingMessage) => {
  let open = true;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        request.on("data", (chunk: Buffer) => {
          if (!open) return;
          // A copy, as Readable.toWeb makes: the chunk's memory may be a pool's.
          controller.enqueue(new Uint8Array(chunk));
          if ((controller.desiredSize ?? 0) <= 0) request.pause();
        });
        request.once("end", () => {
          if (open) controller.close();
          open = false;
        });
        // Kept for the request's life (not once): an error event with no listener would throw.
        request.on("error", (error) => {
          if (open) controller.error(error);
          open = false;
        });
        request.once("aborted", () => {
          if (open) controller.error(new Error("The client went away before the body was sent."));
          open = false;
        });
      },
      pull() {
        request.resume();
      },
      cancel() {
        open = false;
        request.pause();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
};

/**
 * Resolves when `response` may be written again (drain) or will never be (close). Whichever comes
 * first takes both listeners off again, so a long answer (an event stream) that waits out
 * back-pressure at every write holds at most one listener of each at a time, never one per write.
 */
export const whenWritable = (response: ServerResponse) =>
  new Promise<void>((resolve) => {
    if (response.destroyed || response.writableEnded) return resolve();
    const go = () => {
      response.off("drain", go).off("close", go);
      resolve();
    };
    response.on("drain", go).on("close", go);
  });

/** Adds `field` to the response's Vary header unless it is there already or Vary is "*". */
const varyOn = (response: ServerResponse, field: string) => {
  const current = String(response.getHeader("vary") ?? "");
  const fields = current.split(",").map((one) => one.trim().toLowerCase());
  if (fields.includes("*") || fields.includes(field.toLowerCase())) return;
  response.setHeader("Vary", current ? `${current}, ${field}` : field);
};

/**
 * The Accept-Encoding the compression middleware is shown: the client's, with Brotli refused.
 * The `compression` package offers Brotli since 1.8; the copy inside Next.js does not, and the
 * router answers as Next would (gzip or deflate, by the same negotiation otherwise).
 */
export const withoutBrotli = (accept: string) =>
  [...accept.split(",").filter((coding) => coding.split(";")[0].trim().toLowerCase() !== "br"), "br;q=0"].filter((coding) => coding.trim()).join(",");

// The path shapes Next answers with a redirect or normalises first, and encoded paths (the proxy's).
const PLAIN_PATH = /^\/(?:[^/%\\]+\/)*[^/%\\]+$/;
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;

/** Why the router cannot answer as Next would under this configuration, or null when it can. */
export const unsupportedConfig = async (config: NextConfig): Promise<string | null> => {
  if (config.basePath) return "a base path is configured";
  if (config.i18n) return "i18n routing is configured";
  if (config.trailingSlash) return "trailing slashes are configured";
  if (config.skipTrailingSlashRedirect || config.skipProxyUrlNormalize) return "Next's path normalisation is configured";
  if (config.poweredByHeader !== false) return "the X-Powered-By header is on";
  const rewrites = (await config.rewrites?.()) ?? [];
  const rewriteCount = Array.isArray(rewrites) ? rewrites.length : (rewrites.beforeFiles?.length ?? 0) + (rewrites.afterFiles?.length ?? 0) + (rewrites.fallback?.length ?? 0);
  if (rewriteCount > 0) return "rewrites are configured";
  if (((await config.redirects?.()) ?? []).length > 0) return "redirects are configured";
  if (JSON.stringify((await config.headers?.()) ?? []) !== JSON.stringify(HEADER_RULES)) return "the header rules are not lib/server/security-headers.mjs's";
  return null;
};

export type RouterOptions = { hostname: string; port: number; config: NextConfig };

/**
 * `dispatch(request, response)` answers an API request from the table and resolves to its path
 * template ("/api/agents/{agentId}/details"), or is null at once when Next.js must answer it.
 */
export type Dispatch = (request: IncomingMessage, response: ServerResponse) => Promise<string> | null;

/** The router for this server, or `{ dispatch: null, reason }` when the configuration rules it out. */
export const createRouter = async ({ hostname, port, config }: RouterOptions): Promise<{ dispatch: Dispatch | null; reason: string | null }> => {
  const reason = await unsupportedConfig(config);
  if (reason) return { dispatch: null, reason };

  type Middleware = (request: unknown, response: ServerResponse, next: () => void) => void;
  const compress = config.compress === false ? null : (compression() as unknown as Middleware);
  // Without an Accept-Encoding header nothing is compressed (only identity is acceptable); all the
  // middleware would do then is add Vary: Accept-Encoding where it could have compressed (a
  // compressible type, no Cache-Control: no-transform). That, done here, spares its per-request work.
  const compressible = compression.filter as unknown as (request: IncomingMessage, response: ServerResponse) => boolean;
  const host = hostname.includes(":") ? `[${hostname}]` : hostname;

  const answer = async (request: IncomingMessage, response: ServerResponse, handler: RouteHandler, params: Record<string, string>, hasBody: boolean) => {
    // As Next copies them: every value of a repeated header appended (Node joins most of them
    // already; the object is handed over as is when none is left as a list).
    let headers: HeadersInit = request.headers as Record<string, string>;
    if (Object.values(request.headers).some(Array.isArray)) {
      const copied = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (Array.isArray(value)) for (const one of value) copied.append(name, one);
        else if (value !== undefined) copied.append(name, value);
      }
      headers = copied;
    }
    const encrypted = Boolean((request.socket as { encrypted?: boolean } | null)?.encrypted) || String(request.headers["x-forwarded-proto"] ?? "").includes("https");
    const url = `${encrypted ? "https" : "http"}://${host}:${port}${request.url}`;
    const aborted = new AbortController();
    response.once("close", () => {
      if (!response.writableFinished) aborted.abort();
    });
    if (hasBody) response.once("finish", () => drain(request));
    const webRequest = new Request(url, {
      // A method outside the five (TRACE, which a web Request refuses to carry) reaches only its 405
      // refuser, which is told the method itself (otherMethod).
      method: METHODS.has(request.method ?? "") ? request.method : "GET",
      headers,
      signal: aborted.signal,
      ...(hasBody ? { body: bodyStream(request), duplex: "half" } : {}),
    } as RequestInit);

    const accept = request.headers["accept-encoding"];
    const negotiates = compress !== null && accept !== undefined;
    if (negotiates) compress({ method: request.method, headers: { "accept-encoding": withoutBrotli(accept) } }, response, () => {});
    for (const { key, value } of SECURITY_HEADERS) response.setHeader(key, value);
    response.setHeader("Vary", APP_VARY);

    let answered: Response;
    try {
      answered = await handler(webRequest, { params: Promise.resolve(params) });
    } catch (error) {
      console.error(error);
      if (!response.headersSent) {
        response.statusCode = 500;
        response.setHeader("content-type", "application/problem+json");
        response.end(JSON.stringify({ type: "about:blank", title: "Internal Server Error", status: 500 }));
      } else response.destroy();
      return;
    }
    response.statusCode = answered.status;
    if (answered.statusText) response.statusMessage = answered.statusText;
    for (const [name, value] of answered.headers) if (name !== "set-cookie") response.setHeader(name, value);
    const cookies = answered.headers.getSetCookie();
    if (cookies.length) response.setHeader("set-cookie", cookies);
    if (compress !== null && !negotiates && compressible(request, response) && !NO_TRANSFORM.test(String(response.getHeader("cache-control") ?? ""))) {
      varyOn(response, "Accept-Encoding");
    }
    // A JSON answer of the route wrapper (lib/http/body-text.ts): its text as is, in one write
    // (corked with the headers and the end). Written before the end, as Next streams it, so that
    // compression decides as it does under Next (an end with the text would leave small bodies
    // uncompressed where Next compresses them).
    const text = (answered as Response & { [BODY_TEXT]?: string })[BODY_TEXT];
    if (text !== undefined) {
      response.cork();
      response.write(text);
      response.end();
      response.uncork();
      return;
    }
    if (!answered.body) {
      response.end();
      return;
    }
    const reader = answered.body.getReader();
    aborted.signal.addEventListener("abort", () => void reader.cancel().catch(() => {}), { once: true });
    const flushing = response as ServerResponse & { flush?: () => void };
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        const flowing = response.write(chunk.value);
        // Through compression, each chunk goes out as it comes (an event stream), as Next does.
        flushing.flush?.();
        if (!flowing) await whenWritable(response);
        if (aborted.signal.aborted) break;
      }
      response.end();
    } catch {
      // The client went away or the body failed mid-stream: nothing more can be sent.
      response.destroy();
    }
  };

  const dispatch: Dispatch = (request, response) => {
    const method = request.method ?? "";
    if (method === "HEAD" || method === "OPTIONS") return null;
    const raw = request.url ?? "";
    const query = raw.indexOf("?");
    const pathname = query === -1 ? raw : raw.slice(0, query);
    if (!PLAIN_PATH.test(pathname) || DOT_SEGMENT.test(pathname)) return null;
    const found = resolveApiPath(pathname);
    if (!found) return null;
    const handler = METHODS.has(method) ? found.methods[method as HttpMethod] : otherMethod(found.path, found.methods, method);
    return answer(request, response, handler, found.params, METHODS.has(method) && method !== "GET").then(() => found.path);
  };

  return { dispatch, reason: null };
};
