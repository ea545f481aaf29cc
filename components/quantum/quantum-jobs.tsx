"use client";

// Queue circuits as background jobs and watch them: the list of the user's jobs is read again when
// the live event stream says one of them started or finished (while the stream is down, it polls
// while any is QUEUED or RUNNING); each active job has a cancel button, each DONE one a link to its result.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Card } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { ApiError } from "@/lib/client/api";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";
import { useLiveQuery } from "@/components/shared/use-event-stream";
import { DEFAULT_SHOTS, QUANTUM_BACKENDS } from "@/lib/quantum/schemas";
import type { TQuantumJobBody } from "@/lib/quantum/jobs/schemas";
import { EXAMPLE_QASM } from "./circuit-runner";
import { optionalInteger } from "./values";
import { SubmitButton } from "@/components/ui/submit-button";

const jobsKey = ["quantum", "jobs"] as const;
const ACTIVE = new Set(["QUEUED", "RUNNING"]);
const POLL_MS = 1500;
const QUANTUM_JOB_EVENTS = ["quantum_job.started", "quantum_job.finished"];

const when = (iso: string | null) => (iso ? iso.slice(0, 19).replace("T", " ") : "—");

export const QuantumJobs = ({ base = "" }: { base?: string }) => {
  const queryClient = useQueryClient();
  const [qasm, setQasm] = useState(EXAMPLE_QASM);
  const [shots, setShots] = useState(String(DEFAULT_SHOTS));
  const [backend, setBackend] = useState<TQuantumJobBody["backend"]>("aer");
  const live = useLiveQuery(QUANTUM_JOB_EVENTS, jobsKey);
  const jobs = useQuery({
    queryKey: jobsKey,
    queryFn: ({ signal }) => unwrap(dashboardApi(base).GET("/quantum/jobs", { params: { query: { limit: 50 } }, signal })),
    // Live status from the stream; without it, poll while anything is still queued or running.
    refetchInterval: (query) => (!live && query.state.data?.some((job) => ACTIVE.has(job.status)) ? POLL_MS : false),
  });
  const submit = useMutation({
    mutationFn: (body: Partial<TQuantumJobBody> & Pick<TQuantumJobBody, "qasm">) => unwrap(dashboardApi(base).POST("/quantum/jobs", { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsKey }),
  });
  const cancel = useMutation({
    mutationFn: (jobId: string) => unwrap(dashboardApi(base).POST("/quantum/jobs/{jobId}/cancel", { params: { path: { jobId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsKey }),
  });
  const fields = submit.error instanceof ApiError ? submit.error.fieldErrors() : {};
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate({ qasm, shots: optionalInteger(shots), backend });
  };
  const items = jobs.data ?? [];
  const active = items.filter((job) => ACTIVE.has(job.status)).length;
  return (
    <div className="stack">
      <Card title="Queue a circuit">
        <form onSubmit={onSubmit} aria-label="Queue a circuit">
          <FormField id="job-qasm" label="OpenQASM 2.0 or 3" error={fields.qasm}>
            <textarea
              id="job-qasm"
              value={qasm}
              onChange={(event) => setQasm(event.target.value)}
              rows={10}
              spellCheck={false}
              style={{ width: "100%", fontFamily: "ui-monospace, monospace" }}
              aria-invalid={Boolean(fields.qasm)}
            />
          </FormField>
          <div className="toolbar">
            <FormField id="job-shots" label="Shots" error={fields.shots}>
              <input id="job-shots" inputMode="numeric" value={shots} onChange={(event) => setShots(event.target.value)} />
            </FormField>
            <FormField id="job-backend" label="Backend" error={fields.backend}>
              <select id="job-backend" value={backend} onChange={(event) => setBackend(event.target.value as TQuantumJobBody["backend"])}>
                {QUANTUM_BACKENDS.map((name) => (
                  <option key={name} value={name}>
                    {name === "aer" ? "aer (simulator)" : `${name} (hosted)`}
                  </option>
                ))}
              </select>
            </FormField>
            <SubmitButton pending={submit.isPending}>
              {submit.isPending ? "Queueing…" : "Queue job"}
            </SubmitButton>
          </div>
        </form>
        {submit.error && !fields.qasm ? <ProblemAlert error={submit.error} /> : null}
      </Card>
      <Card title={`Your jobs${active > 0 ? ` (${active} queued or running)` : ""}`}>
        {jobs.error ? <ProblemAlert error={jobs.error} /> : null}
        {cancel.error ? <ProblemAlert error={cancel.error} /> : null}
        {jobs.isPending ? (
          <p className="muted">Loading…</p>
        ) : items.length === 0 ? (
          <p className="muted">No jobs yet.</p>
        ) : (
          <ScrollRegion label="Your jobs">
            <table>
              <thead>
                <tr>
                  <th scope="col">Job</th>
                  <th scope="col">Status</th>
                  <th scope="col">Backend</th>
                  <th scope="col">Qubits</th>
                  <th scope="col">Shots</th>
                  <th scope="col">Queued (UTC)</th>
                  <th scope="col">Finished (UTC)</th>
                  <th scope="col">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((job) => (
                  <tr key={job.id} data-job-id={job.id}>
                    <td>
                      <code>{job.id}</code>
                    </td>
                    <td>
                      <span className={`badge badge-${job.status.toLowerCase()}`}>{job.status.toLowerCase()}</span>
                      {job.cancelRequested && job.status === "RUNNING" ? <span className="muted"> stopping…</span> : null}
                      {job.status === "ERROR" && job.error ? <div className="muted">{job.error.detail}</div> : null}
                    </td>
                    <td>{job.backend}</td>
                    <td>{job.qubits}</td>
                    <td>{job.shots}</td>
                    <td>{when(job.createdAt)}</td>
                    <td>{when(job.finishedAt)}</td>
                    <td>
                      {ACTIVE.has(job.status) ? (
                        <ConfirmButton
                          label="Cancel"
                          question={`Cancel job ${job.id}?`}
                          confirmLabel="Cancel job"
                          disabled={job.cancelRequested}
                          onConfirm={() => cancel.mutateAsync(job.id).then(() => undefined)}
                        />
                      ) : job.status === "DONE" ? (
                        <a href={`${base}${job.links.result}`}>Result (JSON)</a>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </Card>
    </div>
  );
};
