// POST /quantum/run end to end, through the route handler (credential, parsing, the worker pool,
// the simulation, the bounded answer, the histogram, the stored run), at 20 qubits in equal
// superposition (the widest spread of outcomes: ~630,000 distinct ones at 10^6 shots), with the
// default answer. Prints the median time for 10^3 and 10^6 shots and their ratio; the target is
// a ratio of at most 1.5. An embedded database in memory, dropped at the end.
//
//   npx tsx scripts/bench-quantum-run.ts [--qubits 20] [--repeat 5]
import { performance } from "node:perf_hooks";
import { createApiKey, createUser } from "../lib/auth";
import { applyMigrations, closeDatabase, openDatabase, useDatabase } from "../lib/db";
import { closeSimulationPool } from "../lib/quantum/pool";

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
// The request log would print a line per request between the results.
process.env.LOG_LEVEL ??= "warn";
const QUBITS = argument("qubits", 20);
const REPEAT = argument("repeat", 5);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const main = async () => {
  const handle = openDatabase({ mode: "embedded" });
  await applyMigrations(handle.sql);
  useDatabase(handle);
  try {
    const user = await createUser({ email: "bench@example.test", password: "correct horse battery", role: "viewer" });
    const { key } = await createApiKey(user.id, { name: "bench" });
    const { POST } = await import("../app/quantum/run/route");
    const qasm = `OPENQASM 2.0; include "qelib1.inc"; qreg q[${QUBITS}]; h q;`;
    const post = async (shots: number, seed: number) => {
      const started = performance.now();
      const response = await POST(
        new Request("http://localhost/quantum/run", {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
          body: JSON.stringify({ qasm, shots, seed }),
        }),
        { params: Promise.resolve({}) },
      );
      const text = await response.text();
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`POST /quantum/run answered ${response.status}: ${text.slice(0, 300)}`);
      const body = JSON.parse(text) as { distinctOutcomes: number };
      return { elapsed, bytes: text.length, distinct: body.distinctOutcomes };
    };
    await post(1000, 0); // warm-up: the worker thread, resvg and the font
    const results: Record<number, { ms: number; bytes: number; distinct: number }> = {};
    for (const shots of [1_000, 1_000_000]) {
      const runs = [];
      for (let k = 0; k < REPEAT; k += 1) runs.push(await post(shots, k + 1));
      results[shots] = { ms: median(runs.map((run) => run.elapsed)), bytes: runs[0].bytes, distinct: runs[0].distinct };
    }
    console.log(`POST /quantum/run, ${QUBITS} qubits in equal superposition, default answer (median of ${REPEAT})`);
    for (const [shots, result] of Object.entries(results)) {
      console.log(`  ${Number(shots).toLocaleString("en")} shots: ${result.ms.toFixed(0)} ms, ${result.distinct.toLocaleString("en")} distinct outcomes, ${(result.bytes / 1024).toFixed(0)} KiB`);
    }
    const ratio = results[1_000_000].ms / results[1_000].ms;
    console.log(`  ratio 10^6 / 10^3 shots: ${ratio.toFixed(2)}× (target ≤ 1.5×)`);
  } finally {
    await closeSimulationPool();
    await closeDatabase();
  }
};

await main();
