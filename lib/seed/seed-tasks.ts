// Demo tasks in every status, assigned to every kind of entity (all of which exist in the seed),
// each with a status history of legal moves only: pending→assigned→in_progress→completed|failed,
// and any non-final status→cancelled.
//
// Units: estimatedDuration and actualDuration are hours; resourceUsage is the percentage of the
// task's compute budget used; costEstimate and actualCost are USD. actualDuration, actualCost are
// set once a task has finished (completed or failed); resourceUsage once it has started.
import type { EntityType, Prisma, TaskStatus } from "../db";
import { agentId } from "./seed-agents";
import { squadId, syndicateId } from "./seed-groups";
import { itemId } from "./seed-marketplace";
import type { Prng } from "./generator/prng";
import { DAY, HOUR, MINUTE, after, before, bulkInsert, serialId, type SeedContext } from "./generator/support";

const DESCRIPTIONS: Record<EntityType, readonly string[]> = {
  Agent: [
    "Monitor the Uniswap v3 ETH/USDC pool for price deviations above 2%",
    "Scan newly verified contracts on Base for proxy-admin misconfigurations",
    "Reconcile treasury balances across Ethereum and Arbitrum",
    "Triage failed webhook deliveries from the payments service",
    "Summarise governance proposals due for a vote this week",
    "Backtest the stablecoin depeg alert thresholds against 2023 data",
    "Rotate the hot-wallet signing keys and confirm the new quorum",
  ],
  Squad: [
    "Run a red-team exercise against the staging bridge contracts",
    "Migrate price-feed consumers to the new oracle adapter",
    "Coordinate the incident review for last night's RPC outage",
    "Load-test the deployment pipeline at three times peak traffic",
    "Audit access-control lists of every production multisig",
  ],
  Syndicate: [
    "Quarterly cross-squad risk review",
    "Rebalance liquidity across L2 deployments ahead of the token unlock",
    "Publish the monthly uptime and incident report",
    "Plan capacity for the public-services rollout",
  ],
  MarketplaceItem: [
    "Review the listing's documentation and screenshots",
    "Run the integration test suite against the latest release",
    "Verify licence terms before the lease offer goes live",
    "Re-score the item's security posture after a dependency update",
  ],
};

const NOTES = [
  "Requested by the risk desk.",
  "Blocked on RPC quota; retry scheduled.",
  "Follow-up from the last incident review.",
  "Customer-facing: keep the status page updated.",
  "Depends on the oracle adapter release.",
  "Low urgency; batch with the weekly run.",
  "Escalated by the on-call engineer.",
] as const;

// What came of a finished task (its result summary), by outcome; chosen by the task's index, not the
// random stream, so adding them changed no other seeded value.
const RESULTS = {
  completed: [
    "Done; findings written up in the runbook.",
    "Completed within budget; no anomalies found.",
    "Completed; two follow-up items opened.",
  ],
  failed: ["Failed: the upstream RPC quota ran out.", "Failed: the data needed was not available in time."],
} as const;

const ENTITY_TYPES: readonly EntityType[] = ["Agent", "Squad", "Syndicate", "MarketplaceItem"];
const STATUSES: readonly TaskStatus[] = ["pending", "assigned", "in_progress", "completed", "failed", "cancelled"];
const STATUS_WEIGHTS = [["pending", 12], ["assigned", 12], ["in_progress", 18], ["completed", 38], ["failed", 8], ["cancelled", 12]] as const;
const ENTITY_WEIGHTS = [["Agent", 50], ["Squad", 25], ["Syndicate", 10], ["MarketplaceItem", 15]] as const;
const PRIORITIES = [["low", 25], ["medium", 40], ["high", 25], ["critical", 10]] as const;

export type EntityCounts = { agents: number; squads: number; syndicates: number; items: number };

export const taskCountFor = (agents: number) => Math.max(64, Math.round(agents / 2));

const entityRef = (rng: Prng, type: EntityType, counts: EntityCounts) => {
  switch (type) {
    case "Agent":
      return agentId(rng.int(0, counts.agents - 1));
    case "Squad":
      return squadId(rng.int(0, counts.squads - 1));
    case "Syndicate":
      return syndicateId(rng.int(0, counts.syndicates - 1));
    case "MarketplaceItem":
      return itemId(rng.int(0, counts.items - 1));
  }
};

// The statuses a task passed through to reach `status`, with the time each move took.
const pathTo = (rng: Prng, status: TaskStatus): { status: TaskStatus; gap: number }[] => {
  const forward: TaskStatus[] = ["pending", "assigned", "in_progress"];
  const gaps = [0, rng.int(5, 60 * 48) * MINUTE, rng.int(10, 60 * 72) * MINUTE];
  let reached = forward.indexOf(status);
  if (status === "completed" || status === "failed") reached = 2;
  if (status === "cancelled") reached = rng.int(0, 2);
  const steps = forward.slice(0, reached + 1).map((step, index) => ({ status: step, gap: gaps[index] }));
  if (status === "completed" || status === "failed") steps.push({ status, gap: rng.int(30, 60 * 48) * MINUTE });
  if (status === "cancelled") steps.push({ status, gap: rng.int(60, 60 * 24 * 5) * MINUTE });
  return steps;
};

export const seedTasks = async (ctx: SeedContext, count: number, entities: EntityCounts): Promise<number> => {
  const rng = ctx.rng.fork("tasks");
  const rows: Prisma.TaskCreateManyInput[] = [];
  const changes: Prisma.TaskStatusChangeCreateManyInput[] = [];
  const combos = STATUSES.length * ENTITY_TYPES.length;
  for (let index = 0; index < count; index += 1) {
    const id = serialId("task", index);
    // The first tasks cover every status × entity type; the rest follow realistic weights.
    const status = index < combos ? STATUSES[index % STATUSES.length] : rng.weighted(STATUS_WEIGHTS);
    const entityType = index < combos ? ENTITY_TYPES[Math.floor(index / STATUSES.length)] : rng.weighted(ENTITY_WEIGHTS);
    const steps = pathTo(rng, status);
    const span = steps.reduce((sum, step) => sum + step.gap, 0);
    const open = status === "pending" || status === "assigned" || status === "in_progress";
    // Everything happens within the last 110 days (see seed-groups.ts for why that bound).
    const margin = open ? rng.int(0, 20 * 24) * HOUR : rng.int(0, 95) * DAY + rng.int(0, 23) * HOUR;
    const createdAt = before(ctx.epoch, span + margin);
    let at = createdAt;
    let previous: TaskStatus | null = null;
    let startedAt: Date | null = null;
    for (const [position, step] of steps.entries()) {
      at = after(at, step.gap);
      if (step.status === "in_progress") startedAt = at;
      changes.push({ id: `${id}:s:${position}`, taskId: id, fromStatus: previous, toStatus: step.status, changedAt: at });
      previous = step.status;
    }
    const finished = status === "completed" || status === "failed";
    const estimatedDuration = rng.float(1, 40, 1);
    const rate = rng.float(4, 18, 2);
    const actualDuration = finished && startedAt ? Math.round(((at.getTime() - startedAt.getTime()) / HOUR) * 10) / 10 : null;
    rows.push({
      id,
      description: rng.pick(DESCRIPTIONS[entityType]),
      status,
      dueDate: after(createdAt, rng.int(2, 21) * DAY),
      entityType,
      entityId: entityRef(rng, entityType, entities),
      priority: rng.weighted(PRIORITIES),
      notes: rng.pick(NOTES),
      estimatedDuration,
      actualDuration,
      resourceUsage: startedAt ? rng.float(5, 98, 1) : null,
      costEstimate: Math.round(estimatedDuration * rate * 100) / 100,
      actualCost: actualDuration === null ? null : Math.round(actualDuration * rate * 100) / 100,
      createdAt,
      updatedAt: at,
      resultSummary: status === "completed" || status === "failed" ? RESULTS[status][index % RESULTS[status].length] : null,
      finishedAt: finished ? at : null,
    });
  }
  await bulkInsert(ctx.db, "Task", rows);
  await bulkInsert(ctx.db, "TaskStatusChange", changes);
  return rows.length;
};
