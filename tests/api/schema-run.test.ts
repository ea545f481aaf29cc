// The schema run: requests generated from the served OpenAPI document, as Schemathesis or a client
// generated from the document would send them, for every operation (docs/api.md, "OpenAPI truth").
// - Valid requests (every path, query and body value drawn from the document's schemas) are never
//   answered 400: a request the document allows is not refused as malformed. They may meet the
//   data (404 for an id that does not exist, 409, 422 for a reference to nothing): those answers are
//   documented too.
// - Invalid requests (a body of the wrong type, a required field left out, a field of the wrong type)
//   are refused with a 4xx, never accepted.
// - Stateful: what a create answers can be read back at the path the document gives for it, and
//   once deleted there it is read no more (404).
// Every answer is held to the document by call() (status, content type, schema); no answer is a 5xx.
// Seeded: SCHEMA_RUN_SEED replays a run; SCHEMA_RUN_CASES sets the valid cases per operation.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Operation } from "../../lib/core";
import { issueAgentCredential } from "../../lib/auth";
import { ALL_OPERATIONS, openApiDocument } from "../../lib/http/api-document";
import { useApiTest } from "../helpers/api";
import { unique, userWithKey } from "../helpers/factories";
import { pointer, validator } from "../helpers/contract";
import { call } from "../helpers/http";
import { arbitraryOf, resolve, type Components, type JsonSchema } from "../helpers/schema-arbitrary";
import { sessionHeaders } from "../helpers/session";
import { handlerOf } from "../security/operations";
import { insertAgent } from "../quantum/factory";
import { assignTask } from "../../lib/tasks";

const SEED = Number(process.env.SCHEMA_RUN_SEED ?? 20261128);
const CASES = Number(process.env.SCHEMA_RUN_CASES ?? 6);
/** Only the operations whose "METHOD /path" matches (while working on one). */
const ONLY = process.env.SCHEMA_RUN_ONLY ? new RegExp(process.env.SCHEMA_RUN_ONLY) : null;

type Parameter = { name: string; in: "path" | "query" | "header"; required?: boolean; schema: JsonSchema };
type DocOperation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
};

const document = openApiDocument() as unknown as { paths: Record<string, Record<string, DocOperation>>; components: { schemas: Components } };
const components = document.components.schemas;
const documented = (operation: Operation) => document.paths[operation.path][operation.method.toLowerCase()];

type Sent = { params: Record<string, string>; query: Record<string, string | string[]>; body: unknown };

/** A query value as a URL carries it. */
const queryValue = (value: unknown): string | string[] => (Array.isArray(value) ? value.map((item) => String(item)) : String(value));

/** The document's validator of the schema at `at` (a path into the document). */
const validatorAt = (at: string[]) => {
  const validate = validator().getSchema(`openapi#/${pointer(...at)}`);
  if (!validate) throw new Error(`no schema at ${at.join("/")}`);
  return (value: unknown) => validate(value) as boolean;
};

/** Keeps the first of each id in a list of references ({ id } objects). */
const onceEach = (items: unknown) =>
  Array.isArray(items) ? items.filter((item, index) => !items.slice(0, index).some((earlier) => (earlier as { id?: unknown })?.id === (item as { id?: unknown })?.id)) : items;

/**
 * Rules the document states in words that a schema cannot: a replace's body id, when sent, is the
 * path's id (the operation's 400 says so); a group lists each member id at most once (the members'
 * description says so).
 */
const followRulesInWords = (operation: Operation, sent: Sent): Sent => {
  const names = Object.keys(sent.params);
  let body = sent.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== "object" || Array.isArray(body)) return sent;
  if ((operation.method === "PUT" || operation.method === "PATCH") && names.length === 1 && "id" in body) body = { ...body, id: sent.params[names[0]] };
  for (const members of ["agents", "squads"]) if (members in body) body = { ...body, [members]: onceEach(body[members]) };
  return { ...sent, body };
};

type Drawn = { arbitrary: fc.Arbitrary<Sent>; isValid: (sent: Sent) => boolean };

/**
 * Requests drawn from the operation's parameters and body, and a check that a drawn request is valid
 * against the document: the generator draws from the keywords it knows; whatever it cannot see
 * (if/then, anyOf of required fields, not) is enforced by keeping only what validates.
 */
const requestOf = (operation: Operation, doc: DocOperation): Drawn => {
  const method = operation.method.toLowerCase();
  const parameters = (doc.parameters ?? []).map((parameter, index) => ({ parameter, valid: validatorAt(["paths", operation.path, method, "parameters", String(index), "schema"]) }));
  const inPath = parameters.filter(({ parameter }) => parameter.in === "path");
  const inQuery = parameters.filter(({ parameter }) => parameter.in === "query");
  const body = doc.requestBody?.content["application/json"]?.schema;
  const validBody = body ? validatorAt(["paths", operation.path, method, "requestBody", "content", "application/json", "schema"]) : () => true;
  const raw = new WeakMap<Sent, Record<string, unknown>>();
  const arbitrary = fc
    .record({
      params: fc.record(Object.fromEntries(inPath.map(({ parameter }) => [parameter.name, arbitraryOf(parameter.schema, components) as fc.Arbitrary<string>]))),
      query: fc.record(Object.fromEntries(inQuery.map(({ parameter }) => [parameter.name, arbitraryOf(parameter.schema, components)])), {
        requiredKeys: inQuery.filter(({ parameter }) => parameter.required).map(({ parameter }) => parameter.name),
      }),
      body: body ? arbitraryOf(body, components) : fc.constant(undefined),
    })
    .map(({ params, query, body: drawn }) => {
      const sent = followRulesInWords(operation, { params, query: Object.fromEntries(Object.entries(query).map(([name, value]) => [name, queryValue(value)])), body: drawn });
      raw.set(sent, query);
      return sent;
    });
  const isValid = (sent: Sent) => {
    const query = raw.get(sent) ?? {};
    return (
      inPath.every(({ parameter, valid }) => valid(sent.params[parameter.name])) &&
      inQuery.every(({ parameter, valid }) => !(parameter.name in query) || valid(query[parameter.name])) &&
      (!body || validBody(sent.body))
    );
  };
  return { arbitrary, isValid };
};

/**
 * Refusals of well-formed requests that the design asks for and the document states, because they
 * depend on data or meaning no schema can hold (docs/api.md, "OpenAPI truth"): a cursor this API did
 * not issue, a chain it does not know, an OpenQASM program that does not parse, an expiry that is
 * not in the next 730 days, a wallet left out with none linked, a time range backwards, over its
 * longest or in the future. Each is matched by the field it
 * names and its message; any other 400 to a valid request is a finding.
 */
const DATA_REFUSALS: { path: RegExp; message: RegExp }[] = [
  { path: /^query\.cursor$/, message: /^cursor is not one this API issued/ },
  { path: /^(query|body)\.chains(\.\d+)?$|\.chain$/, message: /unknown chain/i },
  { path: /^body\.qasm$/, message: /./ },
  { path: /^body\.expiresAt$/, message: /^must be (in the future|at most \d+ days away)$/ },
  { path: /^body\.wallet_address$/, message: /^required when no wallet is linked to your account$/ },
  // Relations between two values, or a value and now, which a schema cannot state (the operation's 400 does).
  { path: /^query\.until$/, message: /^must not be before since$/ },
  { path: /^query\.since$/, message: /^(the range from since to until must be at most \d+ days|must not be in the future)$/ },
];
const DATA_DETAILS = [/^Unknown chains? /, /^No wallet_address was given and you have no linked wallet/, /^The OpenQASM program/, /rows? names? an unknown chain; nothing was imported\.$/];

const isDataRefusal = (json: { detail?: string; errors?: { path: string; message: string }[] } | undefined) => {
  if (!json) return false;
  if (json.errors?.length) return json.errors.every((error) => DATA_REFUSALS.some((rule) => rule.path.test(error.path) && rule.message.test(error.message)));
  return DATA_DETAILS.some((pattern) => pattern.test(json.detail ?? ""));
};

/** Wrong in one way the document states: a 4xx is the only right answer. */
const invalidBodies = (schema: JsonSchema, valid: Record<string, unknown>): { what: string; body: unknown }[] => {
  const resolved = resolve(schema, components);
  const cases: { what: string; body: unknown }[] = [{ what: "an array for the object", body: [valid] }];
  const required = resolved.required ?? [];
  if (required.length > 0) {
    const { [required[0]]: _dropped, ...rest } = valid;
    cases.push({ what: `without required ${required[0]}`, body: rest });
  }
  const typed = Object.entries(resolved.properties ?? {}).find(([, property]) => {
    const type = resolve(property, components).type;
    return type === "string" || type === "integer" || type === "number" || type === "boolean";
  });
  if (typed) {
    const type = resolve(typed[1], components).type;
    cases.push({ what: `${typed[0]} of the wrong type`, body: { ...valid, [typed[0]]: type === "string" ? { not: "a string" } : "not a number or boolean" } });
  }
  return cases;
};

type Caller = { key?: string; headers?: Record<string, string> };

/** The body as JSON text (call() sends a string as it is: a drawn string body is a JSON string). */
const asJson = (body: unknown) => (body === undefined ? undefined : JSON.stringify(body));

useApiTest();
let callers: { admin: Caller; session: Caller; agent: Caller; anonymous: Caller };
let agentId: string;

/**
 * What an operation's case needs first: a claim is a long poll that waits up to its `wait` seconds
 * when there is no work, so each claim finds a task assigned to the run's agent (and answers at once).
 */
const BEFORE_EACH: Record<string, () => Promise<unknown>> = {
  "POST /api/runs/claim": () => assignTask({ id: unique("schema-run"), description: "A task to claim", status: "assigned", assignedEntity: { type: "Agent", id: agentId } }),
};

beforeAll(async () => {
  const admin = await userWithKey("admin");
  agentId = await insertAgent();
  const credential = await issueAgentCredential(agentId, admin.user.id, { name: "schema run" });
  callers = { admin: { key: admin.key }, session: { headers: await sessionHeaders(admin.user.id) }, agent: { key: credential.secret }, anonymous: {} };
});

const callerOf = (operation: Operation, doc: DocOperation): Caller => {
  const schemes = (doc.security ?? []).flatMap((alternative) => Object.keys(alternative));
  if (schemes.length === 0) return callers.anonymous;
  if (schemes.includes("agentCredential") && !schemes.includes("bearerAuth")) return callers.agent;
  return operation.credentials === "session" ? callers.session : callers.admin;
};

const concretePath = (path: string, params: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));

/** Sends one request; answers a finding (a line saying what is wrong), or null. */
const send = async (operation: Operation, caller: Caller, sent: Sent, expectation: "valid" | "invalid", what = "") => {
  const handler = await handlerOf(operation);
  const label = `${operation.method} ${operation.path}${what ? ` (${what})` : ""}`;
  try {
    const answer = await call(handler, operation.method, concretePath(operation.path, sent.params), { ...caller, params: sent.params, query: sent.query, body: asJson(sent.body) });
    const detail = () =>
      `${answer.status} ${answer.json?.errors ? JSON.stringify(answer.json.errors).slice(0, 400) : String(answer.json?.detail ?? answer.text).slice(0, 300)} ← ${JSON.stringify({ params: sent.params, query: sent.query, body: sent.body }).slice(0, 300)}`;
    // A 503 is documented everywhere; here only the IBM backend left unconfigured may answer one.
    if (answer.status >= 500 && !(answer.status === 503 && /not configured/.test(String(answer.json?.detail)))) return `${label}: a ${answer.status}: ${detail()}`;
    if (expectation === "valid" && answer.status === 400 && !isDataRefusal(answer.json)) return `${label}: a valid request refused: ${detail()}`;
    if (expectation === "invalid" && answer.status < 400) return `${label}: an invalid request accepted: ${detail()}`;
    return null;
  } catch (error) {
    return `${label}: ${(error as Error).message.slice(0, 600)}`;
  }
};

describe("the schema run", () => {
  it("every operation: valid requests are not refused as malformed, invalid ones are refused, no answer breaks the document", async () => {
    const findings: string[] = [];
    for (const [index, operation] of ALL_OPERATIONS.entries()) {
      if (ONLY && !ONLY.test(`${operation.method} ${operation.path}`)) continue;
      const doc = documented(operation);
      const caller = callerOf(operation, doc);
      if (process.env.SCHEMA_RUN_TRACE) process.stderr.write(`schema run: ${Date.now()} ${operation.method} ${operation.path}\n`);
      // Drawn, then kept when valid: a schema the generator cannot satisfy is a finding, not a hang.
      const { arbitrary, isValid } = requestOf(operation, doc);
      const samples = fc.sample(arbitrary, { seed: SEED + index, numRuns: CASES * 40 }).filter(isValid).slice(0, CASES);
      if (samples.length === 0) findings.push(`${operation.method} ${operation.path}: no valid request could be drawn from the document`);
      for (const sent of samples) {
        await BEFORE_EACH[`${operation.method} ${operation.path}`]?.();
        const finding = await send(operation, caller, sent, "valid");
        if (finding) findings.push(finding);
      }
      const body = doc.requestBody?.content["application/json"]?.schema;
      const first = samples[0];
      if (body && first && first.body && typeof first.body === "object" && !Array.isArray(first.body)) {
        for (const invalid of invalidBodies(body, first.body as Record<string, unknown>)) {
          const finding = await send(operation, caller, { ...first, body: invalid.body }, "invalid", invalid.what);
          if (finding) findings.push(finding);
        }
      }
    }
    expect(findings).toEqual([]);
  }, 600_000);

  it("stateful: what a create answers (201 with an id) is read back where such records are read, and not after its delete", async () => {
    const reads = ALL_OPERATIONS.filter((operation) => operation.method === "GET" && (operation.path.match(/\{/g) ?? []).length === 1);
    const findings: string[] = [];
    let created = 0;
    let deleted = 0;
    for (const [index, operation] of ALL_OPERATIONS.entries()) {
      if (operation.method !== "POST" || operation.path.includes("{")) continue;
      const doc = documented(operation);
      const readers = reads.filter((read) => read.tags[0] === operation.tags[0] && documented(read).responses["200"]);
      if (readers.length === 0) continue;
      const { arbitrary, isValid } = requestOf(operation, doc);
      const sent = fc.sample(arbitrary, { seed: SEED + 7_919 * (index + 1), numRuns: CASES * 40 }).filter(isValid).slice(0, CASES);
      for (const request of sent) {
        await BEFORE_EACH[`${operation.method} ${operation.path}`]?.();
        const answer = await call(await handlerOf(operation), "POST", operation.path, { ...callerOf(operation, doc), query: request.query, body: asJson(request.body) }).catch(() => undefined);
        const id = answer?.status === 201 ? (answer.json as { id?: unknown })?.id : undefined;
        if (typeof id !== "string") continue;
        created += 1;
        const found = [];
        for (const read of readers) {
          const name = read.path.match(/\{(\w+)\}/)![1];
          const back = await call(await handlerOf(read), "GET", read.path.replace(`{${name}}`, encodeURIComponent(id)), { ...callerOf(read, documented(read)), params: { [name]: id } });
          if (back.status === 200 && (back.json as { id?: unknown })?.id === id) found.push(read.path);
        }
        if (found.length === 0) findings.push(`${operation.method} ${operation.path} created '${id}', which no read of its tag answers (${readers.map((read) => read.path).join(", ")})`);
        // Use after free: once deleted where it is read, it is read no more.
        for (const path of found) {
          const remove = ALL_OPERATIONS.find((candidate) => candidate.method === "DELETE" && candidate.path === path);
          const read = reads.find((candidate) => candidate.path === path)!;
          if (!remove) continue;
          const name = path.match(/\{(\w+)\}/)![1];
          const concrete = path.replace(`{${name}}`, encodeURIComponent(id));
          const removed = await call(await handlerOf(remove), "DELETE", concrete, { ...callerOf(remove, documented(remove)), params: { [name]: id } });
          if (removed.status >= 300) continue; // refused (e.g. still in use): nothing to check
          deleted += 1;
          const after = await call(await handlerOf(read), "GET", concrete, { ...callerOf(read, documented(read)), params: { [name]: id } });
          if (after.status !== 404) findings.push(`DELETE ${path} answered ${removed.status} for '${id}', and GET then answered ${after.status}, not 404`);
        }
        break;
      }
    }
    expect(findings).toEqual([]);
    // The run created and deleted records of several kinds (else it proved nothing).
    expect(created).toBeGreaterThanOrEqual(6);
    expect(deleted).toBeGreaterThanOrEqual(3);
  }, 300_000);
});
