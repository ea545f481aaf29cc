// The agent, squad and syndicate lists walked page by page: for every ?sort= (both directions)
// and every filter, alone and together, the pages followed by their cursors list exactly the rows
// the filters keep, in the sort's order with ties by id, each row once; every page carries the
// filtered total; and each next cursor names the page's last row with its sort value (the format
// cursors keep across releases). The expected lists are worked out here from the rows the test
// wrote. The data has ties on every sort column, agents without roles (their current role is their
// specialization), groups without members, agents in several squads of one syndicate, and metrics
// whose floating-point sums depend on the order of their terms.
import { describe, expect, it } from "vitest";
import { listAgents, ZAgentListQuery, AGENT_SORT, type TAgentListQuery } from "../../lib/agents";
import { aggregateMetrics, GROUP_SORT, uniqueById } from "../../lib/groups";
import { listSquads, ZSquadListQuery, type TSquadListQuery } from "../../lib/squads";
import { listSyndicates } from "../../lib/syndicates";
import { decodeCursor, type Page } from "../../lib/core/paging";
import { sortValues, type SortFields } from "../../lib/core/sorting";
import { prisma } from "../../lib/db";
import { useApiTest } from "../helpers/api";

// Capitalised names of letters only: they sort the same under every collation.
const NAMES = ["Alder", "Birch", "Cedar", "Alder", "Dogwood", "Elm", "Fir", "Cedar"];
const SPECIALIZATIONS = ["Scout", "Healer", "Builder"];
const ROLES = ["Scout", "Healer", "Builder", "Defender", "Mage"];
// Values whose sum in another order gives another last bit (0.1 + 0.2 + 0.7 and so on).
const UPTIMES = [0.1, 0.2, 0.7, 99.9, 33.3, 66.7, 12.5];
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 12, 0, 0, 7 * n));

type Row = { id: string; [column: string]: unknown };

const agents = Array.from({ length: 23 }, (_, i) => ({
  id: `agent-${String((i * 7) % 23).padStart(2, "0")}`,
  name: NAMES[i % NAMES.length],
  aiEngine: "GPT-4o",
  specialization: SPECIALIZATIONS[i % SPECIALIZATIONS.length],
  experiencePoints: 1000 + 37 * i,
  uptime: UPTIMES[i % UPTIMES.length],
  completionRate: [50, 72.5, 98.6, 50][i % 4],
  createdAt: day(i % 5),
  updatedAt: day(i % 3),
}));
// Every third agent has no roles; the others three, by position.
const roles = agents.flatMap((agent, i) =>
  i % 3 === 0 ? [] : [0, 1, 2].map((position) => ({ agentId: agent.id, position, roleName: ROLES[(i + position * 2) % ROLES.length], primaryFunction: "duty" })),
);
const squads = Array.from({ length: 17 }, (_, i) => ({
  id: `squad-${String((i * 5) % 17).padStart(2, "0")}`,
  name: NAMES[i % NAMES.length],
  createdAt: day(i % 4),
  updatedAt: day(i % 3),
}));
// Every fourth squad has no members; the others 1–6 agents, some agents in several squads.
const members = squads.flatMap((squad, i) =>
  i % 4 === 0 ? [] : Array.from({ length: 1 + (i % 6) }, (_, position) => ({ squadId: squad.id, agentId: agents[(i * 2 + position) % 12].id, position })),
);
const syndicates = Array.from({ length: 13 }, (_, i) => ({
  id: `syndicate-${String((i * 4) % 13).padStart(2, "0")}`,
  name: NAMES[(i + 3) % NAMES.length],
  createdAt: day(i % 3),
  updatedAt: day(i % 5),
}));
// Every fifth syndicate has no squads; the others 1–4 squads, which share agents.
const links = syndicates.flatMap((syndicate, i) =>
  i % 5 === 0 ? [] : Array.from({ length: 1 + (i % 4) }, (_, position) => ({ syndicateId: syndicate.id, squadId: squads[(i * 3 + position) % squads.length].id, position })),
);

useApiTest({
  setup: async () => {
    await prisma.agent.createMany({ data: agents });
    await prisma.agentRole.createMany({ data: roles });
    await prisma.squad.createMany({ data: squads });
    await prisma.squadMember.createMany({ data: members });
    await prisma.syndicate.createMany({ data: syndicates });
    await prisma.syndicateSquad.createMany({ data: links });
  },
});

const like = (value: string, text: string) => value.toLowerCase().includes(text.toLowerCase());
const same = (value: string, text: string) => value.toLowerCase() === text.toLowerCase();
const nameOrId = (q?: string) => (row: Row) => !q || like(String(row.name), q) || like(row.id, q);

/** The rows in the order of `sort` ("-name", "createdAt"…; none: by id), ties by id ascending. */
const sorted = (rows: Row[], fields: SortFields, sort?: string) => {
  const column = sort ? fields[sort.replace(/^-/, "")].column : "id";
  const direction = sort?.startsWith("-") ? -1 : 1;
  const key = (row: Row) => (row[column] instanceof Date ? (row[column] as Date).getTime() : (row[column] as string | number));
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows].sort((a, b) => direction * compare(key(a), key(b)) || compare(a.id, b.id));
};

/** The cursor value of a row for `sort` (a time as its ISO text), as the API writes it. */
const cursorValue = (row: Row, fields: SortFields, sort: string) => {
  const value = row[fields[sort.replace(/^-/, "")].column];
  return value instanceof Date ? value.toISOString() : value;
};

/**
 * Walks a list from its first page by its cursors and checks every page against `expected` (the
 * rows the filters keep, in order, as the list's items, with the rows they come from).
 */
const walk = async <Item extends { id: string }>(
  list: (query: Record<string, string>) => Promise<Page<Item>>,
  filter: Record<string, string>,
  fields: SortFields,
  sort: string | undefined,
  expected: { row: Row; item: Item }[],
) => {
  const seen: Item[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages === 0 || cursor; pages += 1) {
    expect(pages, "the walk ends").toBeLessThan(20);
    const page = await list({ ...filter, limit: "4", ...(sort ? { sort } : {}), ...(cursor ? { cursor } : {}) });
    expect(page.total).toBe(expected.length);
    seen.push(...page.items);
    cursor = page.nextCursor;
    if (cursor) {
      const last = expected[seen.length - 1].row;
      expect(decodeCursor(cursor)).toEqual(sort ? { id: last.id, s: sort, v: cursorValue(last, fields, sort) } : { id: last.id });
    }
  }
  expect(seen).toEqual(expected.map((entry) => entry.item));
};

const agentItem = (row: Row) => {
  const first = roles.find((role) => role.agentId === row.id && role.position === 0);
  return { id: row.id, name: row.name, currentRole: first?.roleName ?? row.specialization, completionRate: row.completionRate, specialization: row.specialization };
};

const AGENT_FILTERS: Record<string, string>[] = [{}, { q: "al" }, { q: "AGENT-1" }, { q: "_" }, { specialization: "SCOUT" }, { role: "mage" }, { q: "r", specialization: "healer", role: "Builder" }];

describe("GET /api/agents, page by page", () => {
  it.each(AGENT_FILTERS)("lists the agents %o keeps, in every order", async (filter) => {
    const { q, specialization, role: roleName } = filter;
    const kept = agents.filter(
      (agent) =>
        nameOrId(q)(agent) &&
        (!specialization || same(agent.specialization, specialization)) &&
        (!roleName || roles.some((role) => role.agentId === agent.id && same(role.roleName, roleName))),
    );
    for (const sort of [undefined, ...sortValues(AGENT_SORT)]) {
      const expected = sorted(kept, AGENT_SORT, sort).map((row) => ({ row, item: agentItem(row) }));
      await walk((query) => listAgents(ZAgentListQuery.parse(query) as TAgentListQuery), filter, AGENT_SORT, sort, expected);
    }
  });
});

const squadItem = (row: Row) => {
  const own = members.filter((member) => member.squadId === row.id).map((member) => agents.find((agent) => agent.id === member.agentId)!);
  return { id: row.id, name: row.name, agentCount: own.length, aggregatedMetrics: aggregateMetrics(own) };
};

const syndicateItem = (row: Row) => {
  const own = links.filter((link) => link.syndicateId === row.id);
  const agentsOf = uniqueById(
    own.flatMap((link) => members.filter((member) => member.squadId === link.squadId).map((member) => agents.find((agent) => agent.id === member.agentId)!)),
  );
  return { id: row.id, name: row.name, squadCount: own.length, agentCount: agentsOf.length, aggregatedSyndicateMetrics: aggregateMetrics(agentsOf) };
};

const GROUP_FILTERS: Record<string, string>[] = [{}, { q: "al" }, { q: "SQUAD-1" }, { q: "syndicate-0" }, { q: "%" }, { q: "nothing" }];

const GROUPS = [
  { path: "/api/squads", rows: squads as Row[], item: squadItem, list: (query: Record<string, string>) => listSquads(ZSquadListQuery.parse(query) as TSquadListQuery) },
  { path: "/api/syndicates", rows: syndicates as Row[], item: syndicateItem, list: (query: Record<string, string>) => listSyndicates(ZSquadListQuery.parse(query) as TSquadListQuery) },
] as const;

describe.each(GROUPS)("GET $path, page by page", ({ rows, item, list }) => {
  it.each(GROUP_FILTERS)("lists the groups %o keeps, in every order, with their metrics", async (filter) => {
    const kept = rows.filter(nameOrId(filter.q));
    for (const sort of [undefined, ...sortValues(GROUP_SORT)]) {
      const expected = sorted(kept, GROUP_SORT, sort).map((row) => ({ row, item: item(row) }));
      await walk(list as (query: Record<string, string>) => Promise<Page<{ id: string }>>, filter, GROUP_SORT, sort, expected);
    }
  });
});
