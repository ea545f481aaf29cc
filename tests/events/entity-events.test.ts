// Agents, squads, syndicates and marketplace items record exactly one event per create, update and
// delete made through the API, with the record as the API answers it (its data parses with the
// catalog's schema) and the caller as actor; a refused write records none, a transaction that fails
// after recording leaves none, and an entity's events are in the order of its changes.
import { describe, expect, it } from "vitest";
import * as agents from "../../app/api/agents/route";
import * as agent from "../../app/api/agents/[agentId]/route";
import * as squads from "../../app/api/squads/route";
import * as squad from "../../app/api/squads/[squadId]/route";
import * as syndicates from "../../app/api/syndicates/route";
import * as syndicate from "../../app/api/syndicates/[syndicateId]/route";
import * as addItem from "../../app/api/marketplace/addItem/route";
import * as marketItem from "../../app/api/marketplace/item/[marketplaceId]/route";
import { prisma } from "../../lib/db";
import { eventDefinition, recordEvent, toEvent, type TEvent } from "../../lib/events";
import { useApiTest } from "../helpers/api";
import { unique, userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { agentBody, assignTask } from "../agents/factory";

let operator: { key: string; userId: string };
useApiTest({
  setup: async () => {
    const made = await userWithKey("operator");
    operator = { key: made.key, userId: made.user.id };
  },
});

const eventsOf = async (entityType: string, entityId: string): Promise<TEvent[]> =>
  (await prisma.event.findMany({ where: { entityType, entityId }, orderBy: { seq: "asc" } })).map(toEvent);

/** The event's data is what its catalog type declares. */
const expectCatalogShape = (event: TEvent) => {
  const definition = eventDefinition(event.type)!;
  expect(definition.entityType).toBe(event.entity.type);
  expect(definition.data.safeParse(event.data).error).toBeUndefined();
};

const makeAgent = async () => {
  const body = agentBody();
  const created = await call(agents.POST, "POST", "/api/agents", { key: operator.key, body });
  expect(created.status).toBe(201);
  return created.json as { id: string; name: string };
};

const makeSquad = async (agentIds: string[]) => {
  const created = await call(squads.POST, "POST", "/api/squads", { key: operator.key, body: { id: unique("squad"), name: "Evented squad", agents: agentIds.map((id) => ({ id })) } });
  expect(created.status).toBe(201);
  return created.json as { id: string };
};

describe("agent events", () => {
  it("create, update and delete each record one event with the agent as the API answers it, by the caller", async () => {
    const created = await makeAgent();
    const updated = await call(agent.PUT, "PUT", `/api/agents/${created.id}`, { key: operator.key, params: { agentId: created.id }, body: { ...agentBody({ id: created.id }), name: "Renamed" } });
    expect(updated.status).toBe(200);
    const deleted = await call(agent.DELETE, "DELETE", `/api/agents/${created.id}`, { key: operator.key, params: { agentId: created.id } });
    expect(deleted.status).toBe(204);

    const events = await eventsOf("agent", created.id);
    expect(events.map((event) => event.type)).toEqual(["agent.created", "agent.updated", "agent.deleted"]);
    expect(events[0].data).toEqual(created);
    expect(events[1].data).toMatchObject({ id: created.id, name: "Renamed" });
    expect(events[2].data).toEqual({ id: created.id });
    for (const event of events) {
      expectCatalogShape(event);
      expect(event.actorId).toBe(operator.userId);
    }
    // seq follows the order of the changes
    expect(events.map((event) => BigInt(event.seq))).toEqual(events.map((event) => BigInt(event.seq)).sort((a, b) => (a < b ? -1 : 1)));
  });

  it("a refused write records nothing: 409 duplicate id, 404 unknown agent, 409 open tasks", async () => {
    const existing = await makeAgent();
    const before = await prisma.event.count();
    expect((await call(agents.POST, "POST", "/api/agents", { key: operator.key, body: agentBody({ id: existing.id }) })).status).toBe(409);
    expect((await call(agent.PUT, "PUT", "/api/agents/ghost-agent", { key: operator.key, params: { agentId: "ghost-agent" }, body: agentBody({ id: "ghost-agent" }) })).status).toBe(404);
    expect((await call(agent.DELETE, "DELETE", "/api/agents/ghost-agent", { key: operator.key, params: { agentId: "ghost-agent" } })).status).toBe(404);
    await assignTask("Agent", existing.id, "in_progress");
    expect((await call(agent.DELETE, "DELETE", `/api/agents/${existing.id}`, { key: operator.key, params: { agentId: existing.id } })).status).toBe(409);
    expect(await prisma.event.count()).toBe(before);
  });
});

describe("squad and syndicate events", () => {
  it("squad create, update and delete: one event each, the squad with its members and metrics", async () => {
    const member = await makeAgent();
    const created = await makeSquad([member.id]);
    const put = await call(squad.PUT, "PUT", `/api/squads/${created.id}`, { key: operator.key, params: { squadId: created.id }, body: { id: created.id, name: "Renamed squad", agents: [] } });
    expect(put.status).toBe(200);
    expect((await call(squad.DELETE, "DELETE", `/api/squads/${created.id}`, { key: operator.key, params: { squadId: created.id } })).status).toBe(204);

    const events = await eventsOf("squad", created.id);
    expect(events.map((event) => event.type)).toEqual(["squad.created", "squad.updated", "squad.deleted"]);
    expect(events[0].data).toEqual(created);
    expect(events[1].data).toMatchObject({ id: created.id, name: "Renamed squad", agents: [] });
    expect(events[2].data).toEqual({ id: created.id });
    events.forEach(expectCatalogShape);
  });

  it("syndicate create, update and delete: one event each", async () => {
    const member = await makeSquad([]);
    const id = unique("syndicate");
    const created = await call(syndicates.POST, "POST", "/api/syndicates", { key: operator.key, body: { id, name: "Evented syndicate", squads: [{ id: member.id }] } });
    expect(created.status).toBe(201);
    const put = await call(syndicate.PUT, "PUT", `/api/syndicates/${id}`, { key: operator.key, params: { syndicateId: id }, body: { id, name: "Renamed syndicate", squads: [] } });
    expect(put.status).toBe(200);
    expect((await call(syndicate.DELETE, "DELETE", `/api/syndicates/${id}`, { key: operator.key, params: { syndicateId: id } })).status).toBe(204);

    const events = await eventsOf("syndicate", id);
    expect(events.map((event) => event.type)).toEqual(["syndicate.created", "syndicate.updated", "syndicate.deleted"]);
    expect(events[0].data).toEqual(created.json);
    expect(events[1].data).toMatchObject({ id, name: "Renamed syndicate", squads: [] });
    events.forEach(expectCatalogShape);
  });

  it("a refused group write records nothing: 409 duplicate, 422 unknown members, 404 unknown group, 400 id mismatch", async () => {
    const existing = await makeSquad([]);
    const before = await prisma.event.count();
    expect((await call(squads.POST, "POST", "/api/squads", { key: operator.key, body: { id: existing.id, name: "Again", agents: [] } })).status).toBe(409);
    expect((await call(squads.POST, "POST", "/api/squads", { key: operator.key, body: { id: unique("squad"), name: "Ghosts", agents: [{ id: "ghost" }] } })).status).toBe(422);
    expect((await call(squad.PUT, "PUT", `/api/squads/${existing.id}`, { key: operator.key, params: { squadId: existing.id }, body: { id: existing.id, name: "Ghosts", agents: [{ id: "ghost" }] } })).status).toBe(422);
    expect((await call(squad.PUT, "PUT", "/api/squads/ghost-squad", { key: operator.key, params: { squadId: "ghost-squad" }, body: { id: "ghost-squad", name: "x", agents: [] } })).status).toBe(404);
    expect((await call(squad.PUT, "PUT", `/api/squads/${existing.id}`, { key: operator.key, params: { squadId: existing.id }, body: { id: "other", name: "x", agents: [] } })).status).toBe(400);
    expect((await call(syndicate.DELETE, "DELETE", "/api/syndicates/ghost-syndicate", { key: operator.key, params: { syndicateId: "ghost-syndicate" } })).status).toBe(404);
    expect((await call(syndicates.POST, "POST", "/api/syndicates", { key: operator.key, body: { id: unique("syndicate"), name: "Ghosts", squads: [{ id: "ghost" }] } })).status).toBe(422);
    expect(await prisma.event.count()).toBe(before);
  });
});

describe("marketplace item events", () => {
  const itemBody = (id: string, name = "Evented item") => ({ id, name, description: "An item with events", itemType: "plugin", commerce: { price: 5 } });

  it("add, update and delete: one event each, the item as the API answers it", async () => {
    const id = unique("mk");
    const added = await call(addItem.POST, "POST", "/api/marketplace/addItem", { key: operator.key, body: itemBody(id) });
    expect(added.status).toBe(201);
    expect((await call(marketItem.PUT, "PUT", `/api/marketplace/item/${id}`, { key: operator.key, params: { marketplaceId: id }, body: itemBody(id, "Renamed item") })).status).toBe(200);
    expect((await call(marketItem.DELETE, "DELETE", `/api/marketplace/item/${id}`, { key: operator.key, params: { marketplaceId: id } })).status).toBe(204);

    const events = await eventsOf("marketplace_item", id);
    expect(events.map((event) => event.type)).toEqual(["marketplace_item.created", "marketplace_item.updated", "marketplace_item.deleted"]);
    expect(events[0].data).toEqual(added.json);
    expect(events[1].data).toEqual({ ...added.json, name: "Renamed item" });
    expect(events[2].data).toEqual({ id });
    events.forEach(expectCatalogShape);
  });

  it("a refused write records nothing: 409 duplicate, 404 unknown item", async () => {
    const id = unique("mk");
    expect((await call(addItem.POST, "POST", "/api/marketplace/addItem", { key: operator.key, body: itemBody(id) })).status).toBe(201);
    const before = await prisma.event.count();
    expect((await call(addItem.POST, "POST", "/api/marketplace/addItem", { key: operator.key, body: itemBody(id) })).status).toBe(409);
    expect((await call(marketItem.PUT, "PUT", "/api/marketplace/item/ghost-item", { key: operator.key, params: { marketplaceId: "ghost-item" }, body: itemBody("ghost-item") })).status).toBe(404);
    expect((await call(marketItem.DELETE, "DELETE", "/api/marketplace/item/ghost-item", { key: operator.key, params: { marketplaceId: "ghost-item" } })).status).toBe(404);
    expect(await prisma.event.count()).toBe(before);
  });
});

describe("atomicity", () => {
  it("a transaction that fails after recording its event leaves neither the change nor the event", async () => {
    const id = unique("rolled-back");
    const before = await prisma.event.count();
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.marketplaceItem.create({ data: { id, name: "Doomed", description: "Rolled back", itemType: "plugin" } });
        await recordEvent(tx, { type: "marketplace_item.created", entityId: id, data: { id } });
        // A later statement fails: the primary key is taken by the row just written.
        await tx.marketplaceItem.create({ data: { id, name: "Again", description: "Duplicate", itemType: "plugin" } });
      }),
    ).rejects.toThrow();
    expect(await prisma.event.count()).toBe(before);
    expect(await prisma.marketplaceItem.count({ where: { id } })).toBe(0);
  });

  it("an entity's events follow the order of its changes, also when changes of others interleave", async () => {
    const first = await makeAgent();
    const second = await makeAgent();
    for (const name of ["One", "Two", "Three"]) {
      for (const target of [first, second]) {
        const response = await call(agent.PUT, "PUT", `/api/agents/${target.id}`, { key: operator.key, params: { agentId: target.id }, body: { ...agentBody({ id: target.id }), name } });
        expect(response.status).toBe(200);
      }
    }
    for (const target of [first, second]) {
      const events = await eventsOf("agent", target.id);
      expect(events.map((event) => (event.data as { name: string }).name)).toEqual([target.name, "One", "Two", "Three"]);
      const seqs = events.map((event) => BigInt(event.seq));
      expect(seqs.every((seq, index) => index === 0 || seq > seqs[index - 1])).toBe(true);
    }
  });
});
