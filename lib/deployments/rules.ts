// When a deployment is stale: it has been in_progress for longer than the configured limit,
// counted from its move to in_progress (the status's last change). Computed when read, from the
// stored `statusChangedAt`, so it is never out of date and needs no writer; the sweep only records
// the moment in an event (and, when configured, fails the deployment).
import type { Prisma } from "../db";
import type { DeploymentStatusValue } from "./status-machine";

/** The clock a staleness is judged against: now, and the limit (DEPLOYMENT_STALE_AFTER_MINUTES). */
export type StaleClock = { now: Date; staleAfterMs: number };

/** Stale from this instant on: the move to in_progress plus the limit; null when not in progress. */
export const staleFrom = (status: DeploymentStatusValue, statusChangedAt: Date, staleAfterMs: number): Date | null =>
  status === "in_progress" ? new Date(statusChangedAt.getTime() + staleAfterMs) : null;

export type Staleness = { stale: boolean; staleSince?: Date };

/** In progress for strictly longer than the limit: at exactly the limit it is not stale yet. */
export const staleness = (status: DeploymentStatusValue, statusChangedAt: Date, clock: StaleClock): Staleness => {
  const since = staleFrom(status, statusChangedAt, clock.staleAfterMs);
  return since && since.getTime() < clock.now.getTime() ? { stale: true, staleSince: since } : { stale: false };
};

/** A deployment whose status changed before this instant (and is still in_progress) is stale. */
export const staleCutoff = (clock: StaleClock) => new Date(clock.now.getTime() - clock.staleAfterMs);

/** The deployments that are stale (`stale`) or not (`!stale`) at `clock`, as a Prisma filter. */
export const staleWhere = (stale: boolean, clock: StaleClock): Prisma.DeploymentWhereInput => {
  const cutoff = staleCutoff(clock);
  return stale
    ? { status: "in_progress", statusChangedAt: { lt: cutoff } }
    : { OR: [{ status: { not: "in_progress" } }, { statusChangedAt: { gte: cutoff } }] };
};
