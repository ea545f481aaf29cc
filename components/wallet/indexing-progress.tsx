"use client";

// What the background indexing of the wallet is doing now: per chain the job's stage and records
// read, polled until every job has finished (then the page reads the wallet again).
import type { TCoverage } from "@/lib/wallet/schemas";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { useWalletIndexing } from "./use-wallet-indexing";
import type { MetricsRequest } from "./use-wallet";
import { formatInteger } from "@/lib/format";

const ACTIVE = new Set(["QUEUED", "RUNNING"]);

export const IndexingProgress = ({ coverage, request, metricsUrl }: { coverage: TCoverage; request: MetricsRequest; metricsUrl: string }) => {
  const active = coverage.indexing.some((job) => ACTIVE.has(job.status));
  const status = useWalletIndexing(metricsUrl, request, active);
  if (!active) return null;
  const jobs = status.data?.jobs ?? coverage.indexing;
  const running = jobs.some((job) => ACTIVE.has(job.status));
  return (
    <section aria-label="Indexing" className="card" style={{ marginBottom: "1rem" }} data-testid="wallet-indexing" data-active={running}>
      <h2 style={{ marginTop: 0 }}>Indexing</h2>
      <p role="status">{running ? "Reading this wallet's history from the chain's data source; the figures update when it completes." : "Indexing finished; reading the wallet again…"}</p>
      <ProblemAlert error={status.error} />
      <ul>
        {jobs.map((job) => (
          <li key={job.jobId} data-testid={`indexing-${job.chain}`}>
            <strong>{job.chain}</strong>: {job.status.toLowerCase()}, {job.progress.stage}, {formatInteger(job.progress.records)} records read
            {job.progress.toBlock ? ` up to block ${job.progress.toBlock}` : ""}
            {job.error ? <span className="muted"> — last try: {job.error}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
};
