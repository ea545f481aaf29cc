// The squad and syndicate lists in raw SQL (lib/groups/kind.ts, lib/core/list-sql.ts) answer
// what the Prisma queries they replaced answered: every page, its total and its next cursor, for
// every ?sort= (both directions), with and without ?q=, walked to the end by cursor. Ties on every
// sort column, groups without members, agents in several squads of one syndicate, metrics whose
// floating-point sums depend on the order, and names holding LIKE wildcards are in the data.
import { describe, expect, it } from "vitest";
import { aggregateMetrics, GROUP_SORT, uniqueById } from "../../lib/groups";
import { listSquads } from "../../lib/squads";
import { listSyndicates } from "../../lib/syndicates";
import { ZSquadListQuery, type TSquadListQuery } from "../../lib/squads/schemas";
import { nameOrIdContains } from "../../lib/core/search";
import { sortValues, sortedPageArgs } from "../../lib/core/sorting";
import { toPage } from "../../lib/core/paging";
import { prisma } from "../../lib/db";
import { useApiTest } from "../helpers/api";

// The lists as they were written with Prisma before they moved to SQL: the references.
const listSquadsWithPrisma = async (query: TSquadListQuery) => {
  const where = nameOrIdContains(query.q);
  const [rows, total] = await Promise.all([
    prisma.squad.findMany({
      ...sortedPageArgs(query, where),
      select: {
        id: true,
        name: true,
        createdAt: true,
        updatedAt: true,
        members: { select: { agent: { select: { experiencePoints: true, uptime: true, completionRate: true } } } },
      },
    }),
    prisma.squad.count({ where }),
  ]);
  const summaries = rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    agentCount: row.members.length,
    aggregatedMetrics: aggregateMetrics(row.members.map((member) => member.agent)),
  }));
  const page = toPage(summaries, total, query.limit, query.sort);
  return { ...page, items: page.items.map(({ createdAt: _created, updatedAt: _updated, ...summary }) => summary) };
};

const listSyndicatesWithPrisma = async (query: TSquadListQuery) => {
  const where = nameOrIdContains(query.q);
  const [rows, total] = await Promise.all([
    prisma.syndicate.findMany({
      ...sortedPageArgs(query, where),
      select: {
        id: true,
        name: true,
        createdAt: true,
        updatedAt: true,
        squads: {
          select: { squad: { select: { members: { select: { agent: { select: { id: true, experiencePoints: true, uptime: true, completionRate: true } } } } } } },
        },
      },
    }),
    prisma.syndicate.count({ where }),
  ]);
  const summaries = rows.map((row) => {
    const agents = uniqueById(row.squads.flatMap((link) => link.squad.members.map((member) => member.agent)));
    return {
      id: row.id,
      name: row.name,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      squadCount: row.squads.length,
      agentCount: agents.length,
      aggregatedSyndicateMetrics: aggregateMetrics(agents),
    };
  });
  const page = toPage(summaries, total, query.limit, query.sort);
  return { ...page, items: page.items.map(({ createdAt: _created, updatedAt: _updated, ...summary }) => summary) };
};

const NAMES = ["Alder", "alder", "Birch_1", "Birch%2", "Cedar", "Alder", "Dogwood", "Elm"];
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 12, 0, 0, 7 * n));
// Values whose sum in another order gives another last bit (0.1 + 0.2 + 0.7 and so on).
const UPTIMES = [0.1, 0.2, 0.7, 99.9, 33.3, 66.7, 12.5];

useApiTest({
  setup: async () => {
    const agents = Array.from({ length: 30 }, (_, i) => ({
      id: `agent-${String(i).padStart(2, "0")}`,
      name: `Agent ${i}`,
      aiEngine: "GPT-4o",
      specialization: "Scout",
      experiencePoints: 1000 + 37 * i,
      uptime: UPTIMES[i % UPTIMES.length],
      completionRate: UPTIMES[(i * 3) % UPTIMES.length] + 0.01 * i,
    }));
    await prisma.agent.createMany({ data: agents });
    const squads = Array.from({ length: 17 }, (_, i) => ({
      id: `squad-${String((i * 5) % 17).padStart(2, "0")}`,
      name: NAMES[i % NAMES.length],
      createdAt: day(i % 4),
      updatedAt: day(i % 3),
    }));
    await prisma.squad.createMany({ data: squads });
    // Every fourth squad has no members; the others 1–6 agents, some agents in several squads.
    await prisma.squadMember.createMany({
      data: squads.flatMap((squad, i) =>
        i % 4 === 0 ? [] : Array.from({ length: 1 + (i % 6) }, (_, position) => ({ squadId: squad.id, agentId: agents[(i * 2 + position) % 12].id, position })),
      ),
    });
    const syndicates = Array.from({ length: 13 }, (_, i) => ({
      id: `syndicate-${String((i * 4) % 13).padStart(2, "0")}`,
      name: NAMES[(i + 3) % NAMES.length],
      createdAt: day(i % 3),
      updatedAt: day(i % 5),
    }));
    await prisma.syndicate.createMany({ data: syndicates });
    // Every fifth syndicate has no squads; the others 1–4 squads, which share agents.
    await prisma.syndicateSquad.createMany({
      data: syndicates.flatMap((syndicate, i) =>
        i % 5 === 0 ? [] : Array.from({ length: 1 + (i % 4) }, (_, position) => ({ syndicateId: syndicate.id, squadId: squads[(i * 3 + position) % squads.length].id, position })),
      ),
    });
  },
});

const FILTERS: Record<string, string>[] = [{}, { q: "al" }, { q: "_" }, { q: "%" }, { q: "SQUAD-1" }, { q: "syndicate-0" }, { q: "nothing" }];

const LISTS = [
  { name: "squads", sql: listSquads, reference: listSquadsWithPrisma },
  { name: "syndicates", sql: listSyndicates, reference: listSyndicatesWithPrisma },
] as const;

describe.each(LISTS.map((entry) => [entry.name, entry] as const))("GET /api/%s in SQL, against the Prisma query it replaced", (_name, { sql: list, reference }) => {
  it.each(FILTERS)("answers the same pages for every sort with %o", async (filter) => {
    for (const sort of [undefined, ...sortValues(GROUP_SORT)]) {
      let cursor: string | undefined;
      let pages = 0;
      do {
        const query = ZSquadListQuery.parse({ ...filter, limit: "3", ...(sort ? { sort } : {}), ...(cursor ? { cursor } : {}) }) as TSquadListQuery;
        const [fromSql, fromPrisma] = await Promise.all([list(query), reference(query)]);
        expect(fromSql, `sort ${sort}, filter ${JSON.stringify(filter)}, page ${pages}`).toEqual(fromPrisma);
        expect(JSON.stringify(fromSql)).toBe(JSON.stringify(fromPrisma));
        cursor = fromSql.nextCursor;
        pages += 1;
      } while (cursor && pages < 20);
      expect(cursor).toBeUndefined();
    }
  });

  it("answers a whole list in one page as the reference does", async () => {
    const query = ZSquadListQuery.parse({ limit: "1000" }) as TSquadListQuery;
    const [fromSql, fromPrisma] = await Promise.all([list(query), reference(query)]);
    expect(JSON.stringify(fromSql)).toBe(JSON.stringify(fromPrisma));
    expect(fromSql.items.length).toBe(fromSql.total);
  });
});
