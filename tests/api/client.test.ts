// The generated client (lib/client/sdk.ts) against the API's own handlers: a create, a read, a list
// with its paging headers, a problem answer and an idempotent retry, each typed as the document says.
// Its fetch goes to the API table in process (the same handlers the server runs), so each answer is
// also held to the document by the contract check of the other tests' calls.
import { describe, expect, it } from "vitest";
import { resolveApiPath } from "../../lib/api/table";
import type { HttpMethod } from "../../lib/core/operation";
import { createSyndicateClient } from "../../lib/client/sdk";
import { useApiTest } from "../helpers/api";
import { unique } from "../helpers/factories";

const api = useApiTest({ withKeys: true });

/** A fetch that hands each request to the handler the server would pick. */
const inProcess: typeof fetch = async (input, init) => {
  const request = input instanceof Request ? input : new Request(input, init);
  const found = resolveApiPath(new URL(request.url).pathname);
  if (!found) return new Response("not an API path", { status: 599 });
  return found.methods[request.method as HttpMethod](request, { params: Promise.resolve(found.params) });
};

const client = (apiKey?: string) => createSyndicateClient({ baseUrl: "http://localhost", apiKey, fetch: inProcess });

describe("the generated client", () => {
  it("creates, reads and lists agents, typed as the document says", async () => {
    const operator = client(api.operator);
    const id = unique("client-agent");
    const created = await operator.POST("/api/agents", { body: { id, name: "Made by the client", aiEngine: "GPT-4o" } });
    expect(created.response.status).toBe(201);
    expect(created.data?.roles).toHaveLength(5);

    const details = await client().GET("/api/agents/{agentId}/details", { params: { path: { agentId: id } } });
    expect(details.data?.name).toBe("Made by the client");
    expect(details.data?.metricsSource).toBeDefined();

    const page = await client().GET("/api/agents", { params: { query: { q: id, limit: 1 } } });
    expect(page.data?.map((agent) => agent.id)).toEqual([id]);
    expect(page.response.headers.get("x-total-count")).toBe("1");
  });

  it("answers a problem as its error, and replays a create retried with the same Idempotency-Key", async () => {
    const missing = await client().GET("/api/agents/{agentId}/details", { params: { path: { agentId: "nobody-here" } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ status: 404, title: "Not Found" });

    const operator = client(api.operator);
    const body = { id: unique("client-task"), description: "Made once, whatever the retries", status: "pending" as const };
    const headers = { "Idempotency-Key": unique("client-retry") };
    const first = await operator.POST("/api/tasks/assign", { body, params: { header: headers } });
    const retry = await operator.POST("/api/tasks/assign", { body, params: { header: headers } });
    expect(first.response.status).toBe(201);
    expect(retry.response.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.data).toEqual(first.data);
  });
});
