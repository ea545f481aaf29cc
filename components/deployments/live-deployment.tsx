"use client";

// A deployment's page body: its status updates live (the event stream; polling while it is down), its history as a timeline, and
// buttons for the moves the state machine allows from where it is now (a final one, failed or rolled
// back, asks first: it cannot be undone).
import type { TDeploymentWithHistory } from "@/lib/deployments/schemas";
import { allowedDeploymentMoves, isFinalDeploymentStatus } from "@/lib/deployments/status-machine";
import { Card } from "@/components/ui/card";
import { ProblemAlert } from "@/components/ui/problem-alert";
import styles from "./deployments.module.css";
import { formatDateTime, formatMeasure, formatStatus, formatTimestamp } from "@/lib/format";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FINAL_MOVE_CONFIRMS, MOVE_LABELS } from "./labels";
import { DeploymentRecordActions } from "./record-actions";
import { StaleMarker } from "./stale-marker";
import { useDeploymentStatus, useMoveDeployment } from "./use-deployment";
import { useHydrated } from "@/components/ui/use-hydrated";

export const LiveDeployment = ({ initial, canWrite }: { initial: TDeploymentWithHistory; canWrite: boolean }) => {
  const { data, isFetching, error, live } = useDeploymentStatus(initial);
  const move = useMoveDeployment(initial.id);
  const hydrated = useHydrated();
  const deployment = data ?? initial;
  const status = deployment.deploymentStatus;
  const moves = allowedDeploymentMoves(status);
  const final = isFinalDeploymentStatus(status);

  return (
    <>
      <div className={styles.live}>
        <span>Status</span>
        <span role="status" aria-live="polite" data-testid="deployment-status" className={`badge badge-${status} ${styles.current}`}>
          {formatStatus(status)}
        </span>
        <span className="muted" aria-hidden="true" data-testid="deployment-live" data-live={live ? "stream" : "polling"}>
          {final ? "final" : isFetching ? "checking…" : "live"}
        </span>
        {deployment.stale && deployment.staleSince ? <StaleMarker staleSince={deployment.staleSince} /> : null}
      </div>
      {canWrite && moves.length > 0 ? (
        <div className="row" style={{ margin: "1rem 0" }} aria-label="Move the deployment" role="group">
          {moves.map((to) => {
            const confirm = FINAL_MOVE_CONFIRMS[to];
            const disabled = !hydrated || move.isPending;
            return confirm ? (
              <ConfirmButton
                key={to}
                label={MOVE_LABELS[to]}
                title={confirm.title}
                question={confirm.question(`“${deployment.name}” ${deployment.version}`)}
                confirmLabel={MOVE_LABELS[to]}
                cancelLabel="Keep as is"
                disabled={disabled}
                onConfirm={async () => {
                  await move.mutateAsync(to);
                }}
              />
            ) : (
              <button key={to} type="button" disabled={disabled} onClick={() => move.mutate(to)}>
                {MOVE_LABELS[to]}
              </button>
            );
          })}
        </div>
      ) : null}
      {canWrite ? <DeploymentRecordActions deployment={deployment} /> : null}
      <ProblemAlert error={move.error ?? error} />
      <div className="grid-2" style={{ marginTop: "1rem" }}>
        <Card title="Details">
          <ul className="kv">
            <li><span>Version</span><span>{deployment.version}</span></li>
            <li><span>Industry</span><span>{deployment.industry}</span></li>
            <li><span>Use case</span><span>{deployment.useCase}</span></li>
            <li><span>Deployed by</span><span>{deployment.deployedBy}</span></li>
            <li><span>Started</span><span>{formatDateTime(deployment.deploymentDate)}</span></li>
            <li><span>Network</span><span>{deployment.configuration.network ?? "—"}</span></li>
            <li><span>Layer</span><span>{deployment.configuration.networkLayer ?? "—"}</span></li>
            <li>
              <span>Contract</span>
              <span>{deployment.configuration.contractAddress ? <code style={{ wordBreak: "break-all" }}>{deployment.configuration.contractAddress}</code> : "—"}</span>
            </li>
          </ul>
          {deployment.metadata.notes ? <p className="muted">{deployment.metadata.notes}</p> : null}
        </Card>
        <Card title="Metrics">
          <ul className="kv">
            <li><span>Deployment time</span><span>{formatMeasure(deployment.deploymentMetrics.deploymentTime, " s")}</span></li>
            <li><span>Gas used</span><span>{formatMeasure(deployment.deploymentMetrics.gasUsed)}</span></li>
            <li><span>Security score</span><span>{formatMeasure(deployment.deploymentMetrics.securityScore, " / 100")}</span></li>
          </ul>
        </Card>
        <Card title="Status history">
          <ol className={styles.timeline} aria-label="Status history">
            {deployment.statusHistory.map((change, index) => (
              <li key={`${change.at}-${index}`}>
                <span>
                  {change.from ? (
                    <>
                      {formatStatus(change.from)} → <strong>{formatStatus(change.to)}</strong>
                    </>
                  ) : (
                    <>
                      created as <strong>{formatStatus(change.to)}</strong>
                    </>
                  )}
                </span>
                <time dateTime={change.at}>{formatTimestamp(change.at)}</time>
              </li>
            ))}
          </ol>
        </Card>
      </div>
    </>
  );
};
