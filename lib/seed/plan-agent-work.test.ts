// The connected agents' planned month (plan-agent-work.ts, plan-agent-history.ts), over many seeds:
// the laws the seeded rows rely on, checked without a database.
import { describe, expect, it } from "vitest";
import { Prng } from "./generator/prng";
import { DAY } from "./generator/support";
import { planAgentHistory, type HistoryPoint } from "./plan-agent-history";
import { planAgentWork } from "./plan-agent-work";
import { WORK_ROLES } from "./work-catalog";

const SEEDS = 40;
const EPOCH = new Date("2026-11-01T00:00:00Z");
const ms = (value: Date | string | null | undefined) => new Date(value!).getTime();

const planFor = (seed: number) =>
  planAgentWork(new Prng(seed).fork("runs"), { id: "agent-0001", role: WORK_ROLES[seed % WORK_ROLES.length], skills: ["Solidity", "Data Mining"], approverId: "operator" }, EPOCH);

describe("planAgentWork", () => {
  it("gives the same rows for the same stream", () => {
    expect(planFor(3)).toEqual(planFor(3));
    expect(planFor(3).runs.map((run) => run.id)).not.toEqual(planFor(4).runs.map((run) => run.id));
  });

  it("finishes every run inside a live stretch, before the epoch, with nothing left open", () => {
    for (let seed = 0; seed < SEEDS; seed += 1) {
      const work = planFor(seed);
      const connected = ms(work.firstConnectedAt);
      expect(EPOCH.getTime() - connected).toBeGreaterThanOrEqual(20 * DAY);
      expect(EPOCH.getTime() - connected).toBeLessThanOrEqual(30 * DAY);
      expect(ms(work.presence[0].startedAt)).toBe(connected);
      work.presence.forEach((stretch, index) => {
        expect(ms(stretch.endedAt)).toBeGreaterThan(ms(stretch.startedAt));
        // A gap longer than the lease (60 s) and the sweep (10 s): the stretches are distinct.
        if (index > 0) expect(ms(stretch.startedAt) - ms(work.presence[index - 1].endedAt)).toBeGreaterThan(70_000);
      });
      expect(ms(work.presence.at(-1)!.endedAt)).toBeLessThan(EPOCH.getTime());
      for (const run of work.runs) {
        expect(["completed", "failed", "lost"]).toContain(run.status);
        expect(ms(run.claimableAt)).toBeLessThanOrEqual(ms(run.claimedAt));
        expect(ms(run.leaseExpiresAt)).toBeLessThanOrEqual(EPOCH.getTime());
        expect(ms(run.finishedAt)).toBeLessThan(EPOCH.getTime());
        const inside = work.presence.some((stretch) => ms(stretch.startedAt) <= ms(run.claimedAt) && ms(run.lastHeartbeatAt) <= ms(stretch.endedAt));
        expect(inside, `${seed} ${run.id}`).toBe(true);
      }
      // One run at a time.
      const sorted = [...work.runs].sort((a, b) => ms(a.claimedAt) - ms(b.claimedAt));
      sorted.slice(1).forEach((run, index) => expect(ms(run.claimedAt)).toBeGreaterThanOrEqual(ms(sorted[index].finishedAt)));
      expect(work.approvals.every((approval) => approval.status !== "pending" && approval.decidedAt)).toBe(true);
    }
  });

  it("keeps the figures in the ranges of a healthy agent", () => {
    for (let seed = 0; seed < SEEDS; seed += 1) {
      const work = planFor(seed);
      const live = work.presence.reduce((sum, stretch) => sum + ms(stretch.endedAt) - ms(stretch.startedAt), 0);
      const uptime = (100 * live) / (EPOCH.getTime() - ms(work.firstConnectedAt));
      const completed = work.runs.filter((run) => run.status === "completed").length;
      expect(uptime).toBeGreaterThan(90);
      expect(uptime).toBeLessThan(99.99);
      expect(completed / work.runs.length).toBeGreaterThan(0.6);
      // Enough runs for its rates to mean something (some twenty a month).
      expect(work.runs.length).toBeGreaterThanOrEqual(8);
    }
  });

  it("finishes each task with its last run, a lost run's task by the next attempt", () => {
    for (let seed = 0; seed < SEEDS; seed += 1) {
      const work = planFor(seed);
      const tasks = new Map(work.tasks.map((task) => [task.id, task]));
      expect(work.tasks.length).toBe(work.outcomes.length);
      for (const run of work.runs) {
        const task = tasks.get(run.taskId)!;
        expect(task, run.id).toBeDefined();
        const last = work.runs.filter((other) => other.taskId === run.taskId).sort((a, b) => b.attempt - a.attempt)[0];
        if (run === last) {
          expect(task.status).toBe(run.status);
          expect(ms(task.finishedAt)).toBe(ms(run.finishedAt));
          expect(task.actualCost).toBe(run.cost);
          expect(task.resourceUsage).toBe(run.tokens);
        } else {
          expect(run.status).toBe("lost");
          expect(ms(last.claimableAt)).toBe(ms(run.finishedAt));
        }
      }
    }
  });
});

describe("planAgentHistory", () => {
  const connected = new Date("2026-10-03T10:00:00Z");
  const existing: HistoryPoint[] = [
    { id: "a:h:0", timestamp: new Date("2026-09-01T00:00:00Z"), tasksCompleted: 100, experiencePoints: 2_000 },
    { id: "a:h:1", timestamp: new Date("2026-10-01T00:00:00Z"), tasksCompleted: 150, experiencePoints: 3_000 },
  ];
  const outcomes = [
    { at: new Date("2026-10-03T12:00:00Z"), taskId: "t1", completed: true },
    { at: new Date("2026-10-04T12:00:00Z"), taskId: "t2", completed: false },
    { at: new Date("2026-10-20T08:00:00Z"), taskId: "t3", completed: true },
  ];

  it("continues the monthly totals with a point per outcome and per day", () => {
    const history = planAgentHistory("a", existing, outcomes, connected, EPOCH);
    const byTask = history.points.filter((point) => point.taskId);
    expect(byTask.map((point) => [point.taskId, point.tasksCompleted, point.experiencePoints])).toEqual([
      ["t1", 151, 3_100],
      ["t2", 151, 3_120],
      ["t3", 152, 3_220],
    ]);
    const daily = history.points.filter((point) => !point.taskId);
    expect(daily.map((point) => ms(point.timestamp))).toEqual(Array.from({ length: 29 }, (_, day) => ms("2026-10-04T00:00:00Z") + day * DAY));
    expect(daily.at(-1)).toMatchObject({ tasksCompleted: 152, experiencePoints: 3_220 });
    expect(history.experiencePoints).toBe(3_220);
    expect(history.updates).toEqual([]);
  });

  it("adds the outcomes before a monthly point that follows the first connection, so totals never shrink", () => {
    const early = new Date("2026-09-28T00:00:00Z");
    const history = planAgentHistory("a", existing, [{ at: new Date("2026-09-29T00:00:00Z"), taskId: "t0", completed: true }, ...outcomes], early, EPOCH);
    expect(history.updates).toEqual([{ id: "a:h:1", tasksCompleted: 151, experiencePoints: 3_100 }]);
    const all = [...existing.map((point) => (point.id === "a:h:1" ? { ...point, ...history.updates[0] } : point)), ...history.points].sort((a, b) => ms(a.timestamp) - ms(b.timestamp));
    all.slice(1).forEach((point, index) => {
      expect(point.tasksCompleted).toBeGreaterThanOrEqual(all[index].tasksCompleted);
      expect(point.experiencePoints).toBeGreaterThanOrEqual(all[index].experiencePoints);
    });
    expect(history.experiencePoints).toBe(all.at(-1)!.experiencePoints);
  });
});
