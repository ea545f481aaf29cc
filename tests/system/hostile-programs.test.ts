// Hostile programs against the production server: programs generated from every construct the
// language offers, combined and nested (tests/security/hostile-programs.ts), and the ones that took
// the server down before the sandbox, sent with a viewer's key to every endpoint that takes a
// program (run, jobs, diagram) and anonymously to the diagram. Each gets an answer — a 400 problem
// naming a limit, or the result of a program that fits — and through all of it the server stays
// up, its health answers, and its memory stays within 512 MiB of where it started.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostilePrograms, KNOWN_PROGRAMS } from "../security/hostile-programs";
import { ACCOUNTS, boundedFetch, startServer, testDatabase, type SystemServer } from "./server";
import { createKey, signIn } from "./session";

/** Generated programs per run (each goes to four endpoints); FUZZ_RUNS raises it. */
const GENERATED = Number(process.env.FUZZ_RUNS ?? 40);
/** An answer that has not come within this is a hang, not a slow answer. */
const HANG_MS = 15_000;
const MIB = 1024 * 1024;

let database: Awaited<ReturnType<typeof testDatabase>>;
let server: SystemServer;
let key: string;
const figures: Record<string, unknown> = {};

const rss = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib * 1024;
};

beforeAll(async () => {
  database = await testDatabase("hostile");
  server = await startServer({
    env: {
      ...database.env,
      SEED_ON_FIRST_START: "false",
      // Programs that fit are simulated: small ones only, so that the run measures reading.
      QUANTUM_MAX_GATE_WORK: String(2 ** 24),
      QUANTUM_JOBS_ACTIVE_MAX: "100000",
      RATE_LIMIT_PER_KEY: "100000",
      RATE_LIMIT_PER_ADDRESS: "100000",
    },
  });
  key = await createKey(server, await signIn(server, ACCOUNTS.admin), "viewer");
}, 180_000);

afterAll(async () => {
  await server?.stop(10_000).catch(() => {});
  await database?.cleanup().catch(() => {});
  console.log(`hostile programs (${database?.mode}): ${JSON.stringify(figures)}`);
});

type Endpoint = { name: string; path: string; credential: boolean; allowed: number[] };

const ENDPOINTS: Endpoint[] = [
  { name: "run", path: "/quantum/run?shots=100", credential: true, allowed: [200, 400] },
  { name: "jobs", path: "/quantum/jobs", credential: true, allowed: [202, 400] },
  { name: "diagram", path: "/quantum/diagram", credential: true, allowed: [200, 400] },
  { name: "diagram, anonymous", path: "/quantum/diagram", credential: false, allowed: [401] },
];

const send = async (endpoint: Endpoint, qasm: string) => {
  const started = performance.now();
  const [path, query] = endpoint.path.split("?");
  const body = endpoint.name === "run" ? { qasm, shots: Number(new URLSearchParams(query).get("shots")) } : { qasm };
  const response = await boundedFetch(
    `${server.url}${path}`,
    {
      method: "POST",
      headers: { "content-type": "application/json", ...(endpoint.credential ? { authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify(body),
    },
    HANG_MS,
  );
  const text = await response.text();
  const ms = performance.now() - started;
  // A queued job is cancelled at once: the run measures reading, not the job worker.
  if (response.status === 202) {
    const id = (JSON.parse(text) as { id: string }).id;
    await server.fetch(`/quantum/jobs/${id}/cancel`, { method: "POST", headers: { authorization: `Bearer ${key}` } });
  }
  return { status: response.status, type: response.headers.get("content-type") ?? "", text, ms };
};

describe("hostile programs against the production server", () => {
  it("every program to every endpoint is answered, the server stays up and healthy, and its memory steady", async () => {
    // Warm-up: each lane's first thread, so the baseline includes what a working server holds.
    const bell = 'OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg q[2];\ncreg c[2];\nh q[0];\ncx q[0],q[1];\nmeasure q -> c;';
    for (const endpoint of ENDPOINTS) expect(endpoint.allowed).toContain((await send(endpoint, bell)).status);
    const baseline = rss(server.pid);

    // Health, probed all along: every probe answered, the slowest and the largest memory kept.
    let probing = true;
    let slowestHealthMs = 0;
    let healthFailures = 0;
    let peak = baseline;
    const prober = (async () => {
      while (probing) {
        const started = performance.now();
        try {
          const response = await boundedFetch(`${server.url}/api/health/live`, {}, HANG_MS);
          await response.arrayBuffer();
          if (response.status !== 200) healthFailures += 1;
        } catch {
          healthFailures += 1;
        }
        slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started);
        if (server.running()) peak = Math.max(peak, rss(server.pid));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const cases: [string, string][] = [
      ...Object.entries(KNOWN_PROGRAMS),
      ...fc.sample(hostilePrograms, { numRuns: GENERATED, seed: Number(process.env.FUZZ_SEED ?? 20261128) }).map((qasm, k): [string, string] => [`generated #${k}`, qasm]),
    ];
    const wrong: string[] = [];
    const statuses: Record<string, number> = {};
    let slowestAnswerMs = 0;
    try {
      for (const [name, qasm] of cases) {
        for (const endpoint of ENDPOINTS) {
          const answer = await send(endpoint, qasm);
          slowestAnswerMs = Math.max(slowestAnswerMs, answer.ms);
          statuses[`${endpoint.name} ${answer.status}`] = (statuses[`${endpoint.name} ${answer.status}`] ?? 0) + 1;
          if (!endpoint.allowed.includes(answer.status)) wrong.push(`${name} → ${endpoint.name}: ${answer.status} ${answer.text.slice(0, 200)}`);
          if (answer.status >= 400 && !answer.type.startsWith("application/problem+json")) wrong.push(`${name} → ${endpoint.name}: ${answer.status} without a problem document`);
          if (/\n\s+at [^\n]+:\d+:\d+/.test(answer.text)) wrong.push(`${name} → ${endpoint.name}: a stack trace in the answer`);
        }
        expect(server.running(), `the server ended after ${name}`).toBe(true);
      }
    } finally {
      probing = false;
      await prober;
    }
    Object.assign(figures, {
      cases: cases.length,
      statuses,
      slowestAnswerMs: Math.round(slowestAnswerMs),
      slowestHealthMs: Math.round(slowestHealthMs),
      baselineMiB: Math.round(baseline / MIB),
      peakMiB: Math.round(peak / MIB),
    });
    expect(wrong).toEqual([]);
    expect(healthFailures).toBe(0);
    expect(server.running()).toBe(true);
    expect(peak - baseline).toBeLessThan(512 * MIB);
    // Over-limit programs are refused: the generator makes plenty of them.
    expect(statuses["diagram 400"] ?? 0).toBeGreaterThan(0);
    // And the server still does its work afterwards.
    expect((await send(ENDPOINTS[0], bell)).status).toBe(200);
  });
});
