// A table of runs (the runs list, an agent's latest runs): each links to its run page (named by when it
// was claimed) and its task, with its status, how long it took and what it used. Numbers are right-aligned.
import Link from "next/link";
import type { TRun } from "@/lib/runs/schemas";
import { formatCost, formatDateTime, formatDuration, formatInteger } from "@/lib/format";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { taskHref } from "@/components/tasks/task-href";
import { StatusChip } from "./run-status-badge";
import styles from "./runs.module.css";

/** A task's description cut to fit a table cell (the whole text is on the task's page). */
export const shortText = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** How long a finished run took, from its claim; "—" while it is open. */
export const runDuration = (run: Pick<TRun, "claimedAt" | "finishedAt">) =>
  run.finishedAt ? formatDuration(Math.max(0, Date.parse(run.finishedAt) - Date.parse(run.claimedAt))) : "—";

export const RunsTable = ({
  runs,
  label,
  agentNames,
  taskDescriptions,
  showAgent = true,
}: {
  runs: TRun[];
  /** The table's accessible name. */
  label: string;
  agentNames?: Map<string, string>;
  taskDescriptions: Map<string, string>;
  showAgent?: boolean;
}) => (
  <ScrollRegion label={label}>
    <table aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Run (claimed)</th>
          <th scope="col">Status</th>
          {showAgent ? <th scope="col">Agent</th> : null}
          <th scope="col">Task</th>
          <th scope="col" className={styles.num}>
            Duration
          </th>
          <th scope="col" className={styles.num}>
            Tokens
          </th>
          <th scope="col" className={styles.num}>
            Cost
          </th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => (
          <tr key={run.id} data-testid="run-row">
            <td className={styles.nowrap}>
              {/* A run is known by when it was claimed; its id is on its page (and in the link's title). */}
              <Link href={`/runs/${encodeURIComponent(run.id)}`} title={run.id}>
                <time dateTime={run.claimedAt}>{formatDateTime(run.claimedAt)}</time>
              </Link>
              {run.attempt > 1 ? <div className="muted">attempt {formatInteger(run.attempt)}</div> : null}
            </td>
            <td className={styles.nowrap}>
              <StatusChip status={run.status} />
            </td>
            {showAgent ? (
              <td>
                <Link href={`/agents/${encodeURIComponent(run.agentId)}`}>{agentNames?.get(run.agentId) ?? run.agentId}</Link>
              </td>
            ) : null}
            <td>
              <Link href={taskHref(run.taskId)}>{shortText(taskDescriptions.get(run.taskId) ?? run.taskId)}</Link>
            </td>
            <td className={styles.num}>{runDuration(run)}</td>
            <td className={styles.num}>{formatInteger(run.usage.tokens)}</td>
            <td className={styles.num}>{formatCost(run.usage.cost)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </ScrollRegion>
);
