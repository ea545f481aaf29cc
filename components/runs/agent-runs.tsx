// An agent's latest runs on its page: newest first, each linking to its run page and task, and a link
// to all of its runs in the runs list.
import Link from "next/link";
import type { TRun } from "@/lib/runs/schemas";
import { formatInteger } from "@/lib/format";
import { Card } from "@/components/ui/card";
import { RunsTable } from "./runs-table";

export const AgentRuns = ({
  agentId,
  latest,
  total,
  taskDescriptions,
}: {
  agentId: string;
  /** The latest runs, newest first. */
  latest: TRun[];
  total: number;
  taskDescriptions: Map<string, string>;
}) => (
  <Card title="Runs">
    {latest.length === 0 ? (
      <p className="muted">No runs yet: the agent has claimed no task with a credential.</p>
    ) : (
      <>
        <p className="muted">
          The latest {formatInteger(latest.length)} of {formatInteger(total)}, newest first.
        </p>
        <RunsTable runs={latest} label="Latest runs" taskDescriptions={taskDescriptions} showAgent={false} />
      </>
    )}
    {total > 0 ? (
      <p>
        <Link href={`/runs?agentId=${encodeURIComponent(agentId)}`}>All runs of this agent ({formatInteger(total)})</Link>
      </p>
    ) : null}
  </Card>
);
