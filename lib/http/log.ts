// Structured logs: one JSON object per line on stdout (pino), one line per API request. A request
// line names the operation's path template, never the raw URL (a query string can carry a secret),
// and never holds a body, a header or a cookie. Fields and levels: docs/operations.md ("Logs").
import { pino, type DestinationStream, type Logger, type LoggerOptions } from "pino";
import type { Principal } from "../auth/resolve-principal";
import { env } from "../config/env";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const configuredLevel = (): LogLevel => {
  try {
    return env().LOG_LEVEL;
  } catch {
    // A bad configuration is answered elsewhere (503/500 problems); logging still works.
    return "info";
  }
};

type ChainLink = { name?: unknown; code?: unknown; severity?: unknown; cause?: unknown; driverAdapterError?: unknown };

/**
 * The database's error along an error's chain, if any: a Prisma client error, a driver adapter
 * error, or a PostgreSQL error (a five-character SQLSTATE with a severity), with its code.
 */
const databaseErrorOf = (error: unknown): { code?: string } | undefined => {
  const seen = new Set<unknown>();
  for (let link = error as ChainLink | undefined, depth = 0; link && typeof link === "object" && !seen.has(link) && depth < 6; depth++) {
    seen.add(link);
    const name = typeof link.name === "string" ? link.name : "";
    const code = typeof link.code === "string" ? link.code : undefined;
    if (name.startsWith("PrismaClient") || name === "DriverAdapterError" || link.driverAdapterError !== undefined) return { code };
    if (code && /^[0-9A-Z]{5}$/.test(code) && typeof link.severity === "string") return { code };
    link = link.cause as ChainLink | undefined;
  }
  return undefined;
};

/** A stack's frames without its first line(s), which repeat the message. */
const framesOf = (stack: string | undefined) => {
  const at = stack?.indexOf("\n    at ") ?? -1;
  return at >= 0 ? stack!.slice(at + 1) : undefined;
};

export const DATABASE_ERROR_MESSAGE = "database error (its text is not logged: it may quote values from the request)";

// Only what an operator needs to find the fault: never an error's own enumerable fields, which
// for database errors may hold query values. A database error's message (and the stack's first
// lines, which repeat it) may quote those values too — a name, an id, a cursor's value — so it is
// logged as its code and a fixed sentence, with the stack's frames.
const errorFields = (error: unknown) => {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const code = (error as { code?: unknown }).code;
  const database = databaseErrorOf(error);
  if (database) {
    const databaseCode = typeof code === "string" ? code : database.code;
    return { type: error.name, message: DATABASE_ERROR_MESSAGE, ...(databaseCode ? { code: databaseCode } : {}), stack: framesOf(error.stack) };
  }
  return { type: error.name, message: error.message, ...(typeof code === "string" ? { code } : {}), stack: error.stack };
};

const createLogger = (level: LogLevel, destination?: DestinationStream): Logger => {
  const options = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    messageKey: "msg",
    // Level names ("info"), not numbers: the same shape as the lines server.mjs writes.
    formatters: { level: (label: string) => ({ level: label }) },
    serializers: { err: errorFields },
  } satisfies LoggerOptions;
  // Without a destination: pino's own stdout stream (asynchronous, flushed when the process exits).
  return destination ? pino(options, destination) : pino(options);
};

let logger: Logger | undefined;

/** The process's logger (LOG_LEVEL, JSON lines on stdout). */
export const log = (): Logger => (logger ??= createLogger(configuredLevel()));

/**
 * Tests: send every line to `destination` at `level` (default info) instead of stdout; call the
 * returned function to go back to the configured logger.
 */
export const useLogDestination = (destination: DestinationStream, level: LogLevel = "info") => {
  const previous = logger;
  logger = createLogger(level, destination);
  return () => {
    logger = previous;
  };
};

export type RequestLogLine = {
  requestId: string;
  method: string;
  /** The operation's path template (/api/agents/{agentId}), never the URL as sent. */
  route: string;
  status: number;
  durationMs: number;
  principal: { kind: Principal["kind"]; id: string; keyId?: string } | null;
};

const principalOf = (principal: Principal | null | undefined): RequestLogLine["principal"] =>
  principal ? { kind: principal.kind, id: principal.userId, ...(principal.keyId ? { keyId: principal.keyId } : {}) } : null;

/** Milliseconds since `started` (a performance.now() reading), to a tenth. */
export const elapsedMs = (started: number) => Math.round((performance.now() - started) * 10) / 10;

/**
 * The one line of a finished request: info below 500; error from 500 on, with the error's type,
 * message and stack (for the log only: the response never carries them). A request whose client
 * went away before the answer (its work cancelled, e.g. a superseded live-diagram request) is not a
 * server fault: info, marked `clientGone`, whatever status it ended with.
 */
export const logRequest = (fields: {
  requestId: string;
  method: string;
  route: string;
  status: number;
  started: number;
  principal?: Principal | null;
  error?: unknown;
  clientGone?: boolean;
}) => {
  const logger = log();
  // Nothing to build when the level is off (LOG_LEVEL=warn drops every line of a served request).
  if (!logger.isLevelEnabled(fields.status >= 500 && !fields.clientGone ? "error" : "info")) return;
  const line: RequestLogLine = {
    requestId: fields.requestId,
    method: fields.method,
    route: fields.route,
    status: fields.status,
    durationMs: elapsedMs(fields.started),
    principal: principalOf(fields.principal),
  };
  if (fields.clientGone) logger.info({ ...line, clientGone: true }, "request abandoned by the client");
  else if (fields.status >= 500) logger.error(fields.error === undefined ? line : { ...line, err: fields.error }, "request failed");
  else logger.info(line, "request");
};
