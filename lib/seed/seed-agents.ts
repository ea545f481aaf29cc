// Demo agents: five roles each, a specialization that is the dominant role, performance metrics,
// and twelve monthly history points whose totals only grow. Generated and inserted in batches,
// so that a seed of 100,000 agents never holds more than one batch of rows in memory.
//
// Units: uptime, completionRate and errorRate are percentages (0–100); averageResponseTime is
// in milliseconds. History points are cumulative totals at 00:00 UTC on the first of each month.
import type { Prisma } from "../db";
import { AI_ENGINES, LESSEES, NAME_BRANDS, NAME_SUFFIXES, OPERATIONAL_EVENTS, ROLE_TRAITS, ROLE_WEIGHTS } from "./agent-catalog";
import type { Prng } from "./generator/prng";
import { DAY, HOUR, after, before, bulkInsert, isoDay, monthStart, serialId, type SeedContext } from "./generator/support";

export const ROLES_PER_AGENT = 5;
export const HISTORY_POINTS = 12;
const BATCH = 2_000;

const ENGINE_WEIGHTS = AI_ENGINES.map((engine, index) => [index, engine.weight] as const);

export const agentId = (index: number) => serialId("agent", index);

/** The roleName that occurs most; on a tie, the one whose first occurrence comes earlier. */
export const dominantRole = (roleNames: readonly string[]): string => {
  const counts = new Map<string, number>();
  for (const name of roleNames) counts.set(name, (counts.get(name) ?? 0) + 1);
  let best = roleNames[0];
  for (const name of roleNames) if ((counts.get(name) ?? 0) > (counts.get(best) ?? 0)) best = name;
  return best;
};

export type SeededAgents = {
  count: number;
  /** ROLE_TRAITS index of each agent's role: agent i, position p at [i * 5 + p]. */
  roleTraits: Uint8Array;
};

type AgentBatch = {
  agents: Prisma.AgentCreateManyInput[];
  roles: Prisma.AgentRoleCreateManyInput[];
  history: Prisma.AgentHistoryPointCreateManyInput[];
};

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

// Names read like products ("Orion Pathfinder", "Helix Forge AI"); a repeat gets a series number.
const nameAgent = (rng: Prng, specialization: string, used: Map<string, number>) => {
  const trait = ROLE_TRAITS.find((candidate) => candidate.name === specialization) ?? ROLE_TRAITS[0];
  const suffix = rng.pick(NAME_SUFFIXES);
  const base = [rng.pick(NAME_BRANDS), rng.pick(trait.nameNouns), suffix].filter(Boolean).join(" ");
  const seen = (used.get(base) ?? 0) + 1;
  used.set(base, seen);
  return seen === 1 ? base : `${base} ${seen}`;
};

const mintRoleSlots = (rng: Prng) => {
  const focus = rng.weighted(ROLE_WEIGHTS);
  const focusCount = rng.weighted([[1, 1], [2, 7], [3, 2]] as const);
  const slots: number[] = Array.from({ length: focusCount }, () => focus);
  while (slots.length < ROLES_PER_AGENT) slots.push(rng.weighted(ROLE_WEIGHTS));
  return rng.shuffle(slots);
};

const makeAgent = (rng: Prng, index: number, epoch: Date, owners: readonly string[], used: Map<string, number>, out: AgentBatch) => {
  const id = agentId(index);
  const engine = AI_ENGINES[rng.weighted(ENGINE_WEIGHTS)];
  const slots = mintRoleSlots(rng);
  const roleNames = slots.map((trait) => ROLE_TRAITS[trait].name);
  const specialization = dominantRole(roleNames);
  slots.forEach((trait, position) => {
    const role = ROLE_TRAITS[trait];
    out.roles.push({
      agentId: id,
      position,
      roleName: role.name,
      primaryFunction: rng.pick(role.functions),
      skills: rng.sample(role.skills, rng.int(2, 4)),
    });
  });

  // Twelve cumulative monthly points; the monthly rate drifts with a per-agent trend.
  const quality = engine.quality;
  const monthlyBase = rng.int(15, 320) * (0.6 + quality * 0.6);
  const trend = rng.float(0.97, 1.12);
  const xpPerTask = rng.int(8, 30);
  let tasks = 0;
  let xp = 0;
  for (let i = 0; i < HISTORY_POINTS; i += 1) {
    const month = Math.round(monthlyBase * trend ** i * rng.float(0.75, 1.25));
    tasks += month;
    xp += month * xpPerTask + rng.int(0, 400);
    out.history.push({
      id: `${id}:h:${i}`,
      agentId: id,
      timestamp: monthStart(epoch, HISTORY_POINTS - i),
      tasksCompleted: tasks,
      experiencePoints: xp,
    });
  }

  const firstPoint = monthStart(epoch, HISTORY_POINTS);
  const lastPoint = monthStart(epoch, 1);
  const createdAt = before(firstPoint, rng.int(1, 27) * DAY + rng.int(0, 23) * HOUR);
  const updatedAt = after(lastPoint, rng.next() * (epoch.getTime() - lastPoint.getTime()));
  const leased = rng.chance(0.22);
  const lifetime = updatedAt.getTime() - createdAt.getTime();
  const events: { at: Date; text: (day: string, engine: string) => string }[] = rng
    .distinctInts(rng.int(1, 3), OPERATIONAL_EVENTS.length - 1)
    .map((event) => ({ at: after(createdAt, rng.next() * lifetime), text: OPERATIONAL_EVENTS[event + 1] }));
  if (leased) {
    const lessee = rng.pick(LESSEES);
    events.push({ at: after(createdAt, lifetime * rng.float(0.4, 0.95)), text: (day) => `${day}: leased to ${lessee}` });
  }
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  const operationalHistory = [OPERATIONAL_EVENTS[0](isoDay(createdAt), engine.name), ...events.map((event) => event.text(isoDay(event.at), engine.name))];

  const ownSkills = [...new Set(out.roles.slice(-ROLES_PER_AGENT).flatMap((role) => role.skills as string[]))];
  const skillUpgrades = rng.sample(ownSkills, rng.int(0, 3)).map((skill) => `${skill} ${rng.pick(["II", "III", "IV"])}`);

  out.agents.push({
    id,
    name: nameAgent(rng, specialization, used),
    aiEngine: engine.name,
    operationalHistory,
    experiencePoints: xp,
    specialization,
    owner: rng.pick(owners),
    leased,
    currentVersion: `${rng.int(1, 3)}.${rng.int(0, 9)}.${rng.int(0, 12)}`,
    skillUpgrades,
    uptime: Math.min(99.99, Number((90 + 9.99 * clamp01(quality * 0.65 + rng.next() * 0.4)).toFixed(2))),
    completionRate: Number((60 + 39 * clamp01(quality * 0.6 + rng.next() * 0.45)).toFixed(1)),
    averageResponseTime: Math.round(120 + (1 - quality) * 1500 + rng.next() * 900),
    errorRate: Number((0.1 + (1 - quality) * 4 + rng.next() * 1.5).toFixed(2)),
    createdAt,
    updatedAt,
  });
  return slots;
};

/** Inserts `count` agents with their roles and history; `owners` are wallet addresses. */
export const seedAgents = async (ctx: SeedContext, count: number, owners: readonly string[]): Promise<SeededAgents> => {
  const rng = ctx.rng.fork("agents");
  const roleTraits = new Uint8Array(count * ROLES_PER_AGENT);
  const used = new Map<string, number>();
  // The database inserts one batch while the next is generated (on a server the two overlap).
  let pending: Promise<void> = Promise.resolve();
  for (let start = 0; start < count; start += BATCH) {
    const batch: AgentBatch = { agents: [], roles: [], history: [] };
    for (let index = start; index < Math.min(count, start + BATCH); index += 1) {
      roleTraits.set(makeAgent(rng, index, ctx.epoch, owners, used, batch), index * ROLES_PER_AGENT);
    }
    await pending;
    const done = Math.min(count, start + BATCH);
    pending = (async () => {
      await bulkInsert(ctx.db, "Agent", batch.agents);
      await bulkInsert(ctx.db, "AgentRole", batch.roles);
      await bulkInsert(ctx.db, "AgentHistoryPoint", batch.history);
      if (count >= 10_000 && (done % 10_000 === 0 || done === count)) ctx.log(`  agents: ${done} / ${count}`);
    })();
  }
  await pending;
  return { count, roleTraits };
};
