// GET /api/events: the log newest first (or oldest first), keyset-paged on seq; filters by type,
// entity and `after`; private events only for their user and admins; 400 for a bad filter, 401
// without a credential. And every catalog type documented in the OpenAPI document.
import { beforeAll, describe, expect, it } from "vitest";
import * as eventsRoute from "../../app/api/events/route";
import { GET as openApi } from "../../app/api/openapi.json/route";
import { prisma } from "../../lib/db";
import { EVENT_TYPES, PRIVATE_EVENT_TYPES, recordEvents, runAsActor } from "../../lib/events";
import { useApiTest } from "../helpers/api";
import { unique, userWithKey } from "../helpers/factories";
import { call, errorPaths } from "../helpers/http";

useApiTest();

let viewer: { key: string; id: string };
let owner: { key: string; id: string };
let admin: { key: string; id: string };
const tag = unique("evt");
const agentId = `${tag}-agent`;
const otherAgentId = `${tag}-other`;

beforeAll(async () => {
  [viewer, owner, admin] = await Promise.all(
    (["viewer", "operator", "admin"] as const).map(async (role) => {
      const made = await userWithKey(role);
      return { key: made.key, id: made.user.id };
    }),
  );
  // In commit order: five agent events, then a private quantum job event of the owner's.
  const write = (events: Parameters<typeof recordEvents>[1]) => prisma.$transaction((tx) => recordEvents(tx, events));
  await runAsActor(owner.id, () => write([{ type: "agent.created", entityId: agentId, data: { id: agentId, name: "One" } }]));
  await write([{ type: "agent.updated", entityId: agentId, data: { id: agentId, name: "Two" } }]);
  await write([{ type: "agent.created", entityId: otherAgentId, data: { id: otherAgentId } }]);
  await write([{ type: "agent.updated", entityId: agentId, data: { id: agentId, name: "Three" } }]);
  await write([{ type: "agent.deleted", entityId: agentId, data: { id: agentId } }]);
  await write([{ type: "quantum_job.started", entityId: `${tag}-job`, data: { job: { id: `${tag}-job` } }, visibleTo: owner.id }]);
});

const list = (query: Record<string, string | number>, key: string | undefined = viewer.key) => call(eventsRoute.GET, "GET", "/api/events", { query, key });

describe("GET /api/events", () => {
  it("answers the events newest first, as envelopes with seq, type, entity, actor and data", async () => {
    const response = await list({ entityId: agentId });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("4");
    expect(response.json.map((event: { type: string }) => event.type)).toEqual(["agent.deleted", "agent.updated", "agent.updated", "agent.created"]);
    const created = response.json[3];
    expect(created).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      seq: expect.stringMatching(/^\d+$/),
      type: "agent.created",
      timestamp: expect.any(String),
      entity: { type: "agent", id: agentId },
      actorId: owner.id,
      data: { id: agentId, name: "One" },
    });
    const seqs = response.json.map((event: { seq: string }) => BigInt(event.seq));
    expect(seqs.every((seq: bigint, index: number) => index === 0 || seq < seqs[index - 1])).toBe(true);
  });

  it("pages by seq with a Link to the next page, in either order, with no gap and no repeat", async () => {
    for (const order of ["desc", "asc"]) {
      const seen: string[] = [];
      let query: Record<string, string | number> = { entityId: agentId, limit: 3, order };
      for (let page = 0; page < 3; page += 1) {
        const response = await list(query);
        expect(response.status).toBe(200);
        seen.push(...response.json.map((event: { seq: string }) => event.seq));
        const link = response.headers.get("link");
        if (!link) break;
        const next = new URL(link.slice(1, link.indexOf(">")), "http://localhost");
        query = Object.fromEntries(next.searchParams);
      }
      expect(seen).toHaveLength(4);
      expect(new Set(seen).size).toBe(4);
      const sorted = [...seen].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
      expect(seen).toEqual(order === "asc" ? sorted : sorted.reverse());
    }
  });

  it("filters by a comma list of types, by entity type and by after", async () => {
    const typed = await list({ type: "agent.created, agent.deleted", entityType: "agent" });
    const mine = typed.json.filter((event: { entity: { id: string } }) => event.entity.id.startsWith(tag));
    expect(mine.map((event: { type: string; entity: { id: string } }) => [event.type, event.entity.id])).toEqual([
      ["agent.deleted", agentId],
      ["agent.created", otherAgentId],
      ["agent.created", agentId],
    ]);
    const all = (await list({ entityId: agentId, order: "asc" })).json;
    const after = await list({ entityId: agentId, after: all[1].seq, order: "asc" });
    expect(after.json.map((event: { seq: string }) => event.seq)).toEqual([all[2].seq, all[3].seq]);
  });

  it("shows a private event to its user and to admins only", async () => {
    const query = { entityId: `${tag}-job` };
    expect((await list(query, viewer.key)).json).toEqual([]);
    expect((await list(query, owner.key)).json.map((event: { type: string }) => event.type)).toEqual(["quantum_job.started"]);
    expect((await list(query, admin.key)).json).toHaveLength(1);
    expect((await list(query, viewer.key)).headers.get("x-total-count")).toBe("0");
  });

  it("answers 400 naming the allowed types for an unknown type, and for a bad entity type, after or cursor", async () => {
    const badType = await list({ type: "agent.created,agent.exploded" });
    expect(badType.status).toBe(400);
    expect(errorPaths(badType.json)).toEqual(["query.type"]);
    const message = badType.json.errors[0].message as string;
    expect(message).toContain("'agent.exploded'");
    for (const type of EVENT_TYPES) expect(message).toContain(type);

    const bad = await list({ entityType: "spaceship", after: "-1", cursor: "not-a-cursor", limit: 0 });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.json)).toEqual(["query.after", "query.cursor", "query.entityType", "query.limit"]);
  });

  it("answers 401 without a credential", async () => {
    const response = await call(eventsRoute.GET, "GET", "/api/events");
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
  });
});

describe("the OpenAPI document", () => {
  it("documents every delivered event type as a webhook carrying the envelope and that type's data schema (private types: their data schema only)", async () => {
    const document = await (await openApi(new Request("http://localhost/api/openapi.json"), { params: Promise.resolve({}) })).json();
    const delivered = EVENT_TYPES.filter((type) => !PRIVATE_EVENT_TYPES.includes(type));
    expect(Object.keys(document.webhooks).sort()).toEqual([...delivered].sort());
    for (const type of PRIVATE_EVENT_TYPES) expect(document.components.schemas[`EventData.${type}`]).toMatchObject({ type: "object" });
    for (const type of delivered) {
      const body = document.webhooks[type].post.requestBody.content["application/json"].schema;
      expect(body.properties.type).toEqual({ const: type });
      const [envelope, typed] = body.properties.data.allOf;
      expect(envelope).toEqual({ $ref: "#/components/schemas/Event" });
      expect(typed.properties.data).toEqual({ $ref: `#/components/schemas/EventData.${type}` });
      expect(document.components.schemas[`EventData.${type}`]).toMatchObject({ type: "object" });
    }
    expect(document.paths["/api/events"].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(["type", "entityType", "entityId", "after", "cursor", "limit"]),
    );
  });
});
