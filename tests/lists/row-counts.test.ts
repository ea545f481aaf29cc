// X-Total-Count of the agent, squad and syndicate lists without filters is read from "RowCount",
// which statement triggers keep (lib/core/list-sql.ts): it must stay the table's exact count through
// creates and deletes over the API, bulk inserts, cascades, rolled-back transactions and truncation.
import { describe, expect, it } from "vitest";
import * as agents from "../../app/api/agents/route";
import * as agent from "../../app/api/agents/[agentId]/route";
import * as squads from "../../app/api/squads/route";
import * as squad from "../../app/api/squads/[squadId]/route";
import * as syndicates from "../../app/api/syndicates/route";
import { getDb, prisma } from "../../lib/db";
import { useApiTest } from "../helpers/api";
import { call } from "../helpers/http";
import { agentBody } from "../agents/factory";

const api = useApiTest({ withKeys: true });

const totals = async () => {
  const [a, s, y] = await Promise.all([
    call(agents.GET, "GET", "/api/agents", { key: api.viewer, query: { limit: 1 } }),
    call(squads.GET, "GET", "/api/squads", { key: api.viewer, query: { limit: 1 } }),
    call(syndicates.GET, "GET", "/api/syndicates", { key: api.viewer, query: { limit: 1 } }),
  ]);
  return { agents: Number(a.headers.get("x-total-count")), squads: Number(s.headers.get("x-total-count")), syndicates: Number(y.headers.get("x-total-count")) };
};

const counted = async () => ({ agents: await prisma.agent.count(), squads: await prisma.squad.count(), syndicates: await prisma.syndicate.count() });

describe("X-Total-Count without filters", () => {
  it("follows creates and deletes over the API", async () => {
    expect(await totals()).toEqual({ agents: 0, squads: 0, syndicates: 0 });
    for (const id of ["count-a", "count-b", "count-c"]) {
      expect((await call(agents.POST, "POST", "/api/agents", { key: api.operator, body: agentBody({ id }) })).status).toBe(201);
    }
    const created = await call(squads.POST, "POST", "/api/squads", { key: api.operator, body: { id: "count-squad", name: "Counted", agents: [{ id: "count-a" }] } });
    expect(created.status).toBe(201);
    expect(await totals()).toEqual({ agents: 3, squads: 1, syndicates: 0 });
    expect((await call(agent.DELETE, "DELETE", "/api/agents/count-b", { key: api.operator, params: { agentId: "count-b" } })).status).toBe(204);
    expect((await call(squad.DELETE, "DELETE", "/api/squads/count-squad", { key: api.operator, params: { squadId: "count-squad" } })).status).toBe(204);
    expect(await totals()).toEqual({ agents: 2, squads: 0, syndicates: 0 });
    expect(await totals()).toEqual(await counted());
  });

  it("follows bulk inserts and deletes, and ignores what a rolled-back transaction did", async () => {
    await prisma.squad.createMany({ data: Array.from({ length: 250 }, (_, i) => ({ id: `bulk-${i}`, name: `Bulk ${i}` })) });
    await prisma.syndicate.createMany({ data: Array.from({ length: 40 }, (_, i) => ({ id: `bulk-${i}`, name: `Bulk ${i}` })) });
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.squad.createMany({ data: [{ id: "gone-1", name: "Gone" }, { id: "gone-2", name: "Gone" }] });
        await tx.syndicate.deleteMany({});
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await totals()).toEqual({ agents: 2, squads: 250, syndicates: 40 });
    await prisma.squad.deleteMany({ where: { id: { startsWith: "bulk-1" } } });
    expect(await totals()).toEqual(await counted());
  });

  it("is 0 again after a truncation, and counts what comes after it", async () => {
    await getDb().sql.exec(`TRUNCATE "Syndicate", "Squad" CASCADE`);
    expect(await totals()).toEqual({ agents: 2, squads: 0, syndicates: 0 });
    await prisma.squad.create({ data: { id: "after", name: "After" } });
    expect(await totals()).toEqual({ agents: 2, squads: 1, syndicates: 0 });
    expect(await totals()).toEqual(await counted());
  });

  it("counts a filtered list, which the counts do not cover", async () => {
    const filtered = await call(agents.GET, "GET", "/api/agents", { key: api.viewer, query: { q: "count-c" } });
    expect(filtered.headers.get("x-total-count")).toBe("1");
  });
});
