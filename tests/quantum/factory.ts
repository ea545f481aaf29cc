// Agents, squads and syndicates for the quantum endpoint tests, written with Prisma directly.
import { prisma } from "../../lib/db";
import { unique } from "../helpers/factories";

type Metrics = { uptime: number; completionRate: number; averageResponseTime: number; errorRate: number; experiencePoints: number };

export const insertAgent = async (metrics: Partial<Metrics> = {}, roles = ["Scout", "Builder", "Defender", "Healer", "Scout"]) => {
  const id = unique("qagent");
  await prisma.agent.create({
    data: {
      id,
      name: `Quantum ${id}`,
      aiEngine: "GPT-4o",
      specialization: roles[0],
      uptime: 98.5,
      completionRate: 88,
      averageResponseTime: 420,
      errorRate: 1.8,
      experiencePoints: 42_000,
      ...metrics,
      roles: { create: roles.map((roleName, position) => ({ position, roleName, primaryFunction: `${roleName} duty`, skills: [] })) },
    },
  });
  return id;
};

export const insertSquad = async (agentIds: string[]) => {
  const id = unique("qsquad");
  await prisma.squad.create({
    data: { id, name: `Squad ${id}`, members: { create: agentIds.map((agentId, position) => ({ agentId, position })) } },
  });
  return id;
};

export const insertSyndicate = async (squadIds: string[]) => {
  const id = unique("qsyndicate");
  await prisma.syndicate.create({
    data: { id, name: `Syndicate ${id}`, squads: { create: squadIds.map((squadId, position) => ({ squadId, position })) } },
  });
  return id;
};
