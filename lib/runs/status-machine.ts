// The run state machine (docs/agents-at-work.md, "Runs"): a run works (running), may pause for a
// person (awaiting_approval, back to running once decided), and ends completed or failed (by its
// agent), released (handed back by its agent), lost (its lease ran out: the sweep) or cancelled (an
// operator). Client-safe.
import { defineStatusMachine } from "../core/status-machine";

export const RUN_STATUSES = ["running", "awaiting_approval", "completed", "failed", "lost", "released", "cancelled"] as const;
export type RunStatusValue = (typeof RUN_STATUSES)[number];

export const RUN_MACHINE = defineStatusMachine<RunStatusValue>("Run", RUN_STATUSES, {
  running: ["awaiting_approval", "completed", "failed", "lost", "released", "cancelled"],
  awaiting_approval: ["running", "failed", "lost", "released", "cancelled"],
  completed: [],
  failed: [],
  lost: [],
  released: [],
  cancelled: [],
});

/** Statuses of a run that still holds its task. */
export const OPEN_RUN_STATUSES = RUN_MACHINE.open;

/** Finished runs that count in an agent's completion and error rates (a cancel is the operator's and a hand-back no error: neither counts). */
export const COUNTED_RUN_STATUSES = ["completed", "failed", "lost"] as const;

export const STEP_KINDS = ["message", "log", "tool_call", "tool_result", "approval_request", "approval_decision", "error"] as const;
export type StepKindValue = (typeof STEP_KINDS)[number];

export const APPROVAL_STATUSES = ["pending", "approved", "rejected"] as const;
