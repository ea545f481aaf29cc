// Part of `npm run bench`: how fast the production server answers GET /api/health/ready while the
// largest circuit the simulator allows (24 qubits × 512 gates, the QUANTUM_MAX_GATE_WORK bound of
// 2^33, every qubit in superposition, at 10^6 shots) runs on a worker thread. Target: every readiness answer within 100 ms
// while the simulation is in flight. A figure, not a test assertion: these machines are shared
// and noisy.
//
// Builds the app when needed (.next-e2e), starts its own production server on a fresh database and
// stops it (its whole process group) at the end, also on failure or Ctrl-C.
import { parseArgs } from "node:util";
import { heavyCircuit } from "../tests/reliability/circuits";
import { ACCOUNTS } from "../tests/system/server";
import { keyFor } from "../tests/system/session";
import { startOwnServer, stopOwnServer } from "./own-server";

const { values } = parseArgs({
  options: {
    qubits: { type: "string", default: "24" },
    gates: { type: "string", default: "512" },
    shots: { type: "string", default: "1000000" },
    every: { type: "string", default: "50" },
  },
});

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

const main = async () => {
  const { server } = await startOwnServer("bench_health");
  const key = await keyFor(server, ACCOUNTS.operator);
  const ready = `${server.url}/api/health/ready`;
  const probe = async () => {
    const started = performance.now();
    const response = await fetch(ready);
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  };
  for (let k = 0; k < 5; k++) await probe(); // the route's code loads on its first request

  const qubits = Number(values.qubits);
  const gates = Number(values.gates);
  const shots = Number(values.shots);
  let finished = false;
  const runStarted = performance.now();
  const run = fetch(`${server.url}/quantum/run`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    // Dense: with every qubit in superposition, every pass goes over the whole state. Twelve qubits
    // measured: at most 4,096 outcomes, so that the answer's size is not what is measured.
    body: JSON.stringify({ qasm: heavyCircuit(qubits, gates, Math.min(qubits, 12), { dense: true }), shots, seed: 1 }),
  }).then(async (response) => {
    await response.arrayBuffer();
    finished = true;
    return response.status;
  });
  const answers: { ms: number; status: number }[] = [];
  await new Promise((resolve) => setTimeout(resolve, 300));
  while (!finished) {
    const answer = await probe();
    if (!finished) answers.push(answer);
    await new Promise((resolve) => setTimeout(resolve, Number(values.every)));
  }
  const runStatus = await run;
  const runSeconds = (performance.now() - runStarted) / 1000;
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const notOk = answers.filter((answer) => answer.status !== 200).length;
  console.log(`simulation: ${qubits} qubits, ${gates} gates, ${shots} shots → ${runStatus} in ${runSeconds.toFixed(1)} s`);
  if (sorted.length === 0) {
    console.log("readiness: the simulation ended before the first probe");
    console.log(`BENCH_ROWS ${JSON.stringify([{ group: "readiness", name: "GET /api/health/ready during the largest simulation", measured: Number.NaN, unit: "ms", target: "max < 100 ms", holds: false, detail: "the simulation ended before the first probe" }])}`);
    return;
  }
  const max = sorted.at(-1)!;
  const row = { group: "readiness", name: `GET /api/health/ready during ${qubits} qubits × ${gates} gates`, measured: max, unit: "ms", target: "max < 100 ms", holds: notOk === 0 && max < 100, detail: `${sorted.length} answers, ${notOk} not 200, p95 ${percentile(sorted, 0.95).toFixed(1)} ms` };
  console.log(
    `readiness during it: ${sorted.length} answers (${notOk} not 200), p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (target: max < 100 ms → ${sorted.at(-1)! < 100 ? "met" : "missed"})`,
  );
  console.log(`BENCH_ROWS ${JSON.stringify([row])}`);
};

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopOwnServer());
