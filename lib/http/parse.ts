// Reading and validating the parts of a request. Every schema violation is listed, by path.
import type { z } from "zod";
import { AppError } from "../core/errors";
import type { Operation } from "../core/operation";
import { unstorableText } from "../core/text";
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

/** How deeply a body may nest arrays and objects. */
export const MAX_DEPTH = 64;

const MAX_LISTED = 20;

/** Schema violations listed in one answer (all are counted in its detail). */
export const MAX_ISSUES = 100;

// Text the service stores or compares must be well-formed: no NUL bytes (PostgreSQL refuses them)
// and no unpaired UTF-16 surrogates (not representable in UTF-8). Checked once, for every string
// and key of params, query and body, before any schema or handler sees them; depth is bounded
// too. Iterative, so a deeply nested body cannot exhaust the stack.
export const hostileText = (where: string, value: unknown): ProblemField[] => {
  const found: ProblemField[] = [];
  const stack: { path: string; value: unknown; depth: number }[] = [{ path: where, value, depth: 0 }];
  while (stack.length > 0 && found.length < MAX_LISTED) {
    const { path, value: current, depth } = stack.pop()!;
    if (typeof current === "string") {
      const message = unstorableText(current);
      if (message) found.push({ path, message });
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (depth >= MAX_DEPTH) {
      found.push({ path, message: `must not nest deeper than ${MAX_DEPTH} levels` });
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      const message = unstorableText(key);
      const shownKey = message ? JSON.stringify(key).slice(1, -1).slice(0, 100) : key;
      if (message) found.push({ path: `${path}.${shownKey}`, message: `key ${message}` });
      else stack.push({ path: `${path}.${key}`, value: item, depth: depth + 1 });
    }
  }
  return found;
};

type Def = { type: string; shape?: Record<string, unknown>; in?: Schemaish; innerType?: Schemaish; left?: Schemaish; right?: Schemaish; options?: Schemaish[] };
type Schemaish = { _zod: { def: Def } };

/** The parameter names a query schema declares; undefined when they cannot be told (then any name passes). */
const declaredNames = (schema: Schemaish | undefined): Set<string> | undefined => {
  const def = schema?._zod?.def;
  if (!def) return undefined;
  switch (def.type) {
    case "object":
      return new Set(Object.keys(def.shape ?? {}));
    case "pipe":
      return declaredNames(def.in);
    case "optional":
    case "default":
    case "nullable":
    case "readonly":
    case "catch":
    case "prefault":
      return declaredNames(def.innerType);
    case "intersection":
    case "union": {
      const parts = (def.type === "union" ? def.options ?? [] : [def.left, def.right]).map(declaredNames);
      return parts.some((part) => part === undefined) ? undefined : new Set(parts.flatMap((part) => [...part!]));
    }
    default:
      return undefined;
  }
};

const namesByOperation = new WeakMap<Operation, Set<string> | undefined>();
const queryNames = (operation: Operation) => {
  if (!namesByOperation.has(operation)) {
    namesByOperation.set(operation, operation.query ? declaredNames(operation.query as unknown as Schemaish) : new Set());
  }
  return namesByOperation.get(operation);
};

/**
 * A query parameter the operation does not declare is an error, not ignored: a misspelt filter
 * (`?stauts=failed`) would otherwise answer everything, unfiltered.
 */
const unknownParameters = (operation: Operation, query: Record<string, unknown>): ProblemField[] => {
  const known = queryNames(operation);
  if (!known) return [];
  const listed = [...known].sort().join(", ");
  return Object.keys(query)
    .filter((name) => !known.has(name))
    .slice(0, MAX_LISTED)
    .map((name) => ({
      path: `query.${name}`,
      message: listed ? `is not a parameter of this operation (its parameters: ${listed})` : "is not a parameter of this operation (it takes none)",
    }));
};

export const parseParts = (
  operation: Operation,
  raw: { params: Record<string, unknown>; query: URLSearchParams; body: unknown },
) => {
  const query = queryObject(raw.query);
  const hostile = [...hostileText("params", raw.params), ...hostileText("query", query), ...hostileText("body", raw.body)];
  if (hostile.length > 0) {
    throw new AppError("validation_failed", "The request has text that cannot be stored: see errors.", { errors: hostile.slice(0, MAX_LISTED) });
  }
  const errors: ProblemField[] = unknownParameters(operation, query);
  const parse = (where: "params" | "query" | "body", schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) return where === "body" ? undefined : {};
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    errors.push(...issuesOf(where, result.error));
    return undefined;
  };
  const params = parse("params", operation.params, raw.params);
  const parsedQuery = parse("query", operation.query, query);
  const body = parse("body", operation.body, raw.body);
  if (errors.length > 0) {
    const count = errors.length === 1 ? "1 problem" : `${errors.length} problems`;
    // Every problem is counted, the first MAX_ISSUES listed: each listed one costs about 80 bytes,
    // so listing all let a 30 KB body of 10,000 empty objects draw a 2.5 MB answer.
    const listed = errors.length > MAX_ISSUES ? ` (the first ${MAX_ISSUES} are listed)` : "";
    throw new AppError("validation_failed", `The request has ${count}: see errors${listed}.`, { errors: errors.slice(0, MAX_ISSUES) });
  }
  return { params, query: parsedQuery, body };
};
