// The agent list in raw SQL (lib/agents/list-sql.ts) answers what the Prisma query it replaced
// answered: every page, its total and its next cursor, for every ?sort= (both directions), the
// filters q/specialization/role alone and together, walked to the end by cursor. Ties on every
// sort column, agents without roles and filters holding LIKE wildcards are in the data.
import { describe, expect, it } from "vitest";
import { listAgents } from "../../lib/agents";
import { AGENT_SORT, ZAgentListQuery, type TAgentListQuery } from "../../lib/agents/schemas";
import { equalsInsensitive, nameOrIdContains } from "../../lib/core/search";
import { sortValues, sortedPageArgs } from "../../lib/core/sorting";
import { toPage } from "../../lib/core/paging";
import { prisma, type Prisma } from "../../lib/db";
import { useApiTest } from "../helpers/api";

// The list as it was written with Prisma before it moved to SQL: the reference.
const prismaWhere = (query: TAgentListQuery): Prisma.AgentWhereInput => ({
  ...nameOrIdContains(query.q),
  ...(query.specialization ? { specialization: equalsInsensitive(query.specialization) } : {}),
  ...(query.role ? { roles: { some: { roleName: equalsInsensitive(query.role) } } } : {}),
});

const listAgentsWithPrisma = async (query: TAgentListQuery) => {
  const where = prismaWhere(query);
  const [rows, total] = await Promise.all([
    prisma.agent.findMany({
      ...sortedPageArgs(query, where),
      select: { id: true, name: true, completionRate: true, specialization: true, createdAt: true, updatedAt: true, roles: { where: { position: 0 }, select: { roleName: true } } },
    }),
    prisma.agent.count({ where }),
  ]);
  const page = toPage(rows, total, query.limit, query.sort);
  const items = page.items.map((row) => ({
    id: row.id,
    name: row.name,
    currentRole: row.roles[0]?.roleName ?? row.specialization,
    completionRate: row.completionRate,
    specialization: row.specialization,
  }));
  return { ...page, items };
};

const NAMES = ["Alder", "alder", "Birch_1", "Birch%2", "Cedar", "Alder", "Dogwood", "Elm", "Fir", "Cedar"];
const SPECIALIZATIONS = ["Scout", "Healer", "Builder", "scout"];
const ROLES = ["Scout", "Healer", "Builder", "Defender", "Mage"];
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 12, 0, 0, 7 * n));

useApiTest({
  setup: async () => {
    const agents = Array.from({ length: 23 }, (_, i) => ({
      id: `agent-${String((i * 7) % 23).padStart(2, "0")}`,
      name: NAMES[i % NAMES.length],
      aiEngine: "GPT-4o",
      specialization: SPECIALIZATIONS[i % SPECIALIZATIONS.length],
      completionRate: [50, 72.5, 98.6, 50][i % 4],
      createdAt: day(i % 5),
      updatedAt: day(i % 3),
    }));
    await prisma.agent.createMany({ data: agents });
    // Every third agent has no roles (its current role is its specialization).
    const roles = agents
      .filter((_, i) => i % 3 !== 0)
      .flatMap((agent, i) => [0, 1, 2].map((position) => ({ agentId: agent.id, position, roleName: ROLES[(i + position * 2) % ROLES.length], primaryFunction: "duty" })));
    await prisma.agentRole.createMany({ data: roles });
  },
});

const FILTERS: Record<string, string>[] = [{}, { q: "al" }, { q: "_" }, { q: "AGENT-1" }, { specialization: "SCOUT" }, { specialization: "s%" }, { role: "mage" }, { q: "r", specialization: "scout", role: "Healer" }];

describe("GET /api/agents in SQL, against the Prisma query it replaced", () => {
  it.each(FILTERS)("answers the same pages for every sort with %o", async (filter) => {
    for (const sort of [undefined, ...sortValues(AGENT_SORT)]) {
      let cursor: string | undefined;
      let pages = 0;
      do {
        const query = ZAgentListQuery.parse({ ...filter, limit: "4", ...(sort ? { sort } : {}), ...(cursor ? { cursor } : {}) }) as TAgentListQuery;
        const [sql, reference] = await Promise.all([listAgents(query), listAgentsWithPrisma(query)]);
        expect(sql, `sort ${sort}, filter ${JSON.stringify(filter)}, page ${pages}`).toEqual(reference);
        expect(JSON.stringify(sql)).toBe(JSON.stringify(reference));
        cursor = sql.nextCursor;
        pages += 1;
      } while (cursor && pages < 20);
      expect(cursor).toBeUndefined();
    }
  });

  it("keeps agents whose role at any position matches ?role=, and gives each its first role", async () => {
    const page = await listAgents(ZAgentListQuery.parse({ role: "MAGE", limit: "100" }) as TAgentListQuery);
    expect(page.total).toBeGreaterThan(0);
    const roles = await prisma.agentRole.findMany({ where: { agentId: { in: page.items.map((item) => item.id) } } });
    for (const item of page.items) {
      expect(roles.some((role) => role.agentId === item.id && role.roleName === "Mage")).toBe(true);
      expect(item.currentRole).toBe(roles.find((role) => role.agentId === item.id && role.position === 0)?.roleName);
    }
  });
});
