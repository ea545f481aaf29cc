// Reading and validating the parts of a request. Every schema violation is listed, by path.
import type { z } from "zod";
import { AppError } from "./errors";
import type { Operation } from "./operation";
import type { ProblemField } from "./problem";

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json(\s*;.*)?$/i;

/** The request body as JSON: 415 unless JSON, 413 over `limit` bytes, 400 if malformed or empty. */
export const readJsonBody = async (request: Request, limit: number): Promise<unknown> => {
  const type = request.headers.get("content-type");
  if (!type || !JSON_TYPE.test(type)) {
    throw new AppError("unsupported_media_type", "The request body must be JSON (Content-Type: application/json).");
  }
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) {
    throw new AppError("payload_too_large", `The request body is larger than the limit of ${limit} bytes.`);
  }
  // Count while reading: a missing or false Content-Length must not let a larger body through.
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw new AppError("payload_too_large", `The request body is larger than the limit of ${limit} bytes.`);
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") throw new AppError("malformed_json", "The request body is empty; a JSON document is required.");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError("malformed_json", `The request body is not valid JSON: ${(error as Error).message}.`);
  }
};

const issuesOf = (where: "params" | "query" | "body", error: z.ZodError): ProblemField[] =>
  error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join("."),
    message: issue.message,
  }));

// Query values: one value per name stays a string, a repeated name becomes an array.
const queryObject = (search: URLSearchParams) => {
  const result: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    result[key] = values.length === 1 ? values[0] : values;
  }
  return result;
};

export const parseParts = (
  operation: Operation,
  raw: { params: Record<string, unknown>; query: URLSearchParams; body: unknown },
) => {
  const errors: ProblemField[] = [];
  const parse = (where: "params" | "query" | "body", schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) return where === "body" ? undefined : {};
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    errors.push(...issuesOf(where, result.error));
    return undefined;
  };
  const params = parse("params", operation.params, raw.params);
  const query = parse("query", operation.query, queryObject(raw.query));
  const body = parse("body", operation.body, raw.body);
  if (errors.length > 0) {
    const count = errors.length === 1 ? "1 problem" : `${errors.length} problems`;
    throw new AppError("validation_failed", `The request has ${count}: see errors.`, { errors });
  }
  return { params, query, body };
};
