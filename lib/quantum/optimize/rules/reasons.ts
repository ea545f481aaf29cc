// What changes between the current squad and a proposal, in the squad model's own terms: each
// dimension whose score moves, with the aggregated metrics behind it, and the measured share.
import { formatInteger, formatPercent } from "@/lib/format";
import type { Dimension, SquadModelInput } from "../../analyses/rules";
import { assessCoverage } from "../../analyses/rules/coverage";
import { aggregateMembers } from "../../analyses/rules/group";
import { CORE_ROLES, hasPerformanceMetrics } from "../../analyses/rules/scores";

/** Score changes smaller than this are not worth a sentence. */
const NOTICEABLE = 0.0005;

const facts = (squad: SquadModelInput) => {
  const reporting = aggregateMembers(squad.members.filter(hasPerformanceMetrics));
  const all = aggregateMembers(squad.members);
  const roles = new Set(squad.members.flatMap((m) => m.roles));
  return { reporting, xp: all.experiencePoints, core: CORE_ROLES.filter((role) => roles.has(role)) };
};

const ms = (value: number) => (Number.isFinite(value) ? `${formatInteger(value)} ms` : "none");

export const describeChanges = (before: SquadModelInput, beforeDims: readonly Dimension[], after: SquadModelInput, afterDims: readonly Dimension[]): string[] => {
  const b = facts(before);
  const a = facts(after);
  const reasons: string[] = [];
  beforeDims.forEach((dimension, k) => {
    const from = dimension.score;
    const to = afterDims[k].score;
    if (Math.abs(to - from) < NOTICEABLE) return;
    const head = `${dimension.label} ${to > from ? "rises" : "falls"} ${from.toFixed(2)} → ${to.toFixed(2)}`;
    if (dimension.key === "reliability") {
      reasons.push(`${head} (mean uptime ${formatPercent(b.reporting.uptime)} → ${formatPercent(a.reporting.uptime)}, mean error rate ${formatPercent(b.reporting.errorRate)} → ${formatPercent(a.reporting.errorRate)})`);
    } else if (dimension.key === "delivery") {
      reasons.push(
        `${head} (mean completion rate ${formatPercent(b.reporting.completionRate)} → ${formatPercent(a.reporting.completionRate)}, mean response time ${ms(b.reporting.averageResponseTime)} → ${ms(a.reporting.averageResponseTime)})`,
      );
    } else {
      const gained = a.core.filter((role) => !b.core.includes(role));
      const lost = b.core.filter((role) => !a.core.includes(role));
      const roleNote = [gained.length > 0 ? `gains ${gained.join(", ")}` : "", lost.length > 0 ? `loses ${lost.join(", ")}` : ""].filter(Boolean).join(", ");
      reasons.push(
        `${head} (core roles ${b.core.length}/${CORE_ROLES.length} → ${a.core.length}/${CORE_ROLES.length}${roleNote ? `: ${roleNote}` : ""}; mean experience ${formatInteger(b.xp)} → ${formatInteger(a.xp)} XP)`,
      );
    }
  });
  const shareBefore = assessCoverage(beforeDims, "").share;
  const shareAfter = assessCoverage(afterDims, "").share;
  if (Math.abs(shareAfter - shareBefore) >= NOTICEABLE) {
    reasons.push(`measured data ${formatPercent(shareBefore * 100)} → ${formatPercent(shareAfter * 100)} of the model's weight (members that report performance metrics)`);
  }
  if (before.members.length !== after.members.length) reasons.push(`size ${before.members.length} → ${after.members.length} members`);
  return reasons;
};
