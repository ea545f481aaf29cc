// Error mapping: AppError by its code, Prisma's not-found and unique-violation errors, and
// everything else as a generic 500 whose stack goes to the log, never to the client.
import { AppError, ERROR_TITLE } from "./errors";
import type { Problem } from "./problem";

export const PROBLEM_BASE = "https://syndicate.dev/problems/";

type PrismaLikeError = { name?: string; code?: string; meta?: Record<string, unknown> };

const prismaCode = (error: unknown) => {
  const candidate = error as PrismaLikeError;
  return candidate?.name === "PrismaClientKnownRequestError" && typeof candidate.code === "string" ? candidate.code : undefined;
};

// Prisma's "can't reach the database" family, and connection refusals from the driver.
const isDatabaseDown = (error: unknown) => {
  const candidate = error as PrismaLikeError & { message?: string };
  const code = candidate?.code;
  return (
    candidate?.name === "PrismaClientInitializationError" ||
    code === "P1001" ||
    code === "ECONNREFUSED" ||
    /ECONNREFUSED|Can't reach database server|Connection terminated/i.test(candidate?.message ?? "")
  );
};

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
  else if (isDatabaseDown(error)) mapped = fromAppError(new AppError("unavailable", "The database does not answer; try again shortly."));
  else {
    console.error(`[${context.requestId}] unhandled error`, error);
    mapped = fromAppError(new AppError("internal", "An unexpected error occurred; it has been logged."));
  }
  return { problem: { ...mapped.problem, instance: context.instance, requestId: context.requestId }, headers: mapped.headers };
};
