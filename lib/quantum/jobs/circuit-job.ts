// Quantum runs as jobs (docs/jobs.md): POST /quantum/jobs checks the circuit and the caller's
// quota, stores a QUEUED job and answers at once; a worker of the job engine (lib/jobs) runs it on
// the simulator pool, or submits it to the hosted backend and polls there, never in a request.
// Jobs are private: their owner and admins see them.
import { AppError } from "../../core/errors";
import { cancelledByOwner, defineJobKind, type JobContext } from "../../jobs";
import { histogramBase64 } from "../histogram";
import { backendTarget, cancelIbmJob, IBM_BACKEND, ibmJobCounts, ibmJobStatus, ibmSettings, submitIsaToIbm } from "../ibm";
import { formatDuration } from "../analyses/rules";
import { DEFAULT_SHOTS } from "../schemas";
import { runSimulation } from "../pool";
import { runCircuit } from "../circuits";
import type { TQuantumJobResult } from "./schemas";
import { QUANTUM_JOB_KIND, toQuantumJob, type HostedProgress, type Payload } from "./shape";

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });

const hostedFailure = (detail: string) => new AppError("unavailable", `IBM Quantum: ${detail}`);

// The hosted path: submit once (the hosted job's id is kept, so a worker that takes the job over
// after a crash polls the same hosted job instead of submitting again), poll, read the counts.
const runHosted = async ({ payload, progress, signal, saveProgress }: JobContext<Payload>): Promise<TQuantumJobResult> => {
  const settings = ibmSettings();
  const shots = payload.body.shots ?? DEFAULT_SHOTS;
  let hosted = progress as HostedProgress | null;
  if (!hosted?.hostedJobId) {
    // The submitted program is read and transpiled in the sandbox, like every submitted program.
    const target = await backendTarget(settings);
    const { qasm } = await runSimulation({ kind: "transpile", qasm: payload.body.qasm, parameters: payload.body.parameters, target }, signal, "read");
    const submitted = await submitIsaToIbm(qasm, shots, settings);
    hosted = { hostedJobId: submitted.jobId, submittedAt: Date.now() };
    await saveProgress(hosted);
  }
  const { hostedJobId, submittedAt } = hosted;
  try {
    for (;;) {
      if (signal.aborted) throw signal.reason;
      const { status, reason } = await ibmJobStatus(settings, hostedJobId);
      if (status === "completed") break;
      if (status === "failed" || status === "cancelled") throw hostedFailure(`job ${hostedJobId} ${status}${reason ? `: ${reason}` : ""}.`);
      if (Date.now() + settings.pollMs > submittedAt + settings.jobTimeoutMs) {
        await cancelIbmJob(settings, hostedJobId);
        throw hostedFailure(`job ${hostedJobId} did not finish within ${settings.jobTimeoutMs} ms (last status: ${status || "unknown"}); it was cancelled.`);
      }
      await sleep(settings.pollMs, signal);
    }
  } catch (error) {
    // The owner's cancel reaches the hosted job too; a shutdown leaves it running for the next worker.
    if (cancelledByOwner(signal)) await cancelIbmJob(settings, hostedJobId);
    throw error;
  }
  const { counts, probabilities } = await ibmJobCounts(settings, hostedJobId, payload.clbits);
  return {
    qubits: payload.qubits,
    clbits: payload.clbits,
    shots,
    backend: IBM_BACKEND,
    counts,
    probabilities,
    distinctOutcomes: Object.keys(counts).length,
    otherProbability: 0,
    histogram: await histogramBase64(probabilities, { title: `Circuit on ${settings.backend}: ${payload.qubits} qubits, ${shots} shots` }),
    simulationDuration: formatDuration(Date.now() - submittedAt),
    hostedJobId,
  };
};

/** The job kind the process's worker runs for quantum jobs. */
export const quantumCircuitJob = defineJobKind<Payload, TQuantumJobResult>({
  kind: QUANTUM_JOB_KIND,
  // Private like the job itself: its owner (and admins) see these events.
  events: {
    started: (row) => ({ type: "quantum_job.started", entityId: row.id, data: { job: toQuantumJob(row) }, visibleTo: row.userId }),
    finished: (row, status) => ({ type: "quantum_job.finished", entityId: row.id, data: { status, job: toQuantumJob(row) }, visibleTo: row.userId }),
  },
  run: async (context) => {
    if (context.payload.body.backend === IBM_BACKEND) return runHosted(context);
    // The simulator, as POST /quantum/run runs it (the run is kept in /quantum/runs too).
    return runCircuit(context.payload.body, context.userId ?? undefined, context.signal);
  },
});
