// A connected agent's month of work (seed-runs.ts), planned as the run protocol would have recorded
// it (docs/agents-at-work.md): live stretches with gaps between them, and inside them runs, one after
// another, each on a task of its own assigned to the agent, with a short trace and now and then an
// approval decided by the operator. A stretch that ends in a crash leaves its run lost; the task goes
// back to assigned and the agent, restarted, claims it again (attempt 2). Every run is finished before
// its stretch ends, and every stretch before the epoch, so nothing is open. Pure: rows only.
import type { Prisma } from "../db";
import type { Prng } from "./generator/prng";
import { DAY, HOUR, MINUTE, serialId } from "./generator/support";
import { planRunTrace, type RunTrace } from "./plan-run-trace";
import type { WorkRole } from "./work-catalog";

const SECOND = 1_000;
const LEASE_MS = 60 * SECOND;
/** How often the lost-run sweep looks (lib/runs/lost-run-sweep.ts). */
const SWEEP_MS = 10 * SECOND;

export type WorkAgent = { id: string; role: WorkRole; skills: readonly string[]; approverId: string };

export type PlannedWork = {
  firstConnectedAt: Date;
  lastContactAt: Date;
  presence: Prisma.AgentPresenceCreateManyInput[];
  runs: Prisma.AgentRunCreateManyInput[];
  steps: Prisma.RunStepCreateManyInput[];
  approvals: Prisma.RunApprovalCreateManyInput[];
  tasks: Prisma.TaskCreateManyInput[];
  changes: Prisma.TaskStatusChangeCreateManyInput[];
  /** Task outcomes in time order (what moves the agent's experience and history). */
  outcomes: { at: Date; taskId: string; completed: boolean }[];
};

type Stretch = { start: number; end: number; crash: boolean };

const PRIORITIES = [["low", 20], ["medium", 45], ["high", 28], ["critical", 7]] as const;
// Offline now and then: mostly for a few minutes, sometimes a few hours, rarely a night. A crash
// (its run lost) is followed by a restart within minutes.
const GAPS: readonly (readonly [readonly [number, number], number])[] = [[[2, 30], 70], [[60, 240], 25], [[480, 720], 5]];
const CRASH_CHANCE = 0.3;

/** Live stretches from `from` to just before `until`: 6 h to 4 days each, the last one at least 3 h. */
const planStretches = (rng: Prng, from: number, until: number): Stretch[] => {
  const stretches: Stretch[] = [];
  const last = until - rng.int(2 * MINUTE, 15 * MINUTE);
  let start = from;
  for (;;) {
    const end = start + rng.int(6 * HOUR, 96 * HOUR);
    const crash = rng.chance(CRASH_CHANCE);
    const [low, high] = crash ? [2, 6] : rng.weighted(GAPS);
    const gap = rng.int(low * MINUTE, high * MINUTE);
    if (end >= last - 6 * HOUR || end + gap >= last - 3 * HOUR) {
      stretches.push({ start, end: last, crash: false });
      return stretches;
    }
    stretches.push({ start, end, crash });
    start = end + gap;
  }
};

// Time until the next task becomes claimable: exponential around 30 h, 5 min to 3 days (some twenty
// runs an agent over its month: enough for its figures, few enough not to bury the demo's task board).
const idleMs = (rng: Prng) => Math.round(Math.min(72 * HOUR, Math.max(5 * MINUTE, -Math.log(1 - rng.next()) * 30 * HOUR)));

export const planAgentWork = (rng: Prng, agent: WorkAgent, epoch: Date): PlannedWork => {
  const firstConnectedAt = new Date(epoch.getTime() - rng.int(20 * DAY, 30 * DAY));
  const stretches = planStretches(rng, firstConnectedAt.getTime(), epoch.getTime());
  const work: PlannedWork = { firstConnectedAt, lastContactAt: new Date(stretches.at(-1)!.end), presence: [], runs: [], steps: [], approvals: [], tasks: [], changes: [], outcomes: [] };
  let taskCount = 0;

  type OpenTask = { id: string; createdAt: number; history: { status: Prisma.TaskStatusChangeCreateManyInput["toStatus"]; at: number }[] };
  const newTask = (claimableAt: number): OpenTask => {
    const id = `task-${agent.id}-${String((taskCount += 1)).padStart(4, "0")}`;
    const createdAt = claimableAt - rng.int(MINUTE, 3 * HOUR);
    return { id, createdAt, history: [{ status: "pending", at: createdAt }, { status: "assigned", at: claimableAt }] };
  };

  // One run: its row, its trace and approval; a finished run also finishes its task.
  const addRun = (task: OpenTask, attempt: number, claimableAt: number, claimedAt: number, lost: boolean, until: number) => {
    const trace = planRunTrace(rng, { role: agent.role, approverId: agent.approverId, claimedAt, lost, until });
    const { ending } = trace;
    task.history.push({ status: "in_progress", at: claimedAt });
    const finishedAt = ending === "lost" ? trace.lastContactAt + LEASE_MS + rng.int(0, SWEEP_MS) : trace.finishedAt;
    const lastHeartbeatAt = ending === "lost" ? trace.lastContactAt : finishedAt;
    const leaseFrom = ending === "lost" ? trace.lastContactAt : finishedAt - rng.int(0, 20 * SECOND);
    work.runs.push({
      id: trace.runId,
      taskId: task.id,
      agentId: agent.id,
      attempt,
      status: ending,
      claimableAt: new Date(claimableAt),
      claimedAt: new Date(claimedAt),
      leaseExpiresAt: new Date(leaseFrom + LEASE_MS),
      lastHeartbeatAt: new Date(lastHeartbeatAt),
      finishedAt: new Date(finishedAt),
      resultSummary: trace.result?.summary ?? null,
      ...(trace.result ? { resultData: trace.result.data } : {}),
      errorClass: trace.error?.[0] ?? null,
      errorMessage: trace.error?.[1] ?? null,
      cancelledById: null,
      tokens: trace.tokens,
      cost: trace.cost,
      stepCount: trace.steps.length,
      traceBytes: trace.traceBytes,
      droppedSteps: 0,
      createdAt: new Date(claimedAt),
      updatedAt: new Date(finishedAt),
    });
    work.steps.push(...trace.steps);
    work.approvals.push(...trace.approvals);
    if (ending === "lost") {
      task.history.push({ status: "assigned", at: finishedAt });
      return finishedAt;
    }
    task.history.push({ status: ending, at: finishedAt });
    finishTask(task, ending, trace, claimedAt, finishedAt);
    return finishedAt;
  };

  const finishTask = (task: OpenTask, ending: "completed" | "failed", trace: RunTrace, claimedAt: number, finishedAt: number) => {
    const hours = (finishedAt - claimedAt) / HOUR;
    const required = rng.chance(0.5);
    work.tasks.push({
      id: task.id,
      description: trace.task.description,
      status: ending,
      dueDate: new Date(task.createdAt + rng.int(1, 7) * DAY),
      entityType: "Agent",
      entityId: agent.id,
      priority: rng.weighted(PRIORITIES),
      notes: null,
      estimatedDuration: Math.max(0.1, Math.round(hours * rng.float(0.6, 1.6) * 10) / 10),
      actualDuration: Math.round(hours * 1e6) / 1e6,
      resourceUsage: trace.tokens,
      costEstimate: Math.max(0.01, Math.round(trace.cost * rng.float(0.8, 1.5) * 100) / 100),
      actualCost: trace.cost,
      createdAt: new Date(task.createdAt),
      updatedAt: new Date(finishedAt),
      resultSummary: trace.result ? trace.result.summary : `${trace.error![0]}: ${trace.error![1]}`,
      ...(trace.result ? { resultData: trace.result.data } : {}),
      finishedAt: new Date(finishedAt),
      requiredRole: required ? agent.role.name : null,
      requiredSkills: required && agent.skills.length > 0 && rng.chance(0.5) ? [rng.pick(agent.skills)] : [],
    });
    task.history.forEach((move, position) =>
      work.changes.push({ id: `${task.id}:s:${position}`, taskId: task.id, fromStatus: position === 0 ? null : task.history[position - 1].status, toStatus: move.status, changedAt: new Date(move.at) }),
    );
    work.outcomes.push({ at: new Date(finishedAt), taskId: task.id, completed: ending === "completed" });
  };

  let retry: { task: OpenTask; claimableAt: number } | null = null;
  stretches.forEach((stretch, index) => {
    work.presence.push({ id: serialId(`ap_${agent.id}`, index), agentId: agent.id, startedAt: new Date(stretch.start), endedAt: new Date(stretch.end) });
    const room = stretch.end - MINUTE;
    let cursor = stretch.start;
    let previousClaim: number | null = null;
    // Back after a crash: the lost run's task is claimable again, and claimed at once.
    if (retry) {
      const claimedAt = stretch.start + rng.int(20, 400);
      cursor = addRun(retry.task, 2, retry.claimableAt, claimedAt, false, room);
      previousClaim = claimedAt;
      retry = null;
    }
    for (;;) {
      // Now and then a task became claimable while the agent was busy with the previous one.
      const queued = previousClaim !== null && rng.chance(0.06);
      const claimableAt = queued ? cursor - rng.int(10 * SECOND, Math.max(10 * SECOND, Math.min(3 * MINUTE, cursor - previousClaim! - SECOND))) : cursor + idleMs(rng);
      const claimedAt = queued ? cursor + rng.int(30, 600) : claimableAt + rng.int(40, 1_800);
      // A run needs two hours of room at most; near the stretch's end the agent crashes mid-run, or idles.
      if (claimedAt + 2 * HOUR > room) break;
      cursor = addRun(newTask(claimableAt), 1, claimableAt, claimedAt, false, room);
      previousClaim = claimedAt;
    }
    if (stretch.crash) {
      const claimedAt = stretch.end - rng.int(2 * MINUTE, 40 * MINUTE);
      if (claimedAt > cursor + 5 * MINUTE) {
        const claimableAt = claimedAt - rng.int(40, 1_800);
        const task = newTask(claimableAt);
        retry = { task, claimableAt: addRun(task, 1, claimableAt, claimedAt, true, stretch.end) };
      }
    }
  });
  return work;
};
