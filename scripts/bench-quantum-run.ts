// POST /quantum/run end to end, through the route handler (credential, parsing, the worker pool,
// the simulation, the bounded answer, the histogram, the stored run), at 20 qubits in equal
// superposition (the widest spread of outcomes: ~630,000 distinct ones at 10^6 shots), with the
// default answer, and at 3 and 12 qubits. Prints the median time for 10^3 and 10^6 shots and their
// ratio per width; the target is a ratio of at most 1.5 (the answer's size grows with the distinct
// outcomes, the simulation's work does not). The last line, "BENCH_ROWS [...]", gives the same as
// rows for `npm run bench`. An embedded database in memory, dropped at the end.
//
//   npx tsx scripts/bench-quantum-run.ts [--qubits 3,12,20] [--repeat 5]
import { performance } from "node:perf_hooks";
import { createApiKey, createUser } from "../lib/auth";
import { applyMigrations, closeDatabase, openDatabase, useDatabase } from "../lib/db";
import { closeSimulationPool } from "../lib/quantum/pool";

const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
};
// The request log would print a line per request between the results.
process.env.LOG_LEVEL ??= "warn";
const WIDTHS = argument("qubits", "3,12,20").split(",").map(Number);
const REPEAT = Number(argument("repeat", "5"));
const TARGET = 1.5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const main = async () => {
  const handle = openDatabase({ mode: "embedded" });
  await applyMigrations(handle.sql);
  useDatabase(handle);
  try {
    const user = await createUser({ email: "bench@example.test", password: "correct horse battery", role: "viewer" });
    const { key } = await createApiKey(user.id, { name: "bench" });
    const { POST } = await import("../app/quantum/run/route");
    const post = async (qubits: number, shots: number, seed: number) => {
      const qasm = `OPENQASM 2.0; include "qelib1.inc"; qreg q[${qubits}]; h q;`;
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
    await post(WIDTHS[0], 1000, 0); // warm-up: the worker thread, resvg and the font
    const rows = [];
    for (const qubits of WIDTHS) {
      const results: Record<number, { ms: number; bytes: number; distinct: number }> = {};
      for (const shots of [1_000, 1_000_000]) {
        const runs = [];
        for (let k = 0; k < REPEAT; k += 1) runs.push(await post(qubits, shots, k + 1));
        results[shots] = { ms: median(runs.map((run) => run.elapsed)), bytes: runs[0].bytes, distinct: runs[0].distinct };
      }
      console.log(`POST /quantum/run, ${qubits} qubits in equal superposition, default answer (median of ${REPEAT})`);
      for (const [shots, result] of Object.entries(results)) {
        console.log(`  ${Number(shots).toLocaleString("en")} shots: ${result.ms.toFixed(0)} ms, ${result.distinct.toLocaleString("en")} distinct outcomes, ${(result.bytes / 1024).toFixed(0)} KiB`);
      }
      const ratio = results[1_000_000].ms / results[1_000].ms;
      console.log(`  ratio 10^6 / 10^3 shots: ${ratio.toFixed(2)}× (target ≤ ${TARGET}×)`);
      rows.push({
        group: "shots (API)",
        name: `POST /quantum/run ${qubits} qubits, 10^6 / 10^3 shots`,
        measured: ratio,
        unit: "×",
        target: `≤ ${TARGET}×`,
        holds: ratio <= TARGET,
        detail: `${results[1_000].ms.toFixed(0)} ms → ${results[1_000_000].ms.toFixed(0)} ms`,
      });
    }
    console.log(`BENCH_ROWS ${JSON.stringify(rows)}`);
  } finally {
    await closeSimulationPool();
    await closeDatabase();
  }
};

await main();
