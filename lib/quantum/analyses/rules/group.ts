// What squads and syndicates share: the member metrics they aggregate, and role distributions.
import { CORE_ROLES, deliveryScore, experienceScore, mean, reliabilityScore, roleCoverage } from "./scores";

export type MemberMetrics = {
  id: string;
  uptime: number;
  completionRate: number;
  averageResponseTime: number;
  errorRate: number;
  experiencePoints: number;
  roles: string[];
};

/** Mean reliability and delivery inputs over the members (0 for none). */
export const aggregateMembers = (members: readonly MemberMetrics[]) => ({
  uptime: mean(members.map((m) => m.uptime)),
  errorRate: members.length === 0 ? 100 : mean(members.map((m) => m.errorRate)),
  completionRate: mean(members.map((m) => m.completionRate)),
  averageResponseTime: members.length === 0 ? Number.POSITIVE_INFINITY : mean(members.map((m) => m.averageResponseTime)),
  experiencePoints: mean(members.map((m) => m.experiencePoints)),
  coverage: roleCoverage(members.flatMap((m) => m.roles)),
});

export type Aggregate = ReturnType<typeof aggregateMembers>;

export const reliabilityOf = (a: Aggregate) => reliabilityScore(a.uptime, a.errorRate);
export const deliveryOf = (a: Aggregate) => deliveryScore(a.completionRate, a.averageResponseTime);
export const growthOf = (a: Aggregate) => experienceScore(a.experiencePoints);

/** The first core role no member holds (the gap a new member should fill), else Healer. */
export const missingRole = (roles: readonly string[]) => CORE_ROLES.find((role) => !roles.includes(role)) ?? "Healer";

/**
 * Splits `slots` between roles in proportion to their need (largest remainder; ties to the
 * earlier role): "Defender: 2". A role with no slot is left out.
 */
export const distributeRoles = (needs: readonly { role: string; need: number }[], slots: number): string[] => {
  const merged = new Map<string, number>();
  for (const { role, need } of needs) merged.set(role, (merged.get(role) ?? 0) + Math.max(0, need));
  const entries = [...merged.entries()];
  const total = entries.reduce((sum, [, need]) => sum + need, 0);
  const shares = entries.map(([role, need]) => ({ role, exact: total > 0 ? (need / total) * slots : slots / entries.length }));
  const counts = shares.map((share) => Math.floor(share.exact));
  let left = slots - counts.reduce((sum, count) => sum + count, 0);
  const order = shares.map((share, k) => ({ k, rest: share.exact - counts[k] })).sort((a, b) => b.rest - a.rest || a.k - b.k);
  for (const { k } of order) {
    if (left <= 0) break;
    counts[k] += 1;
    left -= 1;
  }
  return shares
    .map((share, k) => ({ role: share.role, count: counts[k], k }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count || a.k - b.k)
    .map((entry) => `${entry.role}: ${entry.count}`);
};
