// The one place squad and syndicate metrics are computed (docs/agents-squads-syndicates.md), as pure functions.
//
// totalExperiencePoints = sum of the members' XP, averageUptime = mean uptime,
// overallCompletionRate = mean completionRate; all 0 for no members. Floating-point addition
// is not associative, so the values are summed in a canonical (sorted) order: the result is
// then the same, to the last bit, whatever order the members come in.
import type { TRole } from "../agents/schemas";

export type MetricsInput = { experiencePoints: number; uptime: number; completionRate: number };

export type AggregatedMetrics = { totalExperiencePoints: number; averageUptime: number; overallCompletionRate: number };

const sumSorted = (values: number[]) => [...values].sort((a, b) => a - b).reduce((sum, value) => sum + value, 0);

export const aggregateMetrics = (members: readonly MetricsInput[]): AggregatedMetrics => {
  if (members.length === 0) return { totalExperiencePoints: 0, averageUptime: 0, overallCompletionRate: 0 };
  return {
    totalExperiencePoints: sumSorted(members.map((member) => member.experiencePoints)),
    averageUptime: sumSorted(members.map((member) => member.uptime)) / members.length,
    overallCompletionRate: sumSorted(members.map((member) => member.completionRate)) / members.length,
  };
};

/** A member's metrics as a list statement aggregates them: [experiencePoints, uptime, completionRate]. */
export type MemberMetrics = [experiencePoints: number, uptime: number, completionRate: number];

/** The MetricsInput of each member's [experiencePoints, uptime, completionRate]. */
export const membersMetrics = (members: readonly MemberMetrics[]): MetricsInput[] =>
  members.map(([experiencePoints, uptime, completionRate]) => ({ experiencePoints, uptime, completionRate }));

/** Each item once, by id, first occurrence kept (an agent in two squads of a syndicate counts once). */
export const uniqueById = <T extends { id: string }>(items: readonly T[]): T[] => {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
};

/**
 * Stacked roles derived from roles: one per distinct roleName, in order of first occurrence,
 * with that occurrence's primaryFunction and the union of all its occurrences' skills (in order
 * of first occurrence).
 */
export const stackRoles = (roles: readonly TRole[]): TRole[] => {
  const stacked = new Map<string, { roleName: string; primaryFunction: string; skills: Set<string> }>();
  for (const role of roles) {
    const entry = stacked.get(role.roleName);
    if (entry) for (const skill of role.skills) entry.skills.add(skill);
    else stacked.set(role.roleName, { roleName: role.roleName, primaryFunction: role.primaryFunction, skills: new Set(role.skills) });
  }
  return [...stacked.values()].map((entry) => ({ ...entry, skills: [...entry.skills] }));
};
