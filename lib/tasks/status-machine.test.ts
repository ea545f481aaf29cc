import { describe, expect, it } from "vitest";
import { TaskStatus } from "../db/generated/enums";
import {
  OPEN_TASK_STATUSES,
  TASK_RUN_MACHINE,
  TASK_STATUSES,
  allowedTaskMoves,
  canMoveTask,
  isFinalTaskStatus,
  type TaskStatusValue,
} from "./status-machine";

const LEGAL: [TaskStatusValue, TaskStatusValue][] = [
  ["pending", "assigned"],
  ["assigned", "in_progress"],
  ["in_progress", "completed"],
  ["in_progress", "failed"],
  ["pending", "cancelled"],
  ["assigned", "cancelled"],
  ["in_progress", "cancelled"],
];

const allPairs = TASK_STATUSES.flatMap((from) => TASK_STATUSES.map((to) => [from, to] as const));
const isLegal = (from: string, to: string) => LEGAL.some(([a, b]) => a === from && b === to);

describe("the runs' task moves", () => {
  it("are the machine's and in_progress → assigned (a lost run's task offered again), which no person may make", () => {
    expect(TASK_RUN_MACHINE.canMove("in_progress", "assigned")).toBe(true);
    expect(canMoveTask("in_progress", "assigned")).toBe(false);
    for (const [from, to] of LEGAL) expect(TASK_RUN_MACHINE.canMove(from, to)).toBe(true);
  });
});

describe("task status machine", () => {
  it("knows exactly the statuses of the database enum", () => {
    expect([...TASK_STATUSES].sort()).toEqual(Object.values(TaskStatus).sort());
  });

  it.each(LEGAL)("allows %s → %s", (from, to) => {
    expect(canMoveTask(from, to)).toBe(true);
    expect(allowedTaskMoves(from)).toContain(to);
  });

  it.each(allPairs.filter(([from, to]) => !isLegal(from, to)))("refuses %s → %s", (from, to) => {
    expect(canMoveTask(from, to)).toBe(false);
    expect(allowedTaskMoves(from)).not.toContain(to);
  });

  it("treats completed, failed and cancelled as final, the rest as open", () => {
    expect(TASK_STATUSES.filter(isFinalTaskStatus)).toEqual(["completed", "failed", "cancelled"]);
    expect(OPEN_TASK_STATUSES).toEqual(["pending", "assigned", "in_progress"]);
  });
});
