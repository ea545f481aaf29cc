// The production server (`npm start`, the browser tests): Next's request handler on a Node HTTP
// server of our own, so that
// - a slow client cannot hold a connection: headers must arrive within SERVER_HEADERS_TIMEOUT_MS
//   (default 10 s) and the whole request within SERVER_REQUEST_TIMEOUT_MS (default 30 s);
// - SIGTERM/SIGINT shut down gracefully: stop accepting, let in-flight requests finish within
//   SHUTDOWN_TIMEOUT_MS (default 15 s), answer requests that arrive meanwhile on open connections
//   with a 503 problem, then close the simulation pool, Redis and the database (the embedded one
//   releases its folder) once the last request has ended, and exit; no connection is reset;
// - started by scripts/start.mjs, it also shuts down when that supervisor disappears, so no
//   orphaned server keeps the embedded database's folder.
import { createServer } from "node:http";
import { Server as NetServer } from "node:net";
import next from "next";
import nextConfig from "./next.config.mjs";

const setting = (name, fallback) => {
  const value = Number(process.env[name] || fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number of milliseconds`);
  return value;
};

const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || "0.0.0.0";
const requestTimeout = setting("SERVER_REQUEST_TIMEOUT_MS", 30_000);
const headersTimeout = Math.min(setting("SERVER_HEADERS_TIMEOUT_MS", 10_000), requestTimeout);
const keepAliveTimeout = setting("SERVER_KEEP_ALIVE_TIMEOUT_MS", 5_000);
const shutdownTimeout = setting("SHUTDOWN_TIMEOUT_MS", 15_000);

const app = next({ dev: false, dir: process.cwd(), hostname, port });
await app.prepare();
const handle = app.getRequestHandler();
// API requests go straight to their route handlers, from the API table, where the answer is
// certain to be Next's (lib/api/router.ts); everything else, and every configuration the router
// cannot vouch for, to Next. instrumentation.ts publishes the router's loader at `app.prepare()`.
const loadRouter = async () => {
  if (process.env.DIRECT_ROUTES === "off") return { dispatch: null, reason: "DIRECT_ROUTES=off" };
  if (!globalThis.__syndicateRouter) return { dispatch: null, reason: "instrumentation.ts did not publish the router" };
  try {
    const { createRouter } = await globalThis.__syndicateRouter();
    return await createRouter({ hostname, port, config: nextConfig });
  } catch (error) {
    logError("direct routes: the router failed to load; Next.js answers every request", error);
    return { dispatch: null, reason: "the router failed to load" };
  }
};

let stopping = false;
// Node checks those timeouts on an interval (30 s by default): check often enough to honour them.
const connectionsCheckingInterval = Math.max(250, Math.min(1_000, headersTimeout / 2));
// The connection's own address, for per-address limits when no proxy is trusted: set on every
// request, so that what a client sends under that name never reaches the app (lib/http/client-address.ts).
const PEER_HEADER = "x-syndicate-peer";
process.env.SYNDICATE_PEER_HEADER = "1";

// The methods the app serves (Next.js answers any other with an empty 400).
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** A problem document (RFC 9457) the server writes itself, for what never reaches the app. */
const problemText = (status, title, detail) => JSON.stringify({ type: "about:blank", title, status, detail });

// The requests being answered: the responses whose headers may still change (a shutdown closes
// their connections after them) and the handlers' work (the database closes after the last).
const answering = new Set();
const handling = new Set();
const track = (work) => {
  handling.add(work);
  const done = () => void handling.delete(work);
  work.then(done, done);
  return work.catch((error) => logError("request handling failed", error));
};

/**
 * A request that arrives during shutdown (on a connection that was open before) is not started: a
 * 503 problem, after its body has been read (an answer while the client still sends would reset
 * the connection under it), and the connection closes after it.
 */
const refuseDuringShutdown = (request, response) => {
  const body = problemText(503, "Service Unavailable", "The server is shutting down; retry on another instance or after it restarts.");
  const answer = () => {
    if (response.headersSent || response.destroyed) return;
    response.writeHead(503, {
      "content-type": "application/problem+json",
      "content-length": Buffer.byteLength(body),
      "retry-after": "5",
      "cache-control": "no-store",
      connection: "close",
    });
    response.end(body);
  };
  request.once("end", answer);
  request.resume();
};

const server = createServer({ requestTimeout, headersTimeout, keepAliveTimeout, connectionsCheckingInterval }, (request, response) => {
  if (stopping) return void refuseDuringShutdown(request, response);
  request.headers[PEER_HEADER] = request.socket.remoteAddress ?? "";
  answering.add(response);
  response.once("close", () => answering.delete(response));
  // A method outside the seven: on a path of the API its 405 with the path's Allow (the router), as the
  // document says; elsewhere (a page, an unknown path) 501.
  if (!KNOWN_METHODS.has(request.method)) {
    const refused = direct.dispatch?.(request, response) ?? null;
    if (refused) return void track(refused.catch(() => response.destroy()));
    const body = problemText(501, "Not Implemented", `This server does not implement the method ${request.method}.`);
    response.writeHead(501, { "content-type": "application/problem+json", "content-length": Buffer.byteLength(body), allow: [...KNOWN_METHODS].join(", ") });
    response.end(body);
    return;
  }
  const answered = direct.dispatch?.(request, response) ?? null;
  if (!answered) return void track(handle(request, response));
  // The route's template, never the path as sent (docs/operations.md, "Never logged").
  void track(
    answered.then(
      (template) => debug("direct route", { method: request.method, route: template }),
      (error) => {
        // The request could not be handed over (nothing was written): Next answers instead.
        logError("direct routes: dispatch failed; Next.js answers", error);
        if (response.headersSent) return void response.destroy();
        return handle(request, response);
      },
    ),
  );
});

// A request Node cannot read (headers past its size limit, broken framing, headers too slow) never
// reaches a handler: answered with a problem like every other error, and the connection closed.
const CLIENT_ERRORS = {
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large", "The request's headers are larger than this server accepts (16 KiB in all)."],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout", "The request's headers or body took too long to arrive."],
};
server.on("clientError", (error, socket) => {
  // Nothing to say on a socket that is gone or already carries an answer's head (Node's own rule).
  if (error.code === "ECONNRESET" || !socket.writable || socket._httpMessage?.headersSent) return void socket.destroy();
  const [status, title, detail] = CLIENT_ERRORS[error.code] ?? [400, "Bad Request", "The request could not be read as HTTP/1.1."];
  const body = problemText(status, title, detail);
  socket.end(`HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
});

// Process events as JSON lines of the same shape as the app's request lines (lib/http/log.ts):
// level name, ISO time, pid, fields, msg; LOG_LEVEL applies to them too.
const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
const threshold = LEVELS[process.env.LOG_LEVEL || "info"] ?? LEVELS.info;
const write = (level, message, fields) => {
  if (LEVELS[level] < threshold) return;
  console.log(JSON.stringify({ level, time: new Date().toISOString(), pid: process.pid, ...fields, msg: message }));
};
const log = (message, fields = {}) => write("info", message, fields);
const debug = threshold <= LEVELS.debug ? (message, fields) => write("debug", message, fields) : () => {};
const logError = (message, error) =>
  write("error", message, { err: { type: error?.name ?? typeof error, message: error?.message ?? String(error), stack: error?.stack } });

const direct = await loadRouter();

// Until every handler that started has settled (one that ends lets others be waited for).
const handlersSettled = async () => {
  while (handling.size > 0) await Promise.allSettled([...handling]);
};

const shutdown = async (reason) => {
  if (stopping) return;
  stopping = true;
  const started = Date.now();
  // Stop listening at once, in this very turn: a connection the kernel completed but the server
  // has not accepted yet is reset when the listener closes, so the sooner the fewer. Later
  // connection attempts are refused (ECONNREFUSED: nothing was sent, the client may retry). This
  // is net.Server's close: http.Server's would also cut idle keep-alive connections, and a client
  // may be sending its next request on one at that instant (the request, unread, turns the close
  // into a reset). Instead an idle connection either carries one more request, answered 503 with
  // Connection: close, or ends at its keep-alive timeout, which the client was told.
  const closed = new Promise((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  log("shutdown: stop accepting, finish in-flight requests", { reason, boundMs: shutdownTimeout });
  // The requests in flight finish; their connections close after them.
  for (const response of answering) if (!response.headersSent) response.setHeader("connection", "close");
  // Registered by instrumentation.ts: end the event streams (they would otherwise run until the bound).
  try {
    globalThis.__syndicateDrain?.();
  } catch (error) {
    logError("shutdown: ending event streams failed", error);
  }
  let force;
  const bound = new Promise((resolve) => {
    force = setTimeout(() => resolve("bound"), shutdownTimeout);
  });
  const outcome = await Promise.race([Promise.all([closed, handlersSettled()]).then(() => "drained"), bound]);
  clearTimeout(force);
  if (outcome === "bound") {
    log("shutdown: in-flight requests past the bound are cut off", { requests: answering.size, connections: await connectionCount() });
    server.closeAllConnections();
  }
  try {
    // Registered by instrumentation.ts: job worker, simulation workers, Redis, and the database
    // last, after the last request ended (or was cut off at the bound).
    await globalThis.__syndicateShutdown?.();
  } catch (error) {
    logError("shutdown: closing resources failed", error);
  }
  await app.close?.().catch(() => {});
  log("shutdown: done", { ms: Date.now() - started });
  process.exit(0);
};

const connectionCount = () => new Promise((resolve) => server.getConnections((error, count) => resolve(error ? null : count)));

for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void shutdown(signal));

// A supervisor (scripts/start.mjs) names itself; if it is gone, so are we.
const supervisor = Number(process.env.SYNDICATE_SUPERVISOR_PID || 0);
if (supervisor > 0) {
  setInterval(() => {
    if (process.ppid !== supervisor) void shutdown("supervisor gone");
  }, 1_000).unref();
}

server.listen(port, hostname, () => {
  log("listening", {
    url: `http://${hostname}:${port}`,
    requestTimeout,
    headersTimeout,
    keepAliveTimeout,
    shutdownTimeout,
    directRoutes: direct.dispatch ? "on" : `off (${direct.reason})`,
  });
});
