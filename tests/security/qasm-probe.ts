// Runs hostile OpenQASM through the real POST /quantum/run handler on a database of its own and
// prints one JSON line per case. Started by hostile-qasm.test.ts in a child process with a small
// heap and a time limit, so that a program that still explodes kills the probe, not the test run.
import fc from "fast-check";
import * as runRoute from "../../app/quantum/run/route";
import { memoryRateLimiter, useRateLimiter } from "../../lib/http/rate-limit";
import { useTestDatabase } from "../helpers/db";
import { userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { BELL, CRASH_PAYLOADS, hostileQasm } from "./qasm-payloads";

const report = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);

const db = await useTestDatabase();
useRateLimiter(memoryRateLimiter());
const { key } = await userWithKey("viewer");

const run = async (name: string, qasm: string, expected: number) => {
  report({ start: name, expected });
  const started = performance.now();
  const response = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm, shots: 16, seed: 1 } });
  report({ name, expected, status: response.status, type: response.headers.get("content-type"), ms: Math.round(performance.now() - started), detail: response.json?.detail });
};

// The cases in a fixed order; FROM=<n> resumes after a case that killed an earlier probe.
const seed = Number(process.env.FUZZ_SEED ?? 1);
const samples = fc.sample(hostileQasm, { seed, numRuns: Number(process.env.QASM_CASES ?? 8) });
const cases: [string, string, number][] = [
  ...Object.entries(CRASH_PAYLOADS).map(([name, qasm]): [string, string, number] => [name, qasm, 400]),
  ...samples.map((qasm, index): [string, string, number] => [`generated #${index} (seed ${seed}): ${qasm.slice(38, 110).replace(/\s+/g, " ")}…`, qasm, 400]),
  ["a Bell pair afterwards (the server is still healthy)", BELL, 200],
];
report({ total: cases.length });
for (const [name, qasm, expected] of cases.slice(Number(process.env.FROM ?? 0))) await run(name, qasm, expected);
await db.dispose();
report({ done: true });
