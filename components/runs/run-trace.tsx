// A run's trace: its steps in order, each with its kind, time and text; structured data collapsed as
// formatted JSON; tokens and cost where the agent reported them.
import type { TStep } from "@/lib/runs/schemas";
import { formatCost, formatInteger, formatStatus, formatTimestamp } from "@/lib/format";
import { JsonDetails } from "./json-details";
import styles from "./runs.module.css";

const usageOf = (step: TStep) =>
  [step.tokens !== undefined ? `${formatInteger(step.tokens)} tokens` : null, step.cost !== undefined ? formatCost(step.cost) : null].filter(Boolean).join(" · ");

export const RunTrace = ({ steps, droppedSteps }: { steps: TStep[]; droppedSteps: number }) => (
  <>
    {steps.length === 0 ? <p className="muted">No steps reported yet.</p> : null}
    <ol className={styles.trace} aria-label="Trace">
      {steps.map((step) => {
        const usage = usageOf(step);
        return (
          <li key={step.seq} className={styles.step} data-testid="trace-step" data-kind={step.kind}>
            <div className={styles.stepHead}>
              <span className="muted">#{formatInteger(step.seq)}</span>
              <span className="badge">{formatStatus(step.kind)}</span>
              <time dateTime={step.at}>{formatTimestamp(step.at)}</time>
              {usage ? <span className={styles.stepUsage}>{usage}</span> : null}
            </div>
            {step.text ? <p className={styles.text}>{step.text}</p> : null}
            {step.data !== undefined ? <JsonDetails summary="Data" label={`Data of step ${step.seq}`} value={step.data} /> : null}
          </li>
        );
      })}
    </ol>
    {droppedSteps > 0 ? (
      <p className="muted">
        {formatInteger(droppedSteps)} later {droppedSteps === 1 ? "step was" : "steps were"} refused: the trace reached its bound.
      </p>
    ) : null}
  </>
);
