// Normalizations from real metrics to scores in [0, 1], higher meaning better. Each one is
// monotone in its metric (the risk laws depend on it); units are the agents' own: percentages
// 0–100 for uptime, completion rate and error rate, milliseconds for response time.

export const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

/**
 * A failure share (downtime, errors) in percent, on a logarithmic scale that still tells every
 * value 0–100 apart: 1 − log10(1 + 0.99·f)/2. 0 % → 1, 0.1 % → 0.98, 1 % → 0.85, 10 % → 0.48,
 * 50 % → 0.15, 100 % → 0. Strictly falling, so no two percentages a user can enter score alike.
 */
export const failureScore = (failurePercent: number) => {
  const f = Math.min(100, Math.max(0, Number.isFinite(failurePercent) ? failurePercent : 100));
  return clamp01(1 - Math.log10(1 + 0.99 * f) / 2);
};

/** Uptime, through its downtime: 100 % → 1, 99 % → 0.85, 90 % → 0.48, 50 % → 0.15, 0 % → 0. */
export const uptimeScore = (uptimePercent: number) => failureScore(100 - uptimePercent);

/** Error rate: 0 % → 1, 1 % → 0.85, 10 % → 0.48, 100 % → 0. */
export const errorScore = (errorRatePercent: number) => failureScore(errorRatePercent);

/** The score of a dimension nothing is known about: as likely healthy as not. */
export const UNKNOWN_SCORE = 0.5;

/**
 * Whether an agent has reported performance metrics. An agent created without them stores 0 for
 * all four (0 % uptime, 0 % completion, 0 ms, 0 % errors), which no running agent measures; the
 * models read that as "not reported", never as a perfect error rate and an instant response.
 */
export const hasPerformanceMetrics = (m: { uptime: number; completionRate: number; averageResponseTime: number; errorRate: number }) =>
  m.uptime !== 0 || m.completionRate !== 0 || m.averageResponseTime !== 0 || m.errorRate !== 0;

/** Response time: 0 ms → 1, 1 s → 0.5, 3 s → 0.25. */
export const speedScore = (responseMs: number) => clamp01(1000 / (1000 + Math.max(0, responseMs)));

/** Saturating experience: 20,000 XP → 0.5, 60,000 → 0.75. */
export const experienceScore = (experiencePoints: number) => {
  const xp = Math.max(0, experiencePoints);
  return clamp01(xp / (xp + 20_000));
};

export const completionScore = (completionPercent: number) => clamp01(completionPercent / 100);

/** Reliability: half uptime, half error rate. */
export const reliabilityScore = (uptimePercent: number, errorRatePercent: number) =>
  clamp01(0.5 * uptimeScore(uptimePercent) + 0.5 * errorScore(errorRatePercent));

/** Delivery: 70 % completion rate, 30 % response speed. */
export const deliveryScore = (completionPercent: number, responseMs: number) =>
  clamp01(0.7 * completionScore(completionPercent) + 0.3 * speedScore(responseMs));

/** The roles the contract's samples show; a team that has each of them covers its bases. */
export const CORE_ROLES = ["Scout", "Builder", "Defender", "Healer"] as const;

/** Fraction of the core roles present among the given role names. */
export const roleCoverage = (roleNames: readonly string[]) => {
  const present = new Set(roleNames);
  return CORE_ROLES.filter((role) => present.has(role)).length / CORE_ROLES.length;
};

export const mean = (values: readonly number[]) => {
  if (values.length === 0) return 0;
  // Summed in sorted order so that the member order never changes the last bit.
  return [...values].sort((a, b) => a - b).reduce((sum, value) => sum + value, 0) / values.length;
};
