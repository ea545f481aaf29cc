// Every operation in the document explains itself and shows one call: a description beyond its
// summary, and an example request and answer (docs/api.md, "OpenAPI"). The examples are held here
// against the schemas the routes validate with, and the example answer against the document's own
// schema for it, so an example cannot show a request the server refuses or an answer it never gives.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { successStatus, type Operation } from "../../lib/core/operation";
import { ALL_OPERATIONS } from "../../lib/http/api-document";
import { pointer, validator } from "../helpers/contract";

const answersJson = (operation: Operation) => Boolean(operation.responses[successStatus(operation)]?.schema);

/** The schema's complaints about `value`, one line each (none when it parses). */
const complaints = (schema: z.ZodType | undefined, value: unknown) => {
  if (!schema) return value === undefined ? [] : ["the operation takes none"];
  const parsed = schema.safeParse(value ?? {});
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".") || "/"}: ${issue.message}`);
};

describe.each(ALL_OPERATIONS.map((operation) => [operation.operationId, operation] as const))("%s", (_, operation) => {
  it("has a description that says more than its summary", () => {
    expect(operation.description?.trim().length ?? 0).toBeGreaterThanOrEqual(40);
    expect(operation.description).not.toBe(operation.summary);
  });

  it("has an example request the operation's schemas accept", () => {
    const example = operation.example;
    expect(example).toBeDefined();
    if (operation.params) expect(example?.params).toBeDefined();
    if (operation.body) expect(example).toHaveProperty("body");
    expect({
      params: complaints(operation.params, example?.params),
      query: complaints(operation.query, example?.query),
      body: operation.body ? complaints(operation.body, example?.body) : complaints(undefined, example?.body),
    }).toEqual({ params: [], query: [], body: [] });
  });

  it("has an example answer within the document's schema for it", () => {
    if (!answersJson(operation)) {
      expect(operation.example).not.toHaveProperty("response");
      return;
    }
    expect(operation.example).toHaveProperty("response");
    const at = pointer("paths", operation.path, operation.method.toLowerCase(), "responses", String(successStatus(operation)), "content", "application/json", "schema");
    const validate = validator().getSchema(`openapi#/${at}`);
    expect(validate).toBeDefined();
    const valid = validate!(operation.example?.response);
    expect(valid ? [] : (validate!.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message}`)).toEqual([]);
  });
});
