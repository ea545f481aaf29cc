// ?sort= on every list API, on a real database: ascending and descending, ties broken by id,
// paging by cursor through a sorted list, sorting combined with a filter, and unknown fields
// refused with a 400 that names the allowed values.
import { describe, expect, it } from "vitest";
import * as agents from "../../app/api/agents/route";
import * as squads from "../../app/api/squads/route";
import * as syndicates from "../../app/api/syndicates/route";
import * as marketplace from "../../app/api/marketplace/route";
import * as deployments from "../../app/api/deployments/route";
import * as tasks from "../../app/api/tasks/route";
import * as openapi from "../../app/api/openapi.json/route";
import { prisma } from "../../lib/db";
import { useApiTest } from "../helpers/api";
import { call, errorPaths } from "../helpers/http";

// Five rows per resource: two share a name, so the tie-break by id shows. Capitalised names sort
// the same under every collation.
const NAMES = { r1: "Cedar", r2: "Alder", r3: "Birch", r4: "Alder", r5: "Dogwood" } as const;
const rows = Object.entries(NAMES).map(([id, name], index) => ({ id, name, createdAt: new Date(Date.UTC(2026, 0, 10 - index)) }));
const BY_NAME = ["r2", "r4", "r3", "r1", "r5"];
const BY_NAME_DESC = ["r5", "r1", "r3", "r2", "r4"];

const DEPLOYMENT_STATUS = ["deployed", "queued", "failed", "queued", "in_progress"] as const;
const TASK_STATUS = ["completed", "pending", "in_progress", "pending", "assigned"] as const;

useApiTest({
  setup: async () => {
    await prisma.agent.createMany({ data: rows.map((row) => ({ ...row, aiEngine: "GPT-4o", specialization: "Scout", completionRate: 50 })) });
    await prisma.squad.createMany({ data: rows });
    await prisma.syndicate.createMany({ data: rows });
    await prisma.marketplaceItem.createMany({
      data: rows.map((row, index) => ({ ...row, description: `${row.name} tool`, itemType: "plugin" as const, usageCount: [30, 10, 20, 10, 40][index] })),
    });
    await prisma.deployment.createMany({
      data: rows.map((row, index) => ({ ...row, version: "1.0.0", industry: "Finance", useCase: "Treasury", deployedBy: "ci", status: DEPLOYMENT_STATUS[index] })),
    });
    await prisma.task.createMany({ data: rows.map((row, index) => ({ id: row.id, description: row.name, createdAt: row.createdAt, status: TASK_STATUS[index] })) });
  },
});

type Handler = typeof agents.GET;
const LISTS: { path: string; GET: Handler; nameField: string }[] = [
  { path: "/api/agents", GET: agents.GET, nameField: "name" },
  { path: "/api/squads", GET: squads.GET, nameField: "name" },
  { path: "/api/syndicates", GET: syndicates.GET, nameField: "name" },
  { path: "/api/marketplace", GET: marketplace.GET, nameField: "name" },
  { path: "/api/deployments", GET: deployments.GET, nameField: "name" },
  { path: "/api/tasks", GET: tasks.GET, nameField: "description" },
];

const ids = (json: { id: string }[]) => json.map((row) => row.id);

/** Every page of a list, following the Link header. */
const allPages = async (GET: Handler, path: string, query: Record<string, string | number>) => {
  const seen: string[] = [];
  let next: URL | undefined = new URL(`http://localhost${path}`);
  for (const [key, value] of Object.entries(query)) next.searchParams.set(key, String(value));
  for (let pages = 0; next && pages < 10; pages += 1) {
    const response = await call(GET, "GET", next.pathname, { query: Object.fromEntries(next.searchParams) });
    expect(response.status).toBe(200);
    seen.push(...ids(response.json));
    const link = /<([^>]+)>; rel="next"/.exec(response.headers.get("link") ?? "");
    next = link ? new URL(link[1], "http://localhost") : undefined;
  }
  return seen;
};

describe.each(LISTS)("GET $path?sort=", ({ path, GET, nameField }) => {
  it("keeps the default order by id", async () => {
    const response = await call(GET, "GET", path);
    expect(ids(response.json)).toEqual(["r1", "r2", "r3", "r4", "r5"]);
  });

  it("sorts by name ascending and descending, ties by id", async () => {
    const up = await call(GET, "GET", path, { query: { sort: nameField } });
    expect(up.status).toBe(200);
    expect(ids(up.json)).toEqual(BY_NAME);
    expect(up.headers.get("x-total-count")).toBe("5");
    const down = await call(GET, "GET", path, { query: { sort: `-${nameField}` } });
    expect(ids(down.json)).toEqual(BY_NAME_DESC);
  });

  it("sorts by id descending and by creation time", async () => {
    expect(ids((await call(GET, "GET", path, { query: { sort: "-id" } })).json)).toEqual(["r5", "r4", "r3", "r2", "r1"]);
    expect(ids((await call(GET, "GET", path, { query: { sort: "createdAt" } })).json)).toEqual(["r5", "r4", "r3", "r2", "r1"]);
  });

  it("pages through a sorted list with the cursor of the Link header", async () => {
    expect(await allPages(GET, path, { sort: nameField, limit: 2 })).toEqual(BY_NAME);
    expect(await allPages(GET, path, { sort: `-${nameField}`, limit: 2 })).toEqual(BY_NAME_DESC);
    expect(await allPages(GET, path, { sort: "-createdAt", limit: 3 })).toEqual(["r1", "r2", "r3", "r4", "r5"]);
  });

  it("carries the sort and the last row's value in the cursor", async () => {
    const first = await call(GET, "GET", path, { query: { sort: nameField, limit: 2 } });
    const next = new URL(/<([^>]+)>; rel="next"/.exec(first.headers.get("link") ?? "")![1], "http://localhost");
    // The cursor names r4 (the second Alder) with its sort value: the next page is read by value.
    const cursor = JSON.parse(Buffer.from(next.searchParams.get("cursor")!, "base64url").toString("utf8"));
    expect(cursor).toMatchObject({ id: "r4", s: nameField, v: "Alder" });
    const rest = await call(GET, "GET", path, { query: Object.fromEntries(next.searchParams) });
    expect(ids(rest.json)).toEqual(["r3", "r1"]);
  });

  it("refuses an unknown sort field with a 400 naming the allowed values", async () => {
    const response = await call(GET, "GET", path, { query: { sort: "password" } });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["query.sort"]);
    expect(response.json.errors[0].message).toContain(`sort must be one of: id, -id, `);
    expect(response.json.errors[0].message).toContain(`-${nameField}`);
  });

  it("refuses a cursor issued for another order", async () => {
    const first = await call(GET, "GET", path, { query: { sort: nameField, limit: 2 } });
    const cursor = new URL(/<([^>]+)>; rel="next"/.exec(first.headers.get("link") ?? "")![1], "http://localhost").searchParams.get("cursor")!;
    const response = await call(GET, "GET", path, { query: { sort: "-id", cursor } });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["query.cursor"]);
  });
});

describe("sorting with filters and typed columns", () => {
  it("sorts agents filtered by name or id", async () => {
    const response = await call(agents.GET, "GET", "/api/agents", { query: { q: "d", sort: "-name" } });
    // "d" is in Cedar, Alder, Alder and Dogwood: Birch (r3) is left out.
    expect(ids(response.json)).toEqual(["r5", "r1", "r2", "r4"]);
    expect(response.headers.get("x-total-count")).toBe("4");
  });

  it("sorts marketplace items by a number, paged, within a type", async () => {
    expect(await allPages(marketplace.GET, "/api/marketplace", { itemType: "plugin", sort: "usageCount", limit: 2 })).toEqual(["r2", "r4", "r3", "r1", "r5"]);
    expect(await allPages(marketplace.GET, "/api/marketplace", { sort: "-usageCount", limit: 2 })).toEqual(["r5", "r1", "r3", "r2", "r4"]);
  });

  it("sorts deployments by status in lifecycle order, paged and filtered", async () => {
    expect(await allPages(deployments.GET, "/api/deployments", { sort: "status", limit: 2 })).toEqual(["r2", "r4", "r5", "r1", "r3"]);
    expect(await allPages(deployments.GET, "/api/deployments", { sort: "-status", limit: 2 })).toEqual(["r3", "r1", "r5", "r2", "r4"]);
    expect(ids((await call(deployments.GET, "GET", "/api/deployments", { query: { status: "queued", sort: "-name" } })).json)).toEqual(["r2", "r4"]);
  });

  it("sorts tasks by status in lifecycle order, paged", async () => {
    expect(await allPages(tasks.GET, "/api/tasks", { sort: "status", limit: 2 })).toEqual(["r2", "r4", "r5", "r3", "r1"]);
    expect(await allPages(tasks.GET, "/api/tasks", { sort: "-status", limit: 1 })).toEqual(["r1", "r3", "r5", "r2", "r4"]);
  });
});

describe("the OpenAPI document", () => {
  it("declares ?sort= with its allowed values on every list", async () => {
    const document = (await call(openapi.GET, "GET", "/api/openapi.json")).json;
    for (const { path, nameField } of LISTS) {
      const parameters: { name: string; in: string; schema: { enum?: string[] } }[] = document.paths[path].get.parameters;
      const sort = parameters.find((parameter) => parameter.name === "sort" && parameter.in === "query");
      expect(sort?.schema.enum).toEqual(expect.arrayContaining(["id", "-id", nameField, `-${nameField}`, "createdAt", "-createdAt"]));
    }
  });
});
