// The simulator against the quantum-circuit npm package: the same circuits (GHZ, QFT of a basis
// state, random ry/cx layers) on both, times (median of several runs) and ratios printed, and the
// per-qubit probabilities compared so that both really computed the same state.
//
//   npx tsx scripts/bench-quantum.ts [--max-qubits 16] [--repeat 3]
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { Rng, circuit, evolve, gate, sampleCounts, type GateOp } from "../lib/quantum/simulator";
import { histogramBase64 } from "../lib/quantum/histogram";

type QcGate = { name: string; wires: number[]; params?: Record<string, number> };
type QuantumCircuitInstance = {
  appendGate: (name: string, wires: number | number[], options?: { params: Record<string, number> }) => void;
  run: () => void;
  probabilities: () => number[];
  measureAllMultishot: (shots: number) => Record<string, number>;
};
const QuantumCircuit = createRequire(import.meta.url)("quantum-circuit") as new (qubits: number) => QuantumCircuitInstance;

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const MAX_QUBITS = argument("max-qubits", 16);
const REPEAT = argument("repeat", 3);

// Each circuit once, as our ops and as quantum-circuit gates.
type Bench = { name: string; qubits: number; ops: GateOp[]; theirs: QcGate[] };

const ghz = (n: number): Bench => {
  const ops = [gate("h", [0]), ...Array.from({ length: n - 1 }, (_, q) => gate("cx", [q, q + 1]))];
  return { name: "GHZ", qubits: n, ops, theirs: [{ name: "h", wires: [0] }, ...Array.from({ length: n - 1 }, (_, q) => ({ name: "cx", wires: [q, q + 1] }))] };
};

const qft = (n: number): Bench => {
  const ops: GateOp[] = [gate("x", [0]), gate("x", [n - 1])];
  const theirs: QcGate[] = [{ name: "x", wires: [0] }, { name: "x", wires: [n - 1] }];
  for (let j = n - 1; j >= 0; j -= 1) {
    ops.push(gate("h", [j]));
    theirs.push({ name: "h", wires: [j] });
    for (let m = j - 1; m >= 0; m -= 1) {
      const lambda = Math.PI / 2 ** (j - m);
      ops.push(gate("cp", [m, j], [lambda]));
      theirs.push({ name: "cu1", wires: [m, j], params: { lambda } });
    }
  }
  for (let i = 0; i < Math.floor(n / 2); i += 1) {
    ops.push(gate("swap", [i, n - 1 - i]));
    theirs.push({ name: "swap", wires: [i, n - 1 - i] });
  }
  return { name: "QFT", qubits: n, ops, theirs };
};

const layers = (n: number, depth = 6): Bench => {
  const rng = new Rng(20260101 + n);
  const ops: GateOp[] = [];
  const theirs: QcGate[] = [];
  for (let layer = 0; layer < depth; layer += 1) {
    for (let q = 0; q < n; q += 1) {
      const theta = rng.next() * Math.PI;
      ops.push(gate("ry", [q], [theta]));
      theirs.push({ name: "ry", wires: [q], params: { theta } });
    }
    for (let q = layer % 2; q + 1 < n; q += 2) {
      ops.push(gate("cx", [q, q + 1]));
      theirs.push({ name: "cx", wires: [q, q + 1] });
    }
  }
  return { name: `ry/cx ×${depth}`, qubits: n, ops, theirs };
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const time = (fn: () => void) => {
  const samples: number[] = [];
  for (let i = 0; i < REPEAT; i += 1) {
    const started = performance.now();
    fn();
    samples.push(performance.now() - started);
  }
  return median(samples);
};

const ourMarginals = (b: Bench) => {
  const state = evolve(circuit(b.qubits, b.ops), 30);
  const result = new Array<number>(b.qubits).fill(0);
  for (let i = 0; i < state.re.length; i += 1) {
    const p = state.re[i] ** 2 + state.im[i] ** 2;
    for (let k = 0; k < b.qubits; k += 1) if ((i >> k) & 1) result[k] += p;
  }
  return result;
};

const theirCircuit = (b: Bench) => {
  const c = new QuantumCircuit(b.qubits);
  for (const g of b.theirs) c.appendGate(g.name, g.wires.length === 1 ? g.wires[0] : g.wires, g.params ? { params: g.params } : undefined);
  return c;
};

const row = (cells: (string | number)[]) => console.log(cells.map((cell, k) => String(cell).padStart(k === 0 ? 12 : 11)).join(" "));

const main = async () => {
  console.log(`Statevector simulation: this project vs quantum-circuit ${createRequire(import.meta.url)("quantum-circuit/package.json").version} (median of ${REPEAT})`);
  row(["circuit", "qubits", "gates", "ours ms", "theirs ms", "ratio", "max Δp"]);
  const ratios: number[] = [];
  for (const n of [8, 12, 14, 16, 18, 20].filter((q) => q <= MAX_QUBITS)) {
    for (const bench of [ghz(n), qft(n), layers(n)]) {
      const ours = time(() => evolve(circuit(bench.qubits, bench.ops), 30));
      const theirs = time(() => theirCircuit(bench).run());
      const check = theirCircuit(bench);
      check.run();
      const delta = Math.max(...ourMarginals(bench).map((p, k) => Math.abs(p - check.probabilities()[k])));
      ratios.push(theirs / ours);
      row([bench.name, n, bench.ops.length, ours.toFixed(2), theirs.toFixed(2), `${(theirs / ours).toFixed(1)}×`, delta.toExponential(1)]);
    }
  }
  const geometric = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
  console.log(`geometric mean: ours is ${geometric.toFixed(1)}× faster\n`);

  console.log("Shot sampling (10,000 shots after the circuit has run)");
  row(["circuit", "qubits", "", "ours ms", "theirs ms", "ratio", ""]);
  for (const n of [8, 12].filter((q) => q <= MAX_QUBITS)) {
    const bench = layers(n);
    const state = evolve(circuit(n, bench.ops), 30);
    const ours = time(() => sampleCounts(state, 10_000, new Rng(1)));
    const c = theirCircuit(bench);
    c.run();
    const theirs = time(() => c.measureAllMultishot(10_000));
    row([bench.name, n, "", ours.toFixed(2), theirs.toFixed(2), `${(theirs / ours).toFixed(1)}×`, ""]);
  }

  console.log("\nThis simulator alone (no comparison)");
  for (const n of [20, 22, 24]) {
    const bench = layers(n, 4);
    const started = performance.now();
    const state = evolve(circuit(n, bench.ops), 30);
    const evolved = performance.now();
    sampleCounts(state, 1_000_000, new Rng(1));
    const sampled = performance.now();
    console.log(`  ${n} qubits, ${bench.ops.length} gates: evolve ${(evolved - started).toFixed(0)} ms, 1,000,000 shots ${(sampled - evolved).toFixed(0)} ms`);
  }
  const started = performance.now();
  await histogramBase64({ "000": 0.1, "001": 0.2, "010": 0.05, "011": 0.15, "100": 0.1, "101": 0.1, "110": 0.2, "111": 0.1 });
  const first = performance.now() - started;
  const again = performance.now();
  await histogramBase64({ "000": 0.1, "001": 0.2, "010": 0.05, "011": 0.15, "100": 0.1, "101": 0.1, "110": 0.2, "111": 0.1 });
  console.log(`  histogram PNG (8 bars): first ${first.toFixed(0)} ms (loads resvg and the font), then ${(performance.now() - again).toFixed(0)} ms`);
};

await main();
