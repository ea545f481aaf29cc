// Error mapping: AppError by its code, Prisma's not-found and unique-violation errors, database
// unavailability (every connection-class error) as 503 with Retry-After, and everything else as a
// generic 500 whose stack goes to the log (the request's log line, lib/http/log.ts), never to the client.
import { AppError, ERROR_TITLE } from "../core/errors";
import type { Problem } from "./problem";

export const PROBLEM_BASE = "https://syndicate.dev/problems/";

type PrismaLikeError = { name?: string; code?: string; meta?: Record<string, unknown> };

const prismaCode = (error: unknown) => {
  const candidate = error as PrismaLikeError;
  return candidate?.name === "PrismaClientKnownRequestError" && typeof candidate.code === "string" ? candidate.code : undefined;
};

// Connection-class failures: the database is down, starting, shutting down, hung past a timeout,
// or out of connections. Each is a 503 with Retry-After (the client may simply try again), never a
// 500. Prisma wraps driver errors, so codes are looked for along the error's chain.
const UNAVAILABLE_PRISMA = new Set([
  "P1001", // can't reach the database server
  "P1002", // the server was reached but timed out
  "P1008", // operations timed out
  "P1017", // the server closed the connection
  "P2024", // timed out fetching a connection from the pool
  "P2028", // transaction API error: could not start in time, expired, closed
  "P2034", // transaction failed on a write conflict or deadlock: retry
  "P2037", // too many database connections
]);
const UNAVAILABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "TransactionWriteConflict", "TlsConnectionError"]);
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-4]|57014|53300|53400|55P03|25P03|40001|40P01)$/;
const UNAVAILABLE_NODE = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "ENOTFOUND"]);
const UNAVAILABLE_MESSAGE =
  /Can't reach database server|Connection terminated|Connection ended unexpectedly|timeout exceeded when trying to connect|Query read timeout|not queryable|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|terminating connection due to (administrator command|idle-in-transaction timeout)|canceling statement due to statement timeout|Unable to start a transaction in the given time|expired transaction|Transaction already closed|PGlite is closed|sorry, too many clients/i;

type ErrorLike = { name?: unknown; code?: unknown; kind?: unknown; originalCode?: unknown; message?: unknown; cause?: unknown; meta?: unknown; driverAdapterError?: unknown };

/** Every code, kind and message along an error's chain (cause, Prisma's meta, driver adapter errors). */
const facts = (error: unknown) => {
  const codes: string[] = [];
  const messages: string[] = [];
  const names: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== "object" || seen.has(value) || depth > 6) return;
    seen.add(value);
    const e = value as ErrorLike;
    for (const field of [e.code, e.kind, e.originalCode]) if (typeof field === "string") codes.push(field);
    if (typeof e.message === "string") messages.push(e.message);
    if (typeof e.name === "string") names.push(e.name);
    visit(e.cause, depth + 1);
    visit(e.meta, depth + 1);
    visit(e.driverAdapterError, depth + 1);
  };
  visit(error, 0);
  return { codes, messages, names };
};

export const isDatabaseUnavailable = (error: unknown) => {
  if (error instanceof AppError) return false;
  const { codes, messages, names } = facts(error);
  return (
    names.includes("PrismaClientInitializationError") ||
    codes.some((code) => UNAVAILABLE_PRISMA.has(code) || UNAVAILABLE_KINDS.has(code) || UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NODE.has(code)) ||
    messages.some((message) => UNAVAILABLE_MESSAGE.test(message))
  );
};

export const DATABASE_RETRY_AFTER_SECONDS = 5;

// A value the schemas let through but its column cannot hold (Prisma P2020, raised for a query
// parameter): the request's fault, so a 400, never a 500. The schemas bound what they can (int32
// and friends); this catches the rest, e.g. a double within JavaScript's range that reaches
// PostgreSQL rounded up past its largest value. The write's transaction is rolled back. Only the
// top-level P2020: an overflow inside the service's own SQL (a raw query's 22003) stays a 500.
const isValueOutOfRange = (error: unknown) => prismaCode(error) === "P2020";

const fromAppError = (error: AppError) => ({
  problem: {
    type: PROBLEM_BASE + error.code.replace(/_/g, "-"),
    title: ERROR_TITLE[error.code],
    status: error.status,
    detail: error.message,
    ...(error.errors ? { errors: error.errors } : {}),
  },
  headers: error.headers ?? {},
});

export const toProblem = (
  error: unknown,
  context: { instance: string; requestId: string },
): { problem: Problem; headers: Record<string, string> } => {
  let mapped: { problem: Omit<Problem, "instance" | "requestId">; headers: Record<string, string> };
  const code = prismaCode(error);
  if (error instanceof AppError) mapped = fromAppError(error);
  else if (code === "P2025") mapped = fromAppError(new AppError("not_found", "The resource was not found."));
  else if (code === "P2002") mapped = fromAppError(new AppError("conflict", "A resource with that identifier already exists."));
  else if (isValueOutOfRange(error)) {
    mapped = fromAppError(new AppError("validation_failed", "A number in the request is out of range for what can be stored."));
  }
  else if (isDatabaseUnavailable(error)) {
    mapped = fromAppError(
      new AppError("unavailable", "The database does not answer; try again shortly.", { headers: { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) } }),
    );
  }
  else {
    mapped = fromAppError(new AppError("internal", "An unexpected error occurred; it has been logged."));
  }
  return { problem: { ...mapped.problem, instance: context.instance, requestId: context.requestId }, headers: mapped.headers };
};
