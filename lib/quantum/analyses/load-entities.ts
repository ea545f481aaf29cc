// The model inputs, read from the database: one query per analysis (Prisma may split the nested
// relations into a fixed number of IN queries), whatever the number of members.
import { prisma, type Prisma } from "../../db";
import { notFound } from "../../core/errors";
import type { AgentModelInput, MemberMetrics, SquadModelInput, SyndicateModelInput } from "./rules";

const METRICS_SELECT = {
  id: true,
  name: true,
  uptime: true,
  completionRate: true,
  averageResponseTime: true,
  errorRate: true,
  experiencePoints: true,
  roles: { orderBy: { position: "asc" }, select: { roleName: true } },
} satisfies Prisma.AgentSelect;

type AgentRow = Prisma.AgentGetPayload<{ select: typeof METRICS_SELECT }>;

const toMember = (row: AgentRow): MemberMetrics & { name: string } => ({
  id: row.id,
  name: row.name,
  uptime: row.uptime,
  completionRate: row.completionRate,
  averageResponseTime: row.averageResponseTime,
  errorRate: row.errorRate,
  experiencePoints: row.experiencePoints,
  roles: row.roles.map((role) => role.roleName),
});

const MEMBERS = { orderBy: { position: "asc" }, select: { agent: { select: METRICS_SELECT } } } satisfies Prisma.Squad$membersArgs;

export const loadAgentInput = async (agentId: string): Promise<AgentModelInput> => {
  const row = await prisma.agent.findUnique({ where: { id: agentId }, select: METRICS_SELECT });
  if (!row) throw notFound("Agent", agentId);
  return toMember(row);
};

export const loadSquadInput = async (squadId: string): Promise<SquadModelInput & { members: (MemberMetrics & { name: string })[] }> => {
  const row = await prisma.squad.findUnique({ where: { id: squadId }, select: { id: true, name: true, members: MEMBERS } });
  if (!row) throw notFound("Squad", squadId);
  return { id: row.id, name: row.name, members: row.members.map((member) => toMember(member.agent)) };
};

export const loadSyndicateInput = async (syndicateId: string): Promise<SyndicateModelInput> => {
  const row = await prisma.syndicate.findUnique({
    where: { id: syndicateId },
    select: {
      id: true,
      name: true,
      squads: { orderBy: { position: "asc" }, select: { squad: { select: { id: true, name: true, members: MEMBERS } } } },
    },
  });
  if (!row) throw notFound("Syndicate", syndicateId);
  return {
    id: row.id,
    name: row.name,
    squads: row.squads.map(({ squad }) => ({ id: squad.id, name: squad.name, members: squad.members.map((member) => toMember(member.agent)) })),
  };
};

/** The display name of an entity for the quantum pages, or null when there is none with that id. */
export const findEntityName = async (entityType: "agent" | "squad" | "syndicate", id: string): Promise<string | null> => {
  const select = { name: true } as const;
  const row =
    entityType === "agent"
      ? await prisma.agent.findUnique({ where: { id }, select })
      : entityType === "squad"
        ? await prisma.squad.findUnique({ where: { id }, select })
        : await prisma.syndicate.findUnique({ where: { id }, select });
  return row?.name ?? null;
};

/** A few of each kind to start from on the quantum hub (first by id). */
export const listQuantumCandidates = async (limit = 5) => {
  const args = { select: { id: true, name: true }, orderBy: { id: "asc" as const }, take: limit };
  const [agents, squads, syndicates] = await Promise.all([prisma.agent.findMany(args), prisma.squad.findMany(args), prisma.syndicate.findMany(args)]);
  return { agent: agents, squad: squads, syndicate: syndicates };
};

/** The model inputs of the agents with these ids that exist (one query), in the order of `ids`. */
export const loadAgentInputs = async (ids: readonly string[]): Promise<(MemberMetrics & { name: string })[]> => {
  if (ids.length === 0) return [];
  const rows = await prisma.agent.findMany({ where: { id: { in: [...ids] } }, select: METRICS_SELECT });
  const byId = new Map(rows.map((row) => [row.id, toMember(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};
