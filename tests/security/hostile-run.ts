// Sends hostile programs to a running server and watches it meanwhile: every program to every
// endpoint that takes one (run, jobs, diagram with a viewer's key; the diagram anonymously),
// /api/health probed all along, the server's resident memory sampled. Used by the system test
// (tests/system/hostile-programs.test.ts: what must hold) and by `npm run bench` (the timings,
// which belong there, not in a test).
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { hostilePrograms, KNOWN_PROGRAMS } from "./hostile-programs";

/** Settings of the server under test: programs that fit are simulated, small ones only, so that reading is what is exercised. */
export const HOSTILE_SERVER_ENV = { SEED_ON_FIRST_START: "false", QUANTUM_MAX_GATE_WORK: String(2 ** 24), QUANTUM_JOBS_ACTIVE_MAX: "100000", RATE_LIMIT_PER_KEY: "100000", RATE_LIMIT_PER_ADDRESS: "100000" };

/** An answer that has not come within this is a hang, not a slow answer. */
export const HANG_MS = 15_000;

type Target = { url: string; pid: number; running: () => boolean };

type Endpoint = { name: string; path: string; credential: boolean; allowed: number[] };

export const ENDPOINTS: Endpoint[] = [
  { name: "run", path: "/quantum/run", credential: true, allowed: [200, 400] },
  { name: "jobs", path: "/quantum/jobs", credential: true, allowed: [202, 400] },
  { name: "diagram", path: "/quantum/diagram", credential: true, allowed: [200, 400] },
  { name: "diagram, anonymous", path: "/quantum/diagram", credential: false, allowed: [401] },
];

export const BELL = 'OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg q[2];\ncreg c[2];\nh q[0];\ncx q[0],q[1];\nmeasure q -> c;';

/** The known programs, then `generated` ones from the generator (seeded: the same list each run). */
export const hostileCases = (generated: number, seed = 20261128): [string, string][] => [
  ...Object.entries(KNOWN_PROGRAMS),
  ...fc.sample(hostilePrograms, { numRuns: generated, seed }).map((qasm, k): [string, string] => [`generated #${k}`, qasm]),
];

/** The resident memory of a process, in bytes (Linux). */
export const residentBytes = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;

const timedFetch = (url: string, init: RequestInit) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`no answer within ${HANG_MS} ms: ${url}`)), HANG_MS);
  return fetch(url, { ...init, signal: controller.signal }).finally(() => clearTimeout(timer));
};

/** One program to one endpoint; a queued job is cancelled at once (reading is measured, not the job worker). */
export const sendProgram = async (target: Target, key: string, endpoint: Endpoint, qasm: string) => {
  const started = performance.now();
  const auth: Record<string, string> = endpoint.credential ? { authorization: `Bearer ${key}` } : {};
  const response = await timedFetch(`${target.url}${endpoint.path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...auth },
    body: JSON.stringify(endpoint.name === "run" ? { qasm, shots: 100 } : { qasm }),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status === 202) {
    const id = (JSON.parse(text) as { id: string }).id;
    await timedFetch(`${target.url}/quantum/jobs/${id}/cancel`, { method: "POST", headers: auth }).then((answer) => answer.arrayBuffer());
  }
  return { status: response.status, type: response.headers.get("content-type") ?? "", text, ms };
};

export type HostileFigures = {
  cases: number;
  statuses: Record<string, number>;
  /** Answers that broke a rule: a status the endpoint may not answer, no problem document, a stack trace. */
  wrong: string[];
  slowestAnswerMs: number;
  slowestHealthMs: number;
  healthProbes: number;
  healthFailures: number;
  baselineBytes: number;
  peakBytes: number;
  /** The case after which the server was found gone, if it was. */
  endedAfter?: string;
};

/** Warms each lane up, then sends every case to every endpoint while health and memory are watched. */
export const runHostile = async (target: Target, key: string, cases: [string, string][]): Promise<HostileFigures> => {
  for (const endpoint of ENDPOINTS) await sendProgram(target, key, endpoint, BELL);
  const figures: HostileFigures = { cases: cases.length, statuses: {}, wrong: [], slowestAnswerMs: 0, slowestHealthMs: 0, healthProbes: 0, healthFailures: 0, baselineBytes: residentBytes(target.pid), peakBytes: 0 };
  figures.peakBytes = figures.baselineBytes;
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const started = performance.now();
      try {
        const response = await timedFetch(`${target.url}/api/health/live`, {});
        await response.arrayBuffer();
        if (response.status !== 200) figures.healthFailures += 1;
      } catch {
        figures.healthFailures += 1;
      }
      figures.healthProbes += 1;
      figures.slowestHealthMs = Math.max(figures.slowestHealthMs, performance.now() - started);
      if (target.running()) figures.peakBytes = Math.max(figures.peakBytes, residentBytes(target.pid));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    for (const [name, qasm] of cases) {
      for (const endpoint of ENDPOINTS) {
        const answer = await sendProgram(target, key, endpoint, qasm);
        figures.slowestAnswerMs = Math.max(figures.slowestAnswerMs, answer.ms);
        const label = `${endpoint.name} ${answer.status}`;
        figures.statuses[label] = (figures.statuses[label] ?? 0) + 1;
        if (!endpoint.allowed.includes(answer.status)) figures.wrong.push(`${name} → ${endpoint.name}: ${answer.status} ${answer.text.slice(0, 200)}`);
        if (answer.status >= 400 && !answer.type.startsWith("application/problem+json")) figures.wrong.push(`${name} → ${endpoint.name}: ${answer.status} without a problem document`);
        if (/\n\s+at [^\n]+:\d+:\d+/.test(answer.text)) figures.wrong.push(`${name} → ${endpoint.name}: a stack trace in the answer`);
      }
      if (!target.running()) {
        figures.endedAfter = name;
        break;
      }
    }
  } finally {
    probing = false;
    await prober;
  }
  return figures;
};
