// A squad details read is a fixed number of SQL statements, however many members the squad has.
import { afterAll, beforeAll, expect, it } from "vitest";
import { prisma } from "../../lib/db";
import { getSquadDetails, listSquads } from "../../lib/squads";
import { countStatements, useCountingDatabase, type Counter } from "./counting-database";

let counter: Counter;
let dispose: () => Promise<void>;

const addAgents = async (prefix: string, count: number) => {
  const ids = Array.from({ length: count }, (_, index) => `${prefix}-${String(index).padStart(3, "0")}`);
  await prisma.agent.createMany({
    data: ids.map((id, index) => ({ id, name: `Agent ${id}`, aiEngine: "GPT-4o", specialization: "Scout", experiencePoints: 100 + index, uptime: 95, completionRate: 80 })),
  });
  await prisma.agentRole.createMany({
    data: ids.flatMap((agentId) => [0, 1, 2, 3, 4].map((position) => ({ agentId, position, roleName: position % 2 ? "Builder" : "Scout", primaryFunction: "Work", skills: [`skill-${position}`] }))),
  });
  return ids;
};

const addSquad = (id: string, agentIds: string[]) =>
  prisma.squad.create({ data: { id, name: id, members: { createMany: { data: agentIds.map((agentId, position) => ({ agentId, position })) } } } });

beforeAll(async () => {
  ({ counter, dispose } = await useCountingDatabase());
  await addSquad("small", await addAgents("s", 2));
  await addSquad("large", await addAgents("l", 40));
});
afterAll(() => dispose());

it("reads a 40-member squad with as many statements as a 2-member one", async () => {
  const small = await countStatements(counter, () => getSquadDetails("small"));
  const large = await countStatements(counter, () => getSquadDetails("large"));
  expect(small.result.agents).toHaveLength(2);
  expect(large.result.agents).toHaveLength(40);
  expect(large.result.aggregatedMetrics.totalExperiencePoints).toBe(40 * 100 + (39 * 40) / 2);
  expect(small.statements).toBeGreaterThan(0);
  expect(large.statements).toBe(small.statements);
  // squad, memberships, agents, roles, stacked roles: one statement each at most.
  expect(large.statements).toBeLessThanOrEqual(5);
});

it("lists squads with a number of statements that does not grow with the page", async () => {
  const one = await countStatements(counter, () => listSquads({ limit: 1 }));
  const both = await countStatements(counter, () => listSquads({ limit: 100 }));
  expect(one.result.items).toHaveLength(1);
  expect(both.result.items.map((squad) => squad.agentCount)).toEqual([40, 2]);
  expect(both.statements).toBe(one.statements);
});
