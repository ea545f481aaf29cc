// IBM Quantum's Qiskit Runtime REST API (Sampler V2): IAM token exchange, backend configuration,
// job submission with OpenQASM 3 pubs, status polling, results as hex samples → counts. Every
// failure — missing configuration, refusal, unreachable host, timeout, failed job — is a 503
// problem that says why.
import { performance } from "node:perf_hooks";
import { AppError } from "../../core/errors";
import { quantumConfig } from "../config";
import type { Circuit } from "../../simulator/passes/circuit";
import { toQasm3 } from "../qasm/emit";
import { transpile, TranspileError, type BackendTarget } from "./transpile";

export const IBM_BACKEND = "ibm_quantum";

export type IbmSettings = {
  apiKey: string;
  crn: string;
  backend: string;
  iamUrl: string;
  baseUrl: string;
  apiVersion: string;
  requestTimeoutMs: number;
  jobTimeoutMs: number;
  pollMs: number;
};

const unavailable = (detail: string) => new AppError("unavailable", `IBM Quantum: ${detail}`);

/** The settings from the environment; a 503 naming what is missing when it is incomplete. */
export const ibmSettings = (): IbmSettings => {
  const config = quantumConfig();
  const missing = (["IBM_QUANTUM_API_KEY", "IBM_QUANTUM_CRN", "IBM_QUANTUM_BACKEND"] as const).filter((name) => !config[name]);
  if (missing.length > 0) throw unavailable(`the hosted backend is not configured on this server (set ${missing.join(", ")}).`);
  return {
    apiKey: config.IBM_QUANTUM_API_KEY!,
    crn: config.IBM_QUANTUM_CRN!,
    backend: config.IBM_QUANTUM_BACKEND!,
    iamUrl: config.IBM_IAM_URL.replace(/\/$/, ""),
    baseUrl: config.IBM_QUANTUM_URL.replace(/\/$/, ""),
    apiVersion: config.IBM_API_VERSION,
    requestTimeoutMs: config.IBM_QUANTUM_REQUEST_TIMEOUT_MS,
    jobTimeoutMs: config.IBM_QUANTUM_JOB_TIMEOUT_MS,
    pollMs: config.IBM_QUANTUM_POLL_MS,
  };
};

const tokens = new Map<string, { token: string; expiresAt: number }>();

/** Forgets the IAM tokens kept for reuse (tests: a stand-in's address may come back with another stand-in behind it). */
export const forgetIbmTokens = () => tokens.clear();

const describeFailure = async (response: Response) => {
  const text = await response.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { errors?: { message?: string }[]; errorMessage?: string; message?: string };
    const message = body.errors?.[0]?.message ?? body.errorMessage ?? body.message;
    if (message) return `${response.status} ${message}`;
  } catch {
    // not JSON: use the text
  }
  return `${response.status} ${text.slice(0, 200)}`.trim();
};

const send = async (settings: IbmSettings, url: string, init: RequestInit, what: string): Promise<unknown> => {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(settings.requestTimeoutMs) });
  } catch (error) {
    const name = (error as Error).name;
    if (name === "TimeoutError" || name === "AbortError") throw unavailable(`${what} timed out after ${settings.requestTimeoutMs} ms.`);
    throw unavailable(`${what} failed: ${(error as Error).message}${(error as { cause?: Error }).cause ? ` (${(error as { cause: Error }).cause.message})` : ""}.`);
  }
  if (!response.ok) throw unavailable(`${what} was refused: ${await describeFailure(response)}.`);
  try {
    return await response.json();
  } catch {
    throw unavailable(`${what} answered something that is not JSON.`);
  }
};

const accessToken = async (settings: IbmSettings) => {
  const key = `${settings.iamUrl}|${settings.apiKey}`;
  const cached = tokens.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.token;
  const body = new URLSearchParams({ grant_type: "urn:ibm:params:oauth:grant-type:apikey", apikey: settings.apiKey });
  const answer = (await send(
    settings,
    `${settings.iamUrl}/identity/token`,
    { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" }, body },
    "the IAM token exchange",
  )) as { access_token?: string; expires_in?: number };
  if (!answer.access_token) throw unavailable("the IAM token exchange answered no access_token.");
  tokens.set(key, { token: answer.access_token, expiresAt: Date.now() + Math.max(0, (answer.expires_in ?? 3600) - 60) * 1000 });
  return answer.access_token;
};

const api = async (settings: IbmSettings, method: string, path: string, what: string, body?: unknown) => {
  const token = await accessToken(settings);
  return send(
    settings,
    `${settings.baseUrl}${path}`,
    {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        "service-crn": settings.crn,
        "ibm-api-version": settings.apiVersion,
        accept: "application/json",
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    },
    what,
  );
};

export const backendTarget = async (settings: IbmSettings): Promise<BackendTarget> => {
  const config = (await api(settings, "GET", `/backends/${encodeURIComponent(settings.backend)}/configuration`, `reading backend ${settings.backend}`)) as {
    basis_gates?: string[];
    coupling_map?: [number, number][] | null;
    n_qubits?: number;
  };
  if (!Array.isArray(config.basis_gates)) throw unavailable(`backend ${settings.backend}'s configuration lists no basis_gates.`);
  return { name: settings.backend, basisGates: config.basis_gates, couplingMap: config.coupling_map ?? undefined, numQubits: config.n_qubits };
};

const statusOf = (job: { state?: { status?: string; reason?: string }; status?: string }) => ({
  status: (job.state?.status ?? job.status ?? "").toLowerCase(),
  reason: job.state?.reason,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Hex samples (one per shot) → counts keyed by bitstring of `bits` characters. */
export const countSamples = (samples: readonly string[], bits: number): Record<string, number> => {
  const counts = new Map<string, number>();
  for (const sample of samples) {
    const key = BigInt(sample).toString(2).padStart(bits, "0").slice(-bits);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return Object.fromEntries([...counts.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
};

export type IbmRunResult = { jobId: string; backend: string; counts: Record<string, number>; probabilities: Record<string, number>; durationMs: number; qasm: string };

/** Transpiles the circuit for the configured backend and submits it; answers the hosted job's id. */
export const submitToIbm = async (c: Circuit, shots: number, settings: IbmSettings = ibmSettings()): Promise<{ jobId: string; qasm: string }> => {
  const target = await backendTarget(settings);
  let qasm: string;
  try {
    const isa = transpile(c, target);
    qasm = toQasm3(isa.circuit, { physical: Array.from({ length: isa.circuit.qubits }, (_, k) => k), native: target.basisGates });
  } catch (error) {
    if (error instanceof TranspileError) throw unavailable(error.message);
    throw error;
  }
  return submitIsaToIbm(qasm, shots, settings);
};

/**
 * Submits a circuit already in the backend's instruction set (OpenQASM 3, as transpiled for
 * `backendTarget(settings)`); answers the hosted job's id. Submitted programs are transpiled in
 * the sandbox (lib/quantum/pool), never on the request thread.
 */
export const submitIsaToIbm = async (qasm: string, shots: number, settings: IbmSettings): Promise<{ jobId: string; qasm: string }> => {
  const job = (await api(settings, "POST", "/jobs", "submitting the job", {
    program_id: "sampler",
    backend: settings.backend,
    params: { pubs: [[qasm, null, shots]], version: 2 },
  })) as { id?: string };
  if (!job.id) throw unavailable("the job submission answered no job id.");
  return { jobId: job.id, qasm };
};

/** A hosted job's status, lower case (queued, running, completed, failed, cancelled), and why it failed. */
export const ibmJobStatus = async (settings: IbmSettings, jobId: string) => statusOf((await api(settings, "GET", `/jobs/${jobId}`, `reading job ${jobId}`)) as object);

/** Asks IBM Quantum to cancel a hosted job; a failure to ask is ignored (the job ends anyway). */
export const cancelIbmJob = (settings: IbmSettings, jobId: string) => api(settings, "POST", `/jobs/${jobId}/cancel`, "cancelling the job").then(() => undefined, () => undefined);

/** A completed hosted job's counts and probabilities (`bits` classical bits when the results do not say). */
export const ibmJobCounts = async (settings: IbmSettings, jobId: string, bits: number) => {
  const results = (await api(settings, "GET", `/jobs/${jobId}/results`, `reading job ${jobId}'s results`)) as {
    results?: { data?: Record<string, { samples?: string[]; num_bits?: number }> }[];
  };
  const data = results.results?.[0]?.data ?? {};
  const register = data.c ?? Object.values(data)[0];
  if (!register?.samples) throw unavailable(`job ${jobId}'s results hold no samples.`);
  const counts = countSamples(register.samples, register.num_bits ?? bits);
  const total = register.samples.length || 1;
  return { counts, probabilities: Object.fromEntries(Object.entries(counts).map(([key, count]) => [key, count / total])) };
};

/** Runs the circuit on the configured IBM backend and waits for its counts. */
export const runOnIbm = async (c: Circuit, shots: number, settings: IbmSettings = ibmSettings()): Promise<IbmRunResult> => {
  const started = performance.now();
  const { jobId, qasm } = await submitToIbm(c, shots, settings);
  const deadline = started + settings.jobTimeoutMs;
  for (;;) {
    const { status, reason } = await ibmJobStatus(settings, jobId);
    if (status === "completed") break;
    if (status === "failed" || status === "cancelled") throw unavailable(`job ${jobId} ${status}${reason ? `: ${reason}` : ""}.`);
    if (performance.now() + settings.pollMs > deadline) {
      await cancelIbmJob(settings, jobId);
      throw unavailable(`job ${jobId} did not finish within ${settings.jobTimeoutMs} ms (last status: ${status || "unknown"}); it was cancelled.`);
    }
    await sleep(settings.pollMs);
  }
  const { counts, probabilities } = await ibmJobCounts(settings, jobId, c.clbits);
  return { jobId, backend: settings.backend, counts, probabilities, durationMs: performance.now() - started, qasm };
};
