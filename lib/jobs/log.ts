// The job worker's log: JSON lines on stdout through pino, in the shape of the server's other lines
// (`level` as a name, ISO `time`, `pid`, `msg`; docs/operations.md, "Logs"), at LOG_LEVEL. Areas
// may not import lib/http (ARCHITECTURE.md), so the worker builds its own pino logger with the same
// options instead of borrowing the request log's; a worker may be handed another sink (tests).
import { pino, type Logger } from "pino";
import { env } from "../config/env";

export type JobLogLevel = "info" | "warn" | "error";

/** One line: its level, its message, and fields such as jobId, kind, attempt and err. */
export type JobLog = (level: JobLogLevel, msg: string, fields?: Record<string, unknown>) => void;

// Only what an operator needs to find the fault: never an error's own enumerable fields, which
// for database errors may hold query values (as lib/http/log.ts keeps them).
const errorFields = (error: unknown) => {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { type: error.name, message: error.message, ...(typeof code === "string" ? { code } : {}), stack: error.stack };
};

const level = () => {
  try {
    return env().LOG_LEVEL;
  } catch {
    return "info" as const;
  }
};

let logger: Logger | undefined;

const jobsLogger = () =>
  (logger ??= pino({
    level: level(),
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    messageKey: "msg",
    formatters: { level: (label: string) => ({ level: label }) },
    serializers: { err: errorFields },
  }));

/** The default: a line on stdout. */
export const stdoutJobLog: JobLog = (lineLevel, msg, fields = {}) => jobsLogger()[lineLevel](fields, msg);
