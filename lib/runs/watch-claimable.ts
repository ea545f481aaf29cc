// Waking waiting claims when work becomes claimable (docs/agents-at-work.md, "Runs"). While any claim
// of this process waits, one watcher reads the event log every RUN_CLAIM_WATCH_MS for tasks that
// became assigned (task.created, task.status_changed, task.updated: on any instance, since the log
// is shared), finds the agents each is for — the agent itself, a squad's members, the members of a
// syndicate's squads — and wakes only their waiting claims. However many agents wait, a quiet
// interval costs one indexed query, and an assignment wakes the agents it concerns, not all of them.
import { prisma, Prisma } from "../db";
import { runsConfig } from "./config";

type Waits = {
  byAgent: Map<string, Set<() => void>>;
  draining: boolean;
  timer: ReturnType<typeof setTimeout> | null;
  head: bigint | null;
};

// On globalThis: Next bundles the routes apart from instrumentation.ts, which drains.
const state = globalThis as typeof globalThis & { __syndicateClaimWaits?: Waits };
const waits = (): Waits => (state.__syndicateClaimWaits ??= { byAgent: new Map(), draining: false, timer: null, head: null });

const TASK_TYPES = ["task.created", "task.status_changed", "task.updated"];

const wake = (agentIds: Iterable<string>) => {
  const { byAgent } = waits();
  for (const agentId of agentIds) for (const resolve of [...(byAgent.get(agentId) ?? [])]) resolve();
};

/** The agents tasks that are now assigned are for: one statement for any number of tasks. */
const agentsFor = async (taskIds: string[]): Promise<string[]> => {
  if (taskIds.length === 0) return [];
  const rows = await prisma.$queryRaw<{ agentId: string }[]>`
    WITH t AS (SELECT "entityType"::text AS type, "entityId" AS id FROM "Task" WHERE id IN (${Prisma.join(taskIds)}) AND status = 'assigned')
    SELECT t.id AS "agentId" FROM t WHERE t.type = 'Agent'
    UNION SELECT m."agentId" FROM t JOIN "SquadMember" m ON t.type = 'Squad' AND m."squadId" = t.id
    UNION SELECT m."agentId" FROM t JOIN "SyndicateSquad" l ON t.type = 'Syndicate' AND l."syndicateId" = t.id JOIN "SquadMember" m ON m."squadId" = l."squadId"`;
  return rows.map((row) => row.agentId);
};

const tick = async () => {
  const current = waits();
  current.timer = null;
  if (current.byAgent.size === 0) return;
  try {
    if (current.head === null) await watchFromNow();
    else {
      const rows = await prisma.event.findMany({
        where: { seq: { gt: current.head }, type: { in: TASK_TYPES } },
        select: { seq: true, entityId: true },
        orderBy: { seq: "asc" },
        take: 1_000,
      });
      if (rows.length > 0) {
        current.head = rows[rows.length - 1].seq;
        wake(await agentsFor([...new Set(rows.map((row) => row.entityId))]));
      }
    }
  } catch {
    // The database is busy or away: the waiting claims look again by themselves (RUN_CLAIM_RECHECK_MS).
  }
  schedule();
};

const schedule = () => {
  const current = waits();
  if (current.timer || current.byAgent.size === 0) return;
  current.timer = setTimeout(() => void tick(), runsConfig().RUN_CLAIM_WATCH_MS);
};

/**
 * Marks where in the event log the watcher starts, if it has not started yet: a claim calls it before
 * it first looks for work, so that no assignment made after that look goes unseen. The watcher keeps
 * its place while no claim waits (it reads on from there when one waits again).
 */
export const watchFromNow = async () => {
  const current = waits();
  if (current.head !== null) return;
  const latest = (await prisma.event.aggregate({ _max: { seq: true } }))._max.seq ?? 0n;
  current.head ??= latest;
};

/**
 * Waits until work may be claimable for `agentId` (an assignment the watcher saw), `ms` pass, the
 * request ends or the process drains, whichever comes first.
 */
export const waitForWork = (agentId: string, ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const current = waits();
    const mine = current.byAgent.get(agentId) ?? new Set();
    current.byAgent.set(agentId, mine);
    const done = () => {
      clearTimeout(timer);
      mine.delete(done);
      if (mine.size === 0 && current.byAgent.get(agentId) === mine) current.byAgent.delete(agentId);
      signal?.removeEventListener("abort", done);
      if (current.byAgent.size === 0 && current.timer) {
        clearTimeout(current.timer);
        current.timer = null;
      }
      resolve();
    };
    const timer = setTimeout(done, ms);
    mine.add(done);
    signal?.addEventListener("abort", done, { once: true });
    schedule();
  });

/** Whether the process drains for shutdown (claims then do not wait). */
export const isDraining = () => waits().draining;

/** Wakes every waiting claim of this process to look again. */
export const wakeClaims = () => wake([...waits().byAgent.keys()]);

/** Shutdown: waiting claims answer now (no task), and claims from now on do not wait. */
export const endClaimWaits = () => {
  waits().draining = true;
  wakeClaims();
};

/** Tests: claims wait again, and the watcher starts from the log's end. */
export const resetClaimWaits = () => {
  const current = waits();
  current.draining = false;
  current.head = null;
};
