// Marketplace API: add, read, replace, delete and list items, on a real database.
import { beforeAll, describe, expect, it } from "vitest";
import * as addItemRoute from "../../app/api/marketplace/addItem/route";
import * as itemRoute from "../../app/api/marketplace/item/[marketplaceId]/route";
import * as listRoute from "../../app/api/marketplace/route";
import { ZMarketplaceItemBody, addMarketplaceItem } from "../../lib/marketplace";
import { assignTask, moveTaskStatus } from "../../lib/tasks";
import { useApiTest } from "../helpers/api";
import { call, errorPaths } from "../helpers/http";

const api = useApiTest({ withKeys: true });

const priced = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Item ${id}`,
  description: "A dApp that tracks portfolios.",
  itemType: "dApp",
  url: "https://app.example.com/tracker",
  metadata: { category: "DeFi Analytics", version: "1.2.0" },
  usageStatistics: { usageCount: 1200, averageRating: 4.6, reviewCount: 85 },
  commerce: { price: 49 },
  ...extra,
});

const leased = (id: string) => ({
  ...priced(id),
  itemType: "model",
  commerce: { leasePrice: 120, salePrice: 4800, supportedIndustries: ["Financial", "Healthcare"] },
});

const add = (body: unknown, key: string | null = api.operator) => call(addItemRoute.POST, "POST", "/api/marketplace/addItem", { key: key ?? undefined, body });
const get = (id: string) => call(itemRoute.GET, "GET", `/api/marketplace/item/${id}`, { params: { marketplaceId: id } });
const put = (id: string, body: unknown, key: string | null = api.operator) =>
  call(itemRoute.PUT, "PUT", `/api/marketplace/item/${id}`, { key: key ?? undefined, body, params: { marketplaceId: id } });
const remove = (id: string, key: string | null = api.operator) =>
  call(itemRoute.DELETE, "DELETE", `/api/marketplace/item/${id}`, { key: key ?? undefined, params: { marketplaceId: id } });

describe("POST /api/marketplace/addItem", () => {
  it("creates an item with a price and answers 201 with the stored item", async () => {
    const response = await add(priced("mk-price"));
    expect(response.status).toBe(201);
    expect(response.json).toEqual(priced("mk-price"));
    expect((await get("mk-price")).json).toEqual(priced("mk-price"));
  });

  it("creates an item with lease and sale terms", async () => {
    const response = await add(leased("mk-lease"));
    expect(response.status).toBe(201);
    expect(response.json.commerce).toEqual({ leasePrice: 120, salePrice: 4800, supportedIndustries: ["Financial", "Healthcare"] });
  });

  it("needs only id, name, description and itemType, and ignores unknown fields", async () => {
    const response = await add({ id: "mk-min", name: "Minimal", description: "Bare item", itemType: "plugin", rating: 5, metadata: { colour: "red" } });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      id: "mk-min",
      name: "Minimal",
      description: "Bare item",
      itemType: "plugin",
      metadata: {},
      usageStatistics: { usageCount: 0, averageRating: 0, reviewCount: 0 },
    });
  });

  it("lists every schema violation by path", async () => {
    const response = await add({ id: "bad id!", itemType: "spaceship", usageStatistics: { usageCount: -1 } });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(errorPaths(response.json)).toEqual(["body.description", "body.id", "body.itemType", "body.name", "body.usageStatistics.usageCount"]);
    expect(response.json.errors.find((e: { path: string }) => e.path === "body.itemType").message).toContain("dApp, agent, squad");
  });

  it("answers 400 for malformed JSON", async () => {
    const response = await add('{"id": "mk-broken",');
    expect(response.status).toBe(400);
    expect(response.json.title).toBe("Malformed JSON");
  });

  it.each([
    ["both shapes at once", { price: 10, leasePrice: 5, salePrice: 50, supportedIndustries: ["Gaming"] }, "not a mix"],
    ["price with a lease price", { price: 10, leasePrice: 5 }, "not a mix"],
    ["half a lease offer", { leasePrice: 5 }, "salePrice"],
    ["neither shape", { cost: 5 }, "either { price } or { leasePrice, salePrice, supportedIndustries }"],
    ["a price that is text", { price: "ten" }, "must be a number"],
    ["not an object", 12, "must be an object"],
  ])("refuses a commerce object with %s", async (_case, commerce, message) => {
    const response = await add(priced("mk-commerce", { commerce }));
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["body.commerce"]);
    expect(response.json.errors[0].message).toContain(message);
  });

  it("points at the field inside a commerce shape when only its value is wrong", async () => {
    const response = await add(priced("mk-commerce", { commerce: { leasePrice: 5, salePrice: -1, supportedIndustries: [] } }));
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["body.commerce.salePrice", "body.commerce.supportedIndustries"]);
  });

  it.each(["ftp://files.example.com/x", "example.com/app", "/relative/path", "https://"])("refuses the url %s", async (url) => {
    const response = await add(priced("mk-url", { url }));
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["body.url"]);
    expect(response.json.errors[0].message).toContain("absolute http(s) URL");
  });

  it("answers 400 naming the field for usage counts past the integer column, and stores nothing", async () => {
    const response = await add(priced("mk-huge", { usageStatistics: { usageCount: 2 ** 40, averageRating: 4, reviewCount: 2 ** 31 } }));
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["body.usageStatistics.reviewCount", "body.usageStatistics.usageCount"]);
    expect((await get("mk-huge")).status).toBe(404);
  });

  it("answers 401 without a credential and 403 for a viewer", async () => {
    const anonymous = await add(priced("mk-anon"), null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toContain("Bearer");
    expect((await add(priced("mk-viewer"), api.viewer)).status).toBe(403);
    expect((await get("mk-anon")).status).toBe(404);
  });

  it("answers 409 for an id that exists, leaving the item as it was", async () => {
    await addMarketplaceItem(ZMarketplaceItemBody.parse(priced("mk-dup")));
    const response = await add({ ...priced("mk-dup"), name: "Other" });
    expect(response.status).toBe(409);
    expect(response.json.detail).toContain("mk-dup");
    expect((await get("mk-dup")).json.name).toBe("Item mk-dup");
  });
});

describe("GET /api/marketplace/item/{marketplaceId}", () => {
  it("answers 404 for an unknown id and 400 for an id that breaks the rules", async () => {
    const missing = await get("no-such-item");
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ status: 404, title: "Not Found", detail: "Marketplace item 'no-such-item' was not found." });
    const bad = await get("bad id");
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.json)).toEqual(["params.marketplaceId"]);
  });
});

describe("PUT /api/marketplace/item/{marketplaceId}", () => {
  it("replaces details and commerce, answers 200 with an empty body, and keeps usage statistics it is not sent", async () => {
    await add(priced("mk-put"));
    const { usageStatistics: _omitted, ...withoutUsage } = leased("mk-put");
    const response = await put("mk-put", { ...withoutUsage, name: "Renamed", url: undefined, metadata: { category: "Risk" } });
    expect(response.status).toBe(200);
    expect(response.text).toBe("");
    const stored = (await get("mk-put")).json;
    expect(stored).toEqual({
      id: "mk-put",
      name: "Renamed",
      description: "A dApp that tracks portfolios.",
      itemType: "model",
      metadata: { category: "Risk" },
      usageStatistics: { usageCount: 1200, averageRating: 4.6, reviewCount: 85 },
      commerce: { leasePrice: 120, salePrice: 4800, supportedIndustries: ["Financial", "Healthcare"] },
    });
    await put("mk-put", { ...priced("mk-put"), usageStatistics: { usageCount: 1500, averageRating: 4.7, reviewCount: 90 } });
    const again = (await get("mk-put")).json;
    expect(again.usageStatistics).toEqual({ usageCount: 1500, averageRating: 4.7, reviewCount: 90 });
    expect(again.commerce).toEqual({ price: 49 });
  });

  it("answers 400 when the body's id differs from the path's", async () => {
    await add(priced("mk-mismatch"));
    const response = await put("mk-mismatch", priced("mk-other"));
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["body.id"]);
    expect((await get("mk-mismatch")).json.name).toBe("Item mk-mismatch");
  });

  it("answers 404 for an unknown id", async () => {
    const response = await put("mk-ghost", priced("mk-ghost"));
    expect(response.status).toBe(404);
  });

  it("answers 400 for a bad commerce shape, 401 anonymous and 403 for a viewer", async () => {
    await add(priced("mk-guard"));
    const bad = await put("mk-guard", priced("mk-guard", { commerce: { price: 1, salePrice: 2 } }));
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.json)).toEqual(["body.commerce"]);
    expect((await put("mk-guard", priced("mk-guard"), null)).status).toBe(401);
    expect((await put("mk-guard", priced("mk-guard"), api.viewer)).status).toBe(403);
  });
});

describe("DELETE /api/marketplace/item/{marketplaceId}", () => {
  it("removes an item and answers 204", async () => {
    await add(priced("mk-del"));
    const response = await remove("mk-del");
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expect((await get("mk-del")).status).toBe(404);
  });

  it("answers 404 for an unknown id, 401 anonymous and 403 for a viewer", async () => {
    expect((await remove("mk-nothing")).status).toBe(404);
    await add(priced("mk-keep"));
    expect((await remove("mk-keep", null)).status).toBe(401);
    expect((await remove("mk-keep", api.viewer)).status).toBe(403);
    expect((await get("mk-keep")).status).toBe(200);
  });

  it("answers 409 naming the open tasks assigned to the item, and deletes once they are final", async () => {
    await add(priced("mk-busy"));
    const entity = { type: "MarketplaceItem" as const, id: "mk-busy" };
    await assignTask({ id: "mk-task-1", description: "Review the listing", status: "pending", assignedEntity: entity });
    await assignTask({ id: "mk-task-2", description: "Run the test suite", status: "in_progress", assignedEntity: entity });
    await assignTask({ id: "mk-task-3", description: "Old review", status: "completed", assignedEntity: entity });
    const refused = await remove("mk-busy");
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toContain("mk-task-1");
    expect(refused.json.detail).toContain("mk-task-2");
    expect(refused.json.detail).not.toContain("mk-task-3");
    expect((await get("mk-busy")).status).toBe(200);

    await moveTaskStatus("mk-task-1", "cancelled");
    await moveTaskStatus("mk-task-2", "completed");
    expect((await remove("mk-busy")).status).toBe(204);
  });
});

describe("GET /api/marketplace", () => {
  beforeAll(async () => {
    for (const [index, type] of ["dataset", "dataset", "agent", "plugin"].entries()) {
      await addMarketplaceItem({
        id: `list-${index}`,
        name: index === 3 ? "Slack Alerts Connector" : `Listed ${index}`,
        description: "Listed for the filter tests",
        itemType: type as "dataset",
        metadata: { category: index < 2 ? "On-chain Data" : "Integrations" },
      });
    }
  });

  it("pages the list with Link and X-Total-Count", async () => {
    const first = await call(listRoute.GET, "GET", "/api/marketplace", { query: { limit: 2 } });
    expect(first.status).toBe(200);
    expect(first.json).toHaveLength(2);
    const total = Number(first.headers.get("x-total-count"));
    expect(total).toBeGreaterThanOrEqual(4);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get("link") ?? "")?.[1];
    expect(next).toBeDefined();
    const second = await call(listRoute.GET, "GET", "/api/marketplace", {
      query: { limit: 2, cursor: new URL(`http://x${next}`).searchParams.get("cursor")! },
    });
    expect(second.json[0].id > first.json[1].id).toBe(true);
  });

  it("filters by itemType, category and words", async () => {
    const datasets = await call(listRoute.GET, "GET", "/api/marketplace", { query: { itemType: "dataset" } });
    expect(datasets.json.map((item: { id: string }) => item.id)).toEqual(["list-0", "list-1"]);
    const integrations = await call(listRoute.GET, "GET", "/api/marketplace", { query: { category: "Integrations" } });
    expect(integrations.json.map((item: { id: string }) => item.id)).toEqual(["list-2", "list-3"]);
    const words = await call(listRoute.GET, "GET", "/api/marketplace", { query: { q: "slack alerts" } });
    expect(words.json.map((item: { id: string }) => item.id)).toEqual(["list-3"]);
    expect(words.headers.get("x-total-count")).toBe("1");
  });

  it("answers 400 for a bad filter or limit", async () => {
    const response = await call(listRoute.GET, "GET", "/api/marketplace", { query: { itemType: "car", limit: 0, cursor: "zzz" } });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["query.cursor", "query.itemType", "query.limit"]);
  });
});

describe("methods", () => {
  it("answers 405 with Allow for methods a path lacks", async () => {
    const onItem = await call(itemRoute.POST, "POST", "/api/marketplace/item/x", { key: api.operator, body: {} });
    expect(onItem.status).toBe(405);
    expect(onItem.headers.get("allow")).toBe("GET, PUT, DELETE");
    const onAdd = await call(addItemRoute.GET, "GET", "/api/marketplace/addItem");
    expect(onAdd.status).toBe(405);
    expect(onAdd.headers.get("allow")).toBe("POST");
    const onList = await call(listRoute.DELETE, "DELETE", "/api/marketplace");
    expect(onList.status).toBe(405);
    expect(onList.headers.get("allow")).toBe("GET");
  });
});
