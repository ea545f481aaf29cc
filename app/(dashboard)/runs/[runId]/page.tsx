import type { Metadata } from "next";
import Link from "next/link";
import { hasRole } from "@/lib/auth/rules";
import { currentUser } from "@/lib/auth/get-current-user";
import { OPEN_RUN_STATUSES, type TRunDetails } from "@/lib/runs";
import { formatCost, formatDateTime, formatInteger, formatStatus } from "@/lib/format";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";
import { Card, Stat } from "@/components/ui/card";
import { LiveRefresh } from "@/components/shared/live-refresh";
import { ApprovalList } from "@/components/runs/approval-list";
import { CancelRunButton } from "@/components/runs/cancel-run-button";
import { JsonDetails } from "@/components/runs/json-details";
import { StatusChip } from "@/components/runs/run-status-badge";
import { RunTrace } from "@/components/runs/run-trace";
import { runDuration, shortText } from "@/components/runs/runs-table";
import { taskHref } from "@/components/tasks/task-href";
import styles from "@/components/runs/runs.module.css";
import { loadRunNames } from "../load-names";
import { loadRun } from "./load-run";

export const dynamic = "force-dynamic";

// Every move of this run, each appended batch of steps, its approvals asked and decided: the page is read again.
const RUN_EVENTS = ["run.started", "run.step", "run.approval_requested", "run.approval_decided", "run.completed", "run.failed", "run.lost", "run.cancelled"];

type Props = { params: Promise<{ runId: string }> };

export const generateMetadata = async ({ params }: Props): Promise<Metadata> => {
  // Runs need a credential: a signed-out visitor's tab says no more than "Run".
  if (!(await currentUser())) return { title: "Run" };
  return { title: `Run of ${shortText((await loadRun((await params).runId)).task.description, 60)}` };
};

const isOpen = (status: string) => (OPEN_RUN_STATUSES as readonly string[]).includes(status);

/** How the run ended, or that it has not yet, in a sentence (the result and error come beneath). */
const Outcome = ({ run }: { run: TRunDetails }) => {
  if (run.result) {
    return (
      <div data-testid="run-result">
        <p className={styles.text}>{run.result.summary}</p>
        {run.result.data ? <JsonDetails summary="Result data" label="Result data" value={run.result.data} /> : null}
      </div>
    );
  }
  if (run.status === "released") {
    return <p data-testid="run-error">Handed back by the agent {formatDateTime(run.finishedAt)}: {run.error?.message ?? "no reason given"}. Its task was offered again.</p>;
  }
  if (run.error) {
    return (
      <p className={styles.text} data-testid="run-error">
        <strong>{run.error.errorClass}</strong>: {run.error.message}
      </p>
    );
  }
  if (run.status === "cancelled") return <p>Cancelled by an operator {formatDateTime(run.finishedAt)}; its task was cancelled with it.</p>;
  if (run.status === "lost") return <p>Lost: the agent stopped sending heartbeats and the lease ran out ({formatDateTime(run.leaseExpiresAt)}).</p>;
  if (run.status === "awaiting_approval") return <p className="muted">No result yet: the run waits for a decision on its approval request.</p>;
  return <p className="muted">No result yet: the agent is working on it.</p>;
};

const RunPage = async ({ params }: Props) => {
  const { runId } = await params;
  const user = await currentUser();
  if (!user) {
    return (
      <>
        <Breadcrumbs items={[{ label: "Runs", href: "/runs" }, { label: "Run" }]} />
        <h1>Run</h1>
        <p className="note">
          <Link href={`/signin?next=${encodeURIComponent(`/runs/${runId}`)}`}>Sign in</Link> to see this run: runs need a credential.
        </p>
      </>
    );
  }
  const run = await loadRun(runId);
  const names = await loadRunNames([run]);
  const agentName = names.agentNames.get(run.agentId);
  const canWrite = hasRole(user.role, "operator");
  const open = isOpen(run.status);
  const approvals = run.approvals.map((approval) => ({
    ...approval,
    agentName,
    taskDescription: run.task.description,
    ...(approval.status === "pending" && run.status !== "awaiting_approval" ? { runEnded: run.status } : {}),
  }));

  return (
    <>
      <Breadcrumbs items={[{ label: "Runs", href: "/runs" }, { label: shortText(run.task.description, 60) }]} />
      <div className="page-header">
        <div style={{ minWidth: 0 }}>
          <h1 style={{ overflowWrap: "anywhere" }}>{run.task.description}</h1>
          <p className="row" style={{ margin: "0.25rem 0 0" }}>
            <span>Run</span>
            <span id="run-status" tabIndex={-1} data-testid="run-status" className={`badge badge-${run.status}`}>
              {formatStatus(run.status)}
            </span>
            <code style={{ overflowWrap: "anywhere" }}>{run.id}</code>
            <span className="muted">attempt {formatInteger(run.attempt)}</span>
          </p>
        </div>
        {canWrite ? <CancelRunButton runId={run.id} open={open} taskDescription={shortText(run.task.description)} focusId="run-status" /> : null}
      </div>
      <LiveRefresh types={RUN_EVENTS} entityId={run.id} />

      <div className="stats" data-testid="run-usage">
        <Stat label="Tokens" value={formatInteger(run.usage.tokens)} />
        <Stat label="Cost" value={formatCost(run.usage.cost)} />
        <Stat label="Steps" value={formatInteger(run.stepCount)} />
        <Stat label="Duration" value={runDuration(run)} hint={open ? "Still open" : undefined} />
      </div>

      <div className="stack">
        <div className="grid-2">
          <Card title="Details">
            <ul className={`kv ${styles.facts}`}>
              <li>
                <span>Agent</span>
                <span>
                  <Link href={`/agents/${encodeURIComponent(run.agentId)}`}>{agentName ?? run.agentId}</Link>
                </span>
              </li>
              <li>
                <span>Task</span>
                <span>
                  <Link href={taskHref(run.task.id)}>{shortText(run.task.description)}</Link> <StatusChip status={run.task.status} />
                </span>
              </li>
              <li>
                <span>Attempt</span>
                <span>{formatInteger(run.attempt)}</span>
              </li>
              <li>
                <span>Claimed</span>
                <span>{formatDateTime(run.claimedAt)}</span>
              </li>
              <li>
                <span>Finished</span>
                <span>{formatDateTime(run.finishedAt)}</span>
              </li>
              <li>
                <span>{open ? "Lease expires" : "Lease"}</span>
                <span>{open ? formatDateTime(run.leaseExpiresAt) : "Ended"}</span>
              </li>
              <li>
                <span>Last heartbeat</span>
                <span>{formatDateTime(run.lastHeartbeatAt)}</span>
              </li>
            </ul>
          </Card>
          <Card title={run.error ? "Error" : "Result"}>
            <Outcome run={run} />
          </Card>
        </div>

        <Card title={`Trace (${formatInteger(run.stepCount)} ${run.stepCount === 1 ? "step" : "steps"})`}>
          <RunTrace steps={run.steps} droppedSteps={run.droppedSteps} />
        </Card>

        <Card title={`Approvals (${formatInteger(run.approvals.length)})`}>
          <ApprovalList
            items={approvals}
            canDecide={canWrite}
            showRun={false}
            label="Approval requests of this run"
            empty={<p className="muted">The agent has asked for no approval in this run.</p>}
          />
        </Card>
      </div>
    </>
  );
};

export default RunPage;
