// Demo squads (3–7 agents) and syndicates (2–4 squads). About half of each carry explicit
// stacked roles; the others store none, so the domain layer derives them from the members.
//
// Dates: every agent was minted more than a year before the epoch; squads form 130–330 days
// before it, and a syndicate a few days after its newest squad, so the newest syndicate is
// still at least 120 days old and every task (≤ 110 days old) postdates what it is assigned to.
import type { Prisma } from "../db";
import { ROLE_TRAITS } from "./agent-catalog";
import { ROLES_PER_AGENT, agentId, type SeededAgents } from "./seed-agents";
import type { Prng } from "./generator/prng";
import { DAY, HOUR, MINUTE, after, before, earliest, bulkInsert, serialId, type SeedContext } from "./generator/support";

const SQUAD_WORDS = ["Aurora", "Ironclad", "Blue Ledger", "Night Owl", "Crimson", "Silverline", "Northstar", "Tidal", "Granite", "Vanguard", "Phoenix", "Obsidian", "Emerald", "Skyline", "Harbor", "Redwood", "Cinder", "Glacier"] as const;
const SQUAD_UNITS = ["Strike Team", "Audit Cell", "Task Force", "Recon Unit", "Ops Crew", "Response Team", "Guild", "Patrol", "Relay", "Crew"] as const;
const SYNDICATE_WORDS = ["Quantum", "Meridian", "Helios", "Iron Circle", "Atlas", "Lodestar", "Parallax", "Zenith", "Sable", "Equinox", "Cobalt", "Horizon"] as const;
const SYNDICATE_UNITS = ["Syndicate", "Collective", "Alliance", "Consortium", "Federation"] as const;

export const squadId = (index: number) => serialId("squad", index);
export const syndicateId = (index: number) => serialId("syndicate", index);

export type SeededGroups = { squads: number; syndicates: number; memberships: number; stackedRoles: number };

const uniqueName = (rng: Prng, words: readonly string[], units: readonly string[], used: Map<string, number>) => {
  const base = `${rng.pick(words)} ${rng.pick(units)}`;
  const seen = (used.get(base) ?? 0) + 1;
  used.set(base, seen);
  return seen === 1 ? base : `${base} ${seen}`;
};

// The stacked roles a team would declare: its most common member traits, skills merged.
const stackRoles = (rng: Prng, traits: number[], owner: { squadId?: string; syndicateId?: string }, idPrefix: string) => {
  const counts = new Map<number, number>();
  for (const trait of traits) counts.set(trait, (counts.get(trait) ?? 0) + 1);
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, rng.int(2, 4));
  return top.map(([trait], position): Prisma.StackedRoleCreateManyInput => {
    const role = ROLE_TRAITS[trait];
    return {
      id: `${idPrefix}:sr:${position}`,
      ...owner,
      position,
      roleName: role.name,
      primaryFunction: rng.pick(role.functions),
      skills: rng.sample(role.skills, rng.int(3, 5)),
    };
  });
};

export const seedGroups = async (ctx: SeedContext, agents: SeededAgents): Promise<SeededGroups> => {
  const rng = ctx.rng.fork("groups");
  const squadCount = Math.max(14, Math.round(agents.count / 5));
  const syndicateCount = Math.max(4, Math.round(squadCount / 4));
  const squadNames = new Map<string, number>();
  const squads: Prisma.SquadCreateManyInput[] = [];
  const members: Prisma.SquadMemberCreateManyInput[] = [];
  const stacked: Prisma.StackedRoleCreateManyInput[] = [];
  const squadMembers: number[][] = [];

  for (let index = 0; index < squadCount; index += 1) {
    const id = squadId(index);
    const memberIndexes = rng.distinctInts(Math.min(agents.count, rng.int(3, 7)), agents.count);
    squadMembers.push(memberIndexes);
    memberIndexes.forEach((agent, position) => members.push({ squadId: id, agentId: agentId(agent), position }));
    const createdAt = before(ctx.epoch, rng.int(130, 330) * DAY + rng.int(0, 23) * HOUR);
    squads.push({
      id,
      name: uniqueName(rng, SQUAD_WORDS, SQUAD_UNITS, squadNames),
      createdAt,
      updatedAt: after(createdAt, rng.next() * (ctx.epoch.getTime() - createdAt.getTime())),
    });
    if (rng.chance(0.5)) {
      const traits = memberIndexes.flatMap((agent) => [...agents.roleTraits.subarray(agent * ROLES_PER_AGENT, (agent + 1) * ROLES_PER_AGENT)]);
      stacked.push(...stackRoles(rng, traits, { squadId: id }, id));
    }
  }

  const syndicateNames = new Map<string, number>();
  const syndicates: Prisma.SyndicateCreateManyInput[] = [];
  const links: Prisma.SyndicateSquadCreateManyInput[] = [];
  for (let index = 0; index < syndicateCount; index += 1) {
    const id = syndicateId(index);
    const squadIndexes = rng.distinctInts(rng.int(2, 4), squadCount);
    squadIndexes.forEach((squad, position) => links.push({ syndicateId: id, squadId: squadId(squad), position }));
    const newestSquad = Math.max(...squadIndexes.map((squad) => (squads[squad].createdAt as Date).getTime()));
    const createdAt = earliest(after(new Date(newestSquad), rng.int(1, 10) * DAY + rng.int(0, 600) * MINUTE), before(ctx.epoch, HOUR));
    syndicates.push({
      id,
      name: uniqueName(rng, SYNDICATE_WORDS, SYNDICATE_UNITS, syndicateNames),
      createdAt,
      updatedAt: after(createdAt, rng.next() * (ctx.epoch.getTime() - createdAt.getTime())),
    });
    if (rng.chance(0.5)) {
      const traits = squadIndexes.flatMap((squad) =>
        squadMembers[squad].flatMap((agent) => [...agents.roleTraits.subarray(agent * ROLES_PER_AGENT, (agent + 1) * ROLES_PER_AGENT)]),
      );
      stacked.push(...stackRoles(rng, traits, { syndicateId: id }, id));
    }
  }

  await bulkInsert(ctx.db, "Squad", squads);
  await bulkInsert(ctx.db, "SquadMember", members);
  await bulkInsert(ctx.db, "Syndicate", syndicates);
  await bulkInsert(ctx.db, "SyndicateSquad", links);
  await bulkInsert(ctx.db, "StackedRole", stacked);
  return { squads: squadCount, syndicates: syndicateCount, memberships: members.length, stackedRoles: stacked.length };
};
