// The one error type domain code throws, and the one table that maps its codes to statuses.
// Transport-free: the HTTP layer renders these as problem details; scripts print them.

/** One violation of a rule, by the path of the offending value ("body.roles.0.roleName"). */
export type FieldError = { path: string; message: string };

export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  malformed_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  gone: 410,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_TITLE: Record<ErrorCode, string> = {
  bad_request: "Bad Request",
  validation_failed: "Validation Failed",
  malformed_json: "Malformed JSON",
  unauthorized: "Unauthorized",
  forbidden: "Forbidden",
  not_found: "Not Found",
  method_not_allowed: "Method Not Allowed",
  gone: "Gone",
  conflict: "Conflict",
  payload_too_large: "Payload Too Large",
  unsupported_media_type: "Unsupported Media Type",
  unprocessable: "Unprocessable Content",
  rate_limited: "Too Many Requests",
  internal: "Internal Server Error",
  unavailable: "Service Unavailable",
};

export type AppErrorOptions = { errors?: FieldError[]; headers?: Record<string, string> };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: FieldError[];
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, detail: string, options: AppErrorOptions = {}) {
    super(detail);
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

export const notFound = (what: string, id: string) => new AppError("not_found", `${what} '${id}' was not found.`);

export const alreadyExists = (what: string, id: string) => new AppError("conflict", `${what} '${id}' already exists.`);

/**
 * A replacing write whose body names another id than its path: 400 with the offending field.
 * `what` qualifies the id in the message ("agent" → "the agent id in the path").
 */
export const idMismatch = (pathId: string, bodyId: string, what?: string) =>
  new AppError("validation_failed", `The body's id '${bodyId}' differs from the path's '${pathId}'.`, {
    errors: [{ path: "body.id", message: `must equal the ${what ? `${what} ` : ""}id in the path ('${pathId}')` }],
  });
