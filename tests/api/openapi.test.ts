import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { GET } from "../../app/api/openapi.json/route";
import { apiOperations } from "../../lib/api";

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const response = await GET(new Request("http://localhost/api/openapi.json"), { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  // The table's routes are the route files' (tests/api/route-table.test.ts).
  it("lists every route that exists, and nothing that does not", async () => {
    const response = await GET(new Request("http://localhost/api/openapi.json"), { params: Promise.resolve({}) });
    const document = await response.json();
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>)
      .flatMap(([routePath, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${routePath}`))
      .sort();
    const served = apiOperations();
    expect(served.length).toBeGreaterThan(5);
    expect(documented).toEqual(served);
  });

  it("describes validation, auth and problem answers from the operation's own schemas", async () => {
    const document = await (await GET(new Request("http://localhost/api/openapi.json"), { params: Promise.resolve({}) })).json();
    const createKey = document.paths["/api/keys"].post;
    expect(createKey.requestBody.content["application/json"].schema.properties.name).toMatchObject({ type: "string", maxLength: 100 });
    expect(Object.keys(createKey.responses)).toEqual(expect.arrayContaining(["201", "400", "401", "413", "415", "429"]));
    expect(createKey.responses["400"].content["application/problem+json"].schema.$ref).toBe("#/components/schemas/Problem");
  });
});
