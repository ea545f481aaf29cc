"use client";

// Approval requests of runs (the inbox, a run's page): what the agent asks leave to do, for which run
// and task, with the call's details collapsed; operators approve or reject a pending one with an
// optional comment. After a decision the page is read again from the server (a decided request leaves
// the pending list) and focus goes to the line that says what was decided.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition, type ReactNode } from "react";
import { ZDecisionBody, type TApproval } from "@/lib/runs/schemas";
import { formatDateTime, formatStatus } from "@/lib/format";
import { Field, Form, FormProblem, useFormKit } from "@/components/form";
import { useHydrated } from "@/components/ui/use-hydrated";
import { taskHref } from "@/components/tasks/task-href";
import { JsonDetails } from "./json-details";
import { StatusChip } from "./run-status-badge";
import { useDecideApproval, type TDecision } from "./use-runs";
import styles from "./runs.module.css";

export type ApprovalItem = TApproval & {
  agentName?: string;
  taskDescription?: string;
  /**
   * Set when the request is still pending but its run has ended (cancelled, failed, lost): it can no
   * longer be decided. The run's status where the page knows it, else true.
   */
  runEnded?: string | true;
};

const DecisionForm = ({ approval, onDecided }: { approval: ApprovalItem; onDecided: (decided: TApproval) => void }) => {
  const kit = useFormKit();
  const decide = useDecideApproval();
  const hydrated = useHydrated();
  const [comment, setComment] = useState("");
  const choice = useRef<TDecision["decision"]>("approved");
  // Decided: the buttons stay off while the page is read again (a second click would only be refused).
  const [done, setDone] = useState(false);
  const id = `decide-${approval.id}`;

  const submit = () => {
    const body = kit.validate(ZDecisionBody, { decision: choice.current, ...(comment.trim() ? { comment } : {}) });
    if (!body) return;
    decide.mutate({ id: approval.id, body }, {
        onSuccess: (decided) => {
          setDone(true);
          onDecided(decided);
        },
        onError: kit.failWith,
      });
  };
  const pending = decide.isPending ? decide.variables?.body.decision : undefined;

  return (
    <Form kit={kit} onSubmit={submit} className={`form ${styles.decide}`} label={`Decide: ${approval.summary}`}>
      <Field id={`${id}-comment`} path="comment" label="Comment (optional)" hint="Told to the agent with the decision.">
        {(control) => <textarea {...control} name="comment" rows={2} maxLength={2000} value={comment} onChange={(event) => setComment(event.target.value)} />}
      </Field>
      <FormProblem />
      <div className="row">
        <button type="submit" disabled={!hydrated || decide.isPending || done} aria-busy={pending === "approved" || undefined} onClick={() => (choice.current = "approved")}>
          {pending === "approved" ? "Approving…" : "Approve"}
        </button>
        <button
          type="submit"
          className="danger"
          disabled={!hydrated || decide.isPending || done}
          aria-busy={pending === "rejected" || undefined}
          onClick={() => (choice.current = "rejected")}
        >
          {pending === "rejected" ? "Rejecting…" : "Reject"}
        </button>
      </div>
    </Form>
  );
};

const ApprovalCard = ({ approval, canDecide, showRun, onDecided }: { approval: ApprovalItem; canDecide: boolean; showRun: boolean; onDecided: (decided: TApproval) => void }) => {
  const open = approval.status === "pending";
  return (
    <li className={styles.approval} data-testid="approval" data-status={approval.status}>
      <h3>{approval.summary}</h3>
      <p className={styles.meta}>
        <StatusChip status={approval.status} />
        <span>
          Agent: <Link href={`/agents/${encodeURIComponent(approval.agentId)}`}>{approval.agentName ?? approval.agentId}</Link>
        </span>
        {showRun ? (
          <span>
            Run: <Link href={`/runs/${encodeURIComponent(approval.runId)}`}>{approval.runId}</Link>
          </span>
        ) : null}
        <span>
          Task: <Link href={taskHref(approval.taskId)}>{approval.taskDescription ?? approval.taskId}</Link>
        </span>
        {approval.tool ? (
          <span>
            Tool: <code>{approval.tool}</code>
          </span>
        ) : null}
        <span>
          Asked <time dateTime={approval.requestedAt}>{formatDateTime(approval.requestedAt)}</time>
        </span>
      </p>
      {approval.details !== undefined ? <JsonDetails summary="Details" label={`Details of the request “${approval.summary}”`} value={approval.details} /> : null}
      {!open ? (
        <p className={styles.decision} data-testid="approval-decision">
          <strong>{approval.status === "approved" ? "Approved" : "Rejected"}</strong>
          {approval.decidedAt ? (
            <>
              {" "}
              <time dateTime={approval.decidedAt}>{formatDateTime(approval.decidedAt)}</time>
            </>
          ) : null}
          {approval.comment ? <> — “{approval.comment}”</> : null}
        </p>
      ) : approval.runEnded ? (
        <p className={`muted ${styles.decision}`}>
          {approval.runEnded === true ? "Its run has ended" : `Its run is ${formatStatus(approval.runEnded)}`}: this request can no longer be decided.
        </p>
      ) : canDecide ? (
        <DecisionForm approval={approval} onDecided={onDecided} />
      ) : (
        <p className={`muted ${styles.decision}`}>Waiting for an operator’s decision.</p>
      )}
    </li>
  );
};

export const ApprovalList = ({
  items,
  canDecide,
  label,
  showRun = true,
  empty,
}: {
  items: ApprovalItem[];
  canDecide: boolean;
  /** The list's accessible name. */
  label: string;
  showRun?: boolean;
  empty?: ReactNode;
}) => {
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const [said, setSaid] = useState<string>();
  const status = useRef<HTMLParagraphElement>(null);
  const focusAfterRefresh = useRef(false);
  // The decided request's form goes away with the refresh: focus moves to the line that says what happened.
  useEffect(() => {
    if (refreshing || !focusAfterRefresh.current) return;
    focusAfterRefresh.current = false;
    status.current?.focus();
  }, [refreshing, said]);

  const decided = (approval: TApproval) => {
    setSaid(`${approval.status === "approved" ? "Approved" : "Rejected"}: ${approval.summary}`);
    focusAfterRefresh.current = true;
    startRefresh(() => router.refresh());
  };

  return (
    <>
      <p ref={status} tabIndex={-1} role="status" className={said ? "note" : undefined} style={said ? { margin: "0 0 0.75rem" } : { margin: 0 }} data-testid="approval-said">
        {said}
      </p>
      {items.length === 0 ? (
        empty
      ) : (
        <ul className={styles.approvals} aria-label={label}>
          {items.map((approval) => (
            <ApprovalCard key={approval.id} approval={approval} canDecide={canDecide} showRun={showRun} onDecided={decided} />
          ))}
        </ul>
      )}
    </>
  );
};
