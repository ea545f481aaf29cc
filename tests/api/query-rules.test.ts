// The query string, as the document states it: a parameter an operation does not declare is a 400
// naming it (a misspelt filter must not answer the whole list), an empty cursor is the first page,
// and a cursor that is not base64url text is refused as the document's pattern says.
import { describe, expect, it } from "vitest";
import * as agentsRoute from "../../app/api/agents/route";
import * as agentRoute from "../../app/api/agents/[agentId]/details/route";
import * as webhooksRoute from "../../app/api/webhooks/route";
import * as eventsRoute from "../../app/api/events/route";
import { openApiDocument } from "../../lib/http/api-document";
import { useApiTest } from "../helpers/api";
import { call, errorPaths } from "../helpers/http";
import { userWithKey } from "../helpers/factories";

const api = useApiTest({ withKeys: true });

describe("query parameters", () => {
  it("refuses a parameter the operation does not declare, naming it and the ones it takes", async () => {
    const misspelt = await call(agentsRoute.GET, "GET", "/api/agents", { query: { specialisation: "defi", limit: 5 } });
    expect(misspelt.status).toBe(400);
    expect(misspelt.headers.get("content-type")).toBe("application/problem+json");
    expect(errorPaths(misspelt.json)).toEqual(["query.specialisation"]);
    expect(misspelt.json.errors[0].message).toContain("is not a parameter of this operation (its parameters: cursor, limit, q, role, sort, specialization)");

    const admin = await userWithKey("admin");
    const webhooks = await call(webhooksRoute.GET, "GET", "/api/webhooks", { query: { bogus: "1" }, key: admin.key });
    expect(webhooks.status).toBe(400);
    expect(errorPaths(webhooks.json)).toEqual(["query.bogus"]);

    // An operation that takes no query at all says so.
    const details = await call(agentRoute.GET, "GET", "/api/agents/anything/details", { params: { agentId: "anything" }, query: { expand: "squads" } });
    expect(details.status).toBe(400);
    expect(details.json.errors).toEqual([{ path: "query.expand", message: "is not a parameter of this operation (it takes none)" }]);
  });

  it("lists every unknown parameter with the schema's own problems in one answer", async () => {
    const answer = await call(agentsRoute.GET, "GET", "/api/agents", { query: { limit: 0, page: 2, size: 10 } });
    expect(answer.status).toBe(400);
    expect(errorPaths(answer.json)).toEqual(["query.limit", "query.page", "query.size"]);
  });

  it("takes an empty cursor as the first page, on sorted lists and on the event log", async () => {
    const first = await call(agentsRoute.GET, "GET", "/api/agents", { query: { limit: 2 } });
    const empty = await call(agentsRoute.GET, "GET", "/api/agents", { query: { limit: 2, cursor: "" } });
    expect(empty.status, empty.text).toBe(200);
    expect(empty.json).toEqual(first.json);
    const events = await call(eventsRoute.GET, "GET", "/api/events", { query: { cursor: "" }, key: api.operator });
    expect(events.status, events.text).toBe(200);
  });

  it("refuses a cursor outside the documented pattern, and documents that pattern", async () => {
    const answer = await call(agentsRoute.GET, "GET", "/api/agents", { query: { cursor: "not/base64" } });
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toEqual([{ path: "query.cursor", message: "cursor is not one this API issued: start again without it" }]);
    const document = openApiDocument() as { paths: Record<string, Record<string, { parameters?: { name: string; schema: Record<string, unknown> }[]; responses: Record<string, unknown> }>> };
    const cursor = document.paths["/api/agents"].get.parameters!.find((parameter) => parameter.name === "cursor")!;
    expect(cursor.schema).toMatchObject({ type: "string", pattern: "^[A-Za-z0-9_-]*$" });
    // Every operation documents the 400 an unknown parameter draws.
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) expect(operation.responses["400"], `${method} ${path}`).toBeDefined();
    }
  });
});
