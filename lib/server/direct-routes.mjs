// Direct dispatch of API requests to the app's route handlers, for the production server
// (server.mjs). The route handlers under app/ stay the one definition of every endpoint, and
// Next.js builds them as always; what this skips is Next's per-request machinery around them
// (routing through its router server, the request and response adapters over web streams, the
// async-storage scopes that pages need and route handlers here never read). Measured on the API's
// small reads, that machinery costs more than the whole answer (docs/performance.md, decision 20).
//
// A request comes here only when the answer is certain to be the one Next.js would give:
// - the build has no rewrites, no custom redirects, no base path, no i18n, and header rules without
//   conditions (else dispatch is off for the whole process);
// - the path is plain: no percent-encoding (the proxy, proxy.ts, handles those), no backslash,
//   no repeated or trailing slash (Next answers those with a redirect), no dot segment;
// - it matches, by Next's own route table and order (routes-manifest.json), an app route handler
//   that is neither a catch-all nor prerendered, and that exports the method (GET, POST, PUT,
//   PATCH or DELETE: HEAD and OPTIONS, which Next implements itself, stay with Next);
// - no proxy matcher applies to the path.
// Everything else goes to Next.js unchanged. DIRECT_ROUTES=off turns dispatch off.
//
// What Next adds to a route handler's answer is added here the same way: the header rules of
// next.config.mjs, the Vary header of app routes, and compression (Next's own compression
// middleware, so the same encodings and thresholds; for a request without Accept-Encoding only
// the Vary it would add). The handler gets a web Request with the
// URL Next would build (the server's own host and port), the headers as Next copies them, the
// body as a stream, and a signal aborted when the client goes away; its params as a promise. A
// body the handler leaves unread is drained after the answer (DRAIN_LIMIT), as Next does.
import { readFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
// The Vary header Next sets on every app route's answer (base-server's app-path handling).
const APP_VARY = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch";

// Where the route wrapper's JSON answers hold their text (lib/http/body-text.ts).
const BODY_TEXT = Symbol.for("syndicate.responseBodyText");

const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/;

// A request body the handler left unread (a 413 on its declared length, a 401 before it) is read
// to its end and dropped once the answer is out, as Next does, so that the connection can carry
// the next request; past DRAIN_LIMIT bytes the connection is closed instead.
const DRAIN_LIMIT = 8 * 1024 * 1024;

const drain = (request) => {
  if (request.complete || request.destroyed) return;
  let left = DRAIN_LIMIT;
  request.removeAllListeners("data");
  request.on("data", (chunk) => {
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
const bodyStream = (request) => {
  let open = true;
  return new ReadableStream(
    {
      start(controller) {
        request.on("data", (chunk) => {
          if (!open) return;
          // A copy, as Readable.toWeb makes: the chunk's memory may be a pool's.
          controller.enqueue(new Uint8Array(chunk));
          if (controller.desiredSize <= 0) request.pause();
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
export const whenWritable = (response) =>
  new Promise((resolve) => {
    if (response.destroyed || response.writableEnded) return resolve();
    const go = () => {
      response.off("drain", go).off("close", go);
      resolve();
    };
    response.on("drain", go).on("close", go);
  });

/** Adds `field` to the response's Vary header unless it is there already or Vary is "*". */
const varyOn = (response, field) => {
  const current = String(response.getHeader("vary") ?? "");
  const fields = current.split(",").map((one) => one.trim().toLowerCase());
  if (fields.includes("*") || fields.includes(field.toLowerCase())) return;
  response.setHeader("Vary", current ? `${current}, ${field}` : field);
};

const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

/** Why dispatch cannot be trusted with this build, or null when it can. */
const unsupported = (routes) => {
  if (routes.basePath) return "a base path is configured";
  if (routes.i18n) return "i18n routing is configured";
  const rewrites = routes.rewrites ?? {};
  const rewriteCount = Array.isArray(rewrites) ? rewrites.length : (rewrites.beforeFiles?.length ?? 0) + (rewrites.afterFiles?.length ?? 0) + (rewrites.fallback?.length ?? 0);
  if (rewriteCount > 0) return "rewrites are configured";
  if ((routes.redirects ?? []).some((redirect) => !redirect.internal)) return "redirects are configured";
  if ((routes.headers ?? []).some((rule) => rule.has || rule.missing)) return "a header rule has conditions";
  return null;
};

const isCatchAll = (page) => page.split("/").some((segment) => segment.startsWith("[..."));

// The path shapes Next answers with a redirect or normalises first, and encoded paths (the proxy's).
const PLAIN_PATH = /^\/(?:[^/%\\]+\/)*[^/%\\]+$/;
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;

/**
 * The dispatcher for the build in `distDir`, or `{ dispatch: null, reason }` when this build cannot
 * be dispatched directly. `dispatch(request, response)` answers the route's page (its template,
 * "/api/agents/[agentId]/details") when it took the request, else null.
 */
export const createDirectRoutes = ({ distDir, hostname, port }) => {
  const routesManifest = readJson(path.join(distDir, "routes-manifest.json"));
  const reason = unsupported(routesManifest);
  if (reason) return { dispatch: null, reason };

  // Route files by their page ("/api/agents/[agentId]/details"), for app route handlers only.
  const appPaths = readJson(path.join(distDir, "server", "app-paths-manifest.json"));
  const appPathRoutes = readJson(path.join(distDir, "app-path-routes-manifest.json"));
  const prerenderFile = path.join(distDir, "prerender-manifest.json");
  const prerendered = new Set(existsSync(prerenderFile) ? Object.keys(readJson(prerenderFile).routes ?? {}) : []);
  const routeFiles = new Map();
  for (const [entry, page] of Object.entries(appPathRoutes)) {
    if (!entry.endsWith("/route") || isCatchAll(page) || prerendered.has(page)) continue;
    routeFiles.set(page, path.join(distDir, "server", appPaths[entry]));
  }

  // The proxy's matchers: a path any of them matches goes to Next.
  const proxyMatchers = [];
  const functionsFile = path.join(distDir, "server", "functions-config-manifest.json");
  if (existsSync(functionsFile)) {
    for (const fn of Object.values(readJson(functionsFile).functions ?? {})) for (const matcher of fn.matchers ?? []) proxyMatchers.push(new RegExp(matcher.regexp));
  }
  const edge = readJson(path.join(distDir, "server", "middleware-manifest.json"));
  for (const middleware of Object.values(edge.middleware ?? {})) for (const matcher of middleware.matchers ?? []) proxyMatchers.push(new RegExp(matcher.regexp));

  const staticPages = new Set(routesManifest.staticRoutes.map((route) => route.page));
  // Each dynamic route's params by position: the page's own [segment] names, in order, for the
  // regex's groups (catch-alls never get here).
  const dynamicRoutes = routesManifest.dynamicRoutes.map((route) => ({
    page: route.page,
    regex: new RegExp(route.regex),
    names: route.page.split("/").flatMap((segment) => (/^\[[^.[\]]+\]$/.test(segment) ? [segment.slice(1, -1)] : [])),
  }));
  const headerRules = (routesManifest.headers ?? []).map((rule) => ({ regex: new RegExp(rule.regex), headers: rule.headers }));

  /** The page a path resolves to in Next's order (static first, then dynamic in the manifest's order), with its params. */
  const resolve = (pathname) => {
    if (staticPages.has(pathname)) return { page: pathname, params: {} };
    for (const route of dynamicRoutes) {
      const match = route.regex.exec(pathname);
      if (!match) continue;
      const params = {};
      route.names.forEach((name, index) => (params[name] = match[index + 1]));
      return { page: route.page, params };
    }
    return null;
  };

  const modules = new Map();
  /** The route module's handler for `method`, loaded once per page; null when it exports none. */
  const handlerOf = async (page, method) => {
    let loaded = modules.get(page);
    if (!loaded) {
      loaded = (async () => {
        const { routeModule } = require(routeFiles.get(page));
        await routeModule.ensureUserland();
        return routeModule.userland;
      })().catch((error) => {
        // Said once (the caller logs it); from then on Next.js answers this route.
        modules.set(page, Promise.resolve({}));
        throw error;
      });
      modules.set(page, loaded);
    }
    const userland = await loaded;
    return typeof userland[method] === "function" ? userland[method] : null;
  };

  const compression = require("next/dist/compiled/compression");
  const compress = compression();
  // Without an Accept-Encoding header nothing is compressed (only identity is acceptable); all the
  // middleware would do then is add Vary: Accept-Encoding where it could have compressed (a
  // compressible type, no Cache-Control: no-transform). That, done here, spares its per-request work.
  const compressible = compression.filter;
  const host = hostname.includes(":") ? `[${hostname}]` : hostname;

  /** The request's route and handler when this dispatcher answers it, else null. */
  const route = async (request) => {
    if (!METHODS.has(request.method)) return null;
    const raw = request.url ?? "";
    const query = raw.indexOf("?");
    const pathname = query === -1 ? raw : raw.slice(0, query);
    if (!PLAIN_PATH.test(pathname) || DOT_SEGMENT.test(pathname)) return null;
    if (proxyMatchers.some((matcher) => matcher.test(pathname))) return null;
    const resolved = resolve(pathname);
    if (!resolved || !routeFiles.has(resolved.page)) return null;
    const handler = await handlerOf(resolved.page, request.method);
    return handler ? { handler, params: resolved.params, pathname, page: resolved.page } : null;
  };

  const dispatch = async (request, response) => {
    const found = await route(request);
    if (!found) return null;

    // As Next copies them: every value of a repeated header appended (Node joins most of them
    // already; the object is handed over as is when none is left as a list).
    let headers = request.headers;
    if (Object.values(headers).some(Array.isArray)) {
      headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (Array.isArray(value)) for (const one of value) headers.append(name, one);
        else if (value !== undefined) headers.append(name, value);
      }
    }
    const encrypted = Boolean(request.socket?.encrypted) || (request.headers["x-forwarded-proto"] ?? "").includes("https");
    const url = `${encrypted ? "https" : "http"}://${host}:${port}${request.url}`;
    const aborted = new AbortController();
    response.once("close", () => {
      if (!response.writableFinished) aborted.abort();
    });
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    if (hasBody) response.once("finish", () => drain(request));
    const webRequest = new Request(url, {
      method: request.method,
      headers,
      signal: aborted.signal,
      ...(hasBody ? { body: bodyStream(request), duplex: "half" } : {}),
    });

    const negotiates = request.headers["accept-encoding"] !== undefined;
    if (negotiates) compress(request, response, () => {});
    for (const rule of headerRules) if (rule.regex.test(found.pathname)) for (const { key, value } of rule.headers) response.setHeader(key, value);
    response.setHeader("Vary", APP_VARY);

    let answer;
    try {
      answer = await found.handler(webRequest, { params: Promise.resolve(found.params) });
    } catch (error) {
      console.error(error);
      if (!response.headersSent) {
        response.statusCode = 500;
        response.setHeader("content-type", "application/problem+json");
        response.end(JSON.stringify({ type: "about:blank", title: "Internal Server Error", status: 500 }));
      } else response.destroy();
      return found.page;
    }
    response.statusCode = answer.status;
    if (answer.statusText) response.statusMessage = answer.statusText;
    for (const [name, value] of answer.headers) if (name !== "set-cookie") response.setHeader(name, value);
    const cookies = answer.headers.getSetCookie();
    if (cookies.length) response.setHeader("set-cookie", cookies);
    if (!negotiates && compressible(request, response) && !NO_TRANSFORM.test(String(response.getHeader("cache-control") ?? ""))) varyOn(response, "Accept-Encoding");
    // A JSON answer of the route wrapper (lib/http/body-text.ts): its text as is, in one write
    // (corked with the headers and the end). Written before the end, as Next streams it, so that
    // compression decides as it does under Next (an end with the text would leave small bodies
    // uncompressed where Next compresses them).
    const text = answer[BODY_TEXT];
    if (text !== undefined) {
      response.cork();
      response.write(text);
      response.end();
      response.uncork();
      return found.page;
    }
    if (!answer.body) {
      response.end();
      return found.page;
    }
    const reader = answer.body.getReader();
    aborted.signal.addEventListener("abort", () => void reader.cancel().catch(() => {}), { once: true });
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        const flowing = response.write(chunk.value);
        // Through compression, each chunk goes out as it comes (an event stream), as Next does.
        response.flush?.();
        if (!flowing) await whenWritable(response);
        if (aborted.signal.aborted) break;
      }
      response.end();
    } catch {
      // The client went away or the body failed mid-stream: nothing more can be sent.
      response.destroy();
    }
    return found.page;
  };

  return { dispatch, reason: null };
};
