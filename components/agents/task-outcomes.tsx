import Link from "next/link";
import type { TAgent } from "@/lib/agents/schemas";
import { formatDateTime, formatInteger } from "@/lib/format";
import { Card } from "@/components/ui/card";
import { taskHref } from "@/components/tasks/task-href";

/** The history points task outcomes added (newest first, the last 10), each linking to its task. */
export const TaskOutcomes = ({ history }: { history: TAgent["historicalData"] }) => {
  const outcomes = history.filter((point) => point.taskId).slice(-10).reverse();
  if (outcomes.length === 0) return null;
  return (
    <Card title="Task outcomes">
      <ul className="kv" aria-label="Task outcomes" data-testid="task-outcomes">
        {outcomes.map((point, index) => (
          <li key={`${point.taskId}-${index}`}>
            <span>
              <Link href={taskHref(point.taskId!)}>{point.taskId}</Link> <span className="muted">{formatDateTime(point.timestamp)}</span>
            </span>
            <span>
              {formatInteger(point.tasksCompleted)} completed · {formatInteger(point.experiencePoints)} XP
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
};
