// A syndicate details read is a fixed number of SQL statements, however many squads and agents.
import { afterAll, beforeAll, expect, it } from "vitest";
import { prisma } from "../../lib/db";
import { getSyndicateDetails } from "../../lib/syndicates";
import { countStatements, useCountingDatabase, type Counter } from "../squads/counting-database";

let counter: Counter;
let dispose: () => Promise<void>;

const addSyndicate = async (id: string, squads: number, membersEach: number) => {
  const agentIds = Array.from({ length: squads * membersEach }, (_, index) => `${id}-agent-${index}`);
  await prisma.agent.createMany({ data: agentIds.map((agentId) => ({ id: agentId, name: agentId, aiEngine: "GPT-4o", specialization: "Scout", experiencePoints: 10 })) });
  await prisma.agentRole.createMany({ data: agentIds.map((agentId) => ({ agentId, position: 0, roleName: "Scout", primaryFunction: "Look", skills: ["Far"] })) });
  const squadIds = Array.from({ length: squads }, (_, index) => `${id}-squad-${index}`);
  await prisma.squad.createMany({ data: squadIds.map((squadId) => ({ id: squadId, name: squadId })) });
  await prisma.squadMember.createMany({
    data: squadIds.flatMap((squadId, s) => Array.from({ length: membersEach }, (_, m) => ({ squadId, agentId: agentIds[s * membersEach + m], position: m }))),
  });
  await prisma.syndicate.create({ data: { id, name: id, squads: { createMany: { data: squadIds.map((squadId, position) => ({ squadId, position })) } } } });
};

beforeAll(async () => {
  ({ counter, dispose } = await useCountingDatabase());
  await addSyndicate("small", 1, 2);
  await addSyndicate("large", 8, 25);
});
afterAll(() => dispose());

it("reads 8 squads of 25 agents with as many statements as 1 squad of 2", async () => {
  const small = await countStatements(counter, () => getSyndicateDetails("small"));
  const large = await countStatements(counter, () => getSyndicateDetails("large"));
  expect(large.result.squads).toHaveLength(8);
  expect(large.result.aggregatedSyndicateMetrics.totalExperiencePoints).toBe(200 * 10);
  expect(small.statements).toBeGreaterThan(0);
  expect(large.statements).toBe(small.statements);
  expect(large.statements).toBeLessThanOrEqual(8);
});
