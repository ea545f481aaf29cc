// A run's trace: a totals line, then its steps in order (components/runs/trace-step.tsx), each with its
// kind, time, tokens and cost; a hosted run's prompts, replies, tool calls and results read as such.
import type { TStep } from "@/lib/runs/schemas";
import { formatCost, formatInteger } from "@/lib/format";
import { TraceStep } from "./trace-step";
import styles from "./runs.module.css";

const count = (value: number, one: string, many: string) => `${formatInteger(value)} ${value === 1 ? one : many}`;

/** What the steps shown add up to: how many, the tool calls among them, their tokens and cost. */
const totalsOf = (steps: TStep[]) => {
  const tokens = steps.reduce((sum, step) => sum + (step.tokens ?? 0), 0);
  const cost = steps.reduce((sum, step) => sum + (step.cost ?? 0), 0);
  const toolCalls = steps.filter((step) => step.kind === "tool_call").length;
  return [count(steps.length, "step", "steps"), toolCalls ? count(toolCalls, "tool call", "tool calls") : null, count(tokens, "token", "tokens"), formatCost(cost)]
    .filter(Boolean)
    .join(" · ");
};

export const RunTrace = ({ steps, droppedSteps }: { steps: TStep[]; droppedSteps: number }) => (
  <>
    {steps.length === 0 ? (
      <p className="muted">No steps reported yet.</p>
    ) : (
      <p className={styles.totals} data-testid="trace-totals">
        {totalsOf(steps)}
      </p>
    )}
    <ol className={styles.trace} aria-label="Trace">
      {steps.map((step) => (
        <TraceStep key={step.seq} step={step} />
      ))}
    </ol>
    {droppedSteps > 0 ? (
      <p className="muted">
        {formatInteger(droppedSteps)} later {droppedSteps === 1 ? "step was" : "steps were"} refused: the trace reached its bound.
      </p>
    ) : null}
  </>
);
