// The webhook endpoints API: create (secret once), list, get, update, delete, rotate, test, the
// delivery log — each for operators only, with every refusal (400, 401, 403, 404, 409, 422).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as collection from "../../app/api/webhooks/route";
import * as item from "../../app/api/webhooks/[webhookId]/route";
import * as rotate from "../../app/api/webhooks/[webhookId]/rotate-secret/route";
import * as test from "../../app/api/webhooks/[webhookId]/test/route";
import * as deliveries from "../../app/api/webhooks/[webhookId]/deliveries/route";
import { prisma } from "../../lib/db";
import { PRIVATE_EVENT_TYPES } from "../../lib/events/catalog";
import { openApiDocument } from "../../lib/http/api-document";
import { resetWebhooksConfig } from "../../lib/webhooks";
import { useApiTest } from "../helpers/api";
import { call, errorPaths } from "../helpers/http";

const api = useApiTest({ withKeys: true });

const allowPrivate = (allowed: boolean) => {
  process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = String(allowed);
  resetWebhooksConfig();
};
beforeAll(() => allowPrivate(true));
afterAll(() => {
  delete process.env.WEBHOOKS_ALLOW_PRIVATE_URLS;
  resetWebhooksConfig();
});

const create = (body: unknown, key = api.operator) => call(collection.POST, "POST", "/api/webhooks", { key, body });
const params = (webhookId: string) => ({ params: { webhookId } });

describe("webhook endpoints API", () => {
  it("creates an endpoint and answers its secret once; reads never show it", async () => {
    const created = await create({ url: "http://127.0.0.1:9/hook", description: "CI", eventTypes: ["task.status_changed", "task.status_changed"] });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ id: expect.stringMatching(/^whe_/), url: "http://127.0.0.1:9/hook", description: "CI", eventTypes: ["task.status_changed"], enabled: true, disabledReason: null });
    expect(created.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const { id } = created.json;
    const got = await call(item.GET, "GET", `/api/webhooks/${id}`, { key: api.operator, ...params(id) });
    expect(got.status).toBe(200);
    expect(got.json).toMatchObject({ id, url: "http://127.0.0.1:9/hook" });
    expect(got.json).not.toHaveProperty("secret");
    const list = await call(collection.GET, "GET", "/api/webhooks", { key: api.operator, query: { limit: 1 } });
    expect(list.status).toBe(200);
    expect(list.headers.get("x-total-count")).toBe(String(await prisma.webhookEndpoint.count()));
    expect(list.text).not.toContain("whsec_");
  });

  it("refuses a URL that is not http(s) and names an unknown event type (400)", async () => {
    const bad = await create({ url: "ftp://example.com/x", eventTypes: ["task.status_changed", "task.exploded"] });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.json)).toEqual(["body.eventTypes.1", "body.url"]);
    expect(bad.json.errors.find((error: { path: string }) => error.path === "body.eventTypes.1").message).toMatch(/^'task.exploded' is not an event type/);
    expect((await create({})).status).toBe(400);
  });

  it("refuses a private event type (a user's own jobs and wallets are never delivered), and the document offers none", async () => {
    const bad = await create({ url: "http://127.0.0.1:9/hook", eventTypes: ["task.created", "wallet_indexing.finished", "quantum_job.finished"] });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.json)).toEqual(["body.eventTypes.1", "body.eventTypes.2"]);
    expect(bad.json.errors[0].message).toMatch(/private to its owner and never delivered to webhooks/);
    const { webhooks } = openApiDocument() as { webhooks: Record<string, unknown> };
    expect(Object.keys(webhooks)).toContain("task.created");
    for (const type of PRIVATE_EVENT_TYPES) expect(Object.keys(webhooks)).not.toContain(type);
  });

  it("refuses private addresses unless allowed, and hosts that do not resolve (422)", async () => {
    allowPrivate(false);
    try {
      for (const url of ["http://127.0.0.1:8080/x", "http://10.1.2.3/x", "http://[::1]/x", "http://169.254.169.254/latest", "http://[::ffff:127.0.0.1]/x", "http://localhost/x"]) {
        const refused = await create({ url });
        expect(refused.status, url).toBe(422);
        expect(errorPaths(refused.json)).toEqual(["body.url"]);
      }
      const unresolvable = await create({ url: "https://no-such-host.invalid/hook" });
      expect(unresolvable.status).toBe(422);
      expect(unresolvable.json.detail).toMatch(/could not be resolved/);
    } finally {
      allowPrivate(true);
    }
  });

  it("is for operators: 401 without a credential, 403 for a viewer", async () => {
    const anonymous = await call(collection.GET, "GET", "/api/webhooks");
    expect(anonymous.status).toBe(401);
    expect((await call(collection.GET, "GET", "/api/webhooks", { key: api.viewer })).status).toBe(403);
    expect((await create({ url: "http://127.0.0.1:9/" }, api.viewer)).status).toBe(403);
  });

  it("updates fields, disables with a reason and re-enables; 404 for an unknown id", async () => {
    const { id } = (await create({ url: "http://127.0.0.1:9/a" })).json;
    const patched = await call(item.PATCH, "PATCH", `/api/webhooks/${id}`, { key: api.operator, ...params(id), body: { description: "new", eventTypes: [], enabled: false } });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ description: "new", eventTypes: [], enabled: false, disabledReason: "Disabled by an operator." });
    const enabled = await call(item.PATCH, "PATCH", `/api/webhooks/${id}`, { key: api.operator, ...params(id), body: { enabled: true } });
    expect(enabled.json).toMatchObject({ enabled: true, disabledReason: null, description: "new" });
    const badType = await call(item.PATCH, "PATCH", `/api/webhooks/${id}`, { key: api.operator, ...params(id), body: { eventTypes: ["nope"] } });
    expect(badType.status).toBe(400);
    expect(errorPaths(badType.json)).toEqual(["body.eventTypes.0"]);
    allowPrivate(false);
    try {
      const privateUrl = await call(item.PATCH, "PATCH", `/api/webhooks/${id}`, { key: api.operator, ...params(id), body: { url: "http://192.168.1.1/" } });
      expect(privateUrl.status).toBe(422);
    } finally {
      allowPrivate(true);
    }
    const missing = await call(item.PATCH, "PATCH", "/api/webhooks/whe_missing", { key: api.operator, ...params("whe_missing"), body: { enabled: false } });
    expect(missing.status).toBe(404);
    expect((await call(item.GET, "GET", "/api/webhooks/whe_missing", { key: api.operator, ...params("whe_missing") })).status).toBe(404);
    expect((await call(item.PATCH, "PATCH", `/api/webhooks/${id}`, { key: api.viewer, ...params(id), body: {} })).status).toBe(403);
  });

  it("rotates the secret (shown once) and deletes an endpoint (204, then 404)", async () => {
    const created = (await create({ url: "http://127.0.0.1:9/r" })).json;
    const rotated = await call(rotate.POST, "POST", `/api/webhooks/${created.id}/rotate-secret`, { key: api.operator, ...params(created.id) });
    expect(rotated.status).toBe(200);
    expect(rotated.json.secret).toMatch(/^whsec_/);
    expect(rotated.json.secret).not.toBe(created.secret);
    expect((await call(rotate.POST, "POST", "/api/webhooks/whe_missing/rotate-secret", { key: api.operator, ...params("whe_missing") })).status).toBe(404);
    expect((await call(rotate.POST, "POST", `/api/webhooks/${created.id}/rotate-secret`, { key: api.viewer, ...params(created.id) })).status).toBe(403);
    expect((await call(item.DELETE, "DELETE", `/api/webhooks/${created.id}`, { key: api.viewer, ...params(created.id) })).status).toBe(403);
    const removed = await call(item.DELETE, "DELETE", `/api/webhooks/${created.id}`, { key: api.operator, ...params(created.id) });
    expect(removed.status).toBe(204);
    expect((await call(item.DELETE, "DELETE", `/api/webhooks/${created.id}`, { key: api.operator, ...params(created.id) })).status).toBe(404);
  });

  it("queues a test (202) that appears in the delivery log; 409 when disabled, 404 when unknown", async () => {
    const { id } = (await create({ url: "http://127.0.0.1:9/t" })).json;
    const queued = await call(test.POST, "POST", `/api/webhooks/${id}/test`, { key: api.operator, ...params(id) });
    expect(queued.status).toBe(202);
    expect(queued.json).toMatchObject({ endpointId: id, eventType: "webhook.test", attempt: 1, state: "pending", statusCode: null });
    const log = await call(deliveries.GET, "GET", `/api/webhooks/${id}/deliveries`, { key: api.operator, ...params(id) });
    expect(log.status).toBe(200);
    expect(log.json).toEqual([queued.json]);
    expect(log.headers.get("x-total-count")).toBe("1");
    const filtered = await call(deliveries.GET, "GET", `/api/webhooks/${id}/deliveries`, { key: api.operator, ...params(id), query: { state: "succeeded" } });
    expect(filtered.json).toEqual([]);
    const badQuery = await call(deliveries.GET, "GET", `/api/webhooks/${id}/deliveries`, { key: api.operator, ...params(id), query: { state: "lost", limit: 0 } });
    expect(badQuery.status).toBe(400);
    expect(errorPaths(badQuery.json)).toEqual(["query.limit", "query.state"]);
    expect((await call(deliveries.GET, "GET", "/api/webhooks/whe_missing/deliveries", { key: api.operator, ...params("whe_missing") })).status).toBe(404);
    expect((await call(deliveries.GET, "GET", `/api/webhooks/${id}/deliveries`, { key: api.viewer, ...params(id) })).status).toBe(403);
    // The test event is the operator's own: others' event lists do not show it.
    expect(await prisma.event.findFirst({ where: { type: "webhook.test", entityId: id } })).toMatchObject({ visibleTo: expect.any(String) });

    await call(item.PATCH, "PATCH", `/api/webhooks/${id}`, { key: api.operator, ...params(id), body: { enabled: false } });
    const disabled = await call(test.POST, "POST", `/api/webhooks/${id}/test`, { key: api.operator, ...params(id) });
    expect(disabled.status).toBe(409);
    // Disabling cancelled the test that was still pending.
    expect((await call(deliveries.GET, "GET", `/api/webhooks/${id}/deliveries`, { key: api.operator, ...params(id) })).json.map((entry: { state: string }) => entry.state)).toEqual(["cancelled"]);
    expect((await call(test.POST, "POST", "/api/webhooks/whe_missing/test", { key: api.operator, ...params("whe_missing") })).status).toBe(404);
    expect((await call(test.POST, "POST", `/api/webhooks/${id}/test`, { key: api.viewer, ...params(id) })).status).toBe(403);
  });

  it("pages the delivery log newest first", async () => {
    const { id } = (await create({ url: "http://127.0.0.1:9/p" })).json;
    const sent = [];
    for (let n = 0; n < 3; n += 1) sent.push((await call(test.POST, "POST", `/api/webhooks/${id}/test`, { key: api.operator, ...params(id) })).json.id);
    const first = await call(deliveries.GET, "GET", `/api/webhooks/${id}/deliveries`, { key: api.operator, ...params(id), query: { limit: 2 } });
    expect(first.json.map((entry: { id: string }) => entry.id)).toEqual([sent[2], sent[1]]);
    const next = new URL(/<([^>]+)>/.exec(first.headers.get("link")!)![1], "http://localhost");
    const second = await call(deliveries.GET, "GET", `/api/webhooks/${id}/deliveries`, { key: api.operator, ...params(id), query: Object.fromEntries(next.searchParams) });
    expect(second.json.map((entry: { id: string }) => entry.id)).toEqual([sent[0]]);
  });
});
