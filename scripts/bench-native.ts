// The simulator against native code: whole circuits (bench-circuits.ts, NATIVE_FAMILIES) at 16, 20,
// 22 and 24 qubits, on one thread and on two, here and on qulacs's C++ kernels (csim, built with
// OpenMP and its AVX2 kernels, gate by gate, as a qulacs circuit runs without its optimizer). The
// target is ours ≤ 0.8× qulacs's time on every row. qulacs is not a dependency: the rows read "not
// measured" unless its public source is on this machine (bench/README.md says how to get it);
// the driver (bench/qulacs/driver.cpp) is compiled from it on first use.
//
//   npx tsx scripts/bench-native.ts [--native-sizes 16,20] [--native-threads 1,2]
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { circuit, closeSimulatorThreads, configureSimulatorThreads, evolve, releaseState, type GateOp } from "../lib/simulator";
import { simulatorHelperFile } from "../lib/quantum/pool/engine";
import { NATIVE_FAMILIES } from "./bench-circuits";
import { printTable, type BenchRow } from "./bench-table";

const GROUP = "simulator vs qulacs";
const TARGET = 0.8;
const ROOT = resolve(import.meta.dirname, "..");
const DRIVER_SOURCE = join(ROOT, "bench/qulacs/driver.cpp");
const DRIVER = join(ROOT, "bench/vendor/build/qulacs-driver");
/** The csim files the driver needs: allocation, |0…0⟩, and the kernels of its gates. */
const CSIM_FILES = [
  "memory_ops.cpp",
  "init_ops_fill.cpp",
  "update_ops_named_H.cpp",
  "update_ops_named_X.cpp",
  "update_ops_named_CNOT.cpp",
  "update_ops_named_SWAP.cpp",
  "update_ops_matrix_dense_single.cpp",
  "update_ops_control_single_target_single.cpp",
  "utility.cpp",
  "constant.cpp",
];

/** Where qulacs's source is: QULACS_SRC, else bench/vendor/qulacs; undefined when absent. */
const qulacsSource = () => {
  const dir = process.env.QULACS_SRC ?? join(ROOT, "bench/vendor/qulacs");
  return existsSync(join(dir, "src/csim/update_ops.hpp")) ? dir : undefined;
};

const newer = (file: string, than: string) => statSync(file).mtimeMs > statSync(than).mtimeMs;

/**
 * The driver's path, compiled when missing or older than its source; or why it cannot be. Flags
 * as qulacs's own build gives them on this CPU: -O3, OpenMP, its SIMD kernels (_USE_SIMD), the
 * machine's instruction set.
 */
const qulacsDriver = (): { path: string } | { reason: string } => {
  const source = qulacsSource();
  if (!source) return { reason: "qulacs's source is not on this machine (bench/README.md)" };
  if (existsSync(DRIVER) && newer(DRIVER, DRIVER_SOURCE)) return { path: DRIVER };
  mkdirSync(join(ROOT, "bench/vendor/build"), { recursive: true });
  const csim = join(source, "src/csim");
  const args = ["-O3", "-march=native", "-fopenmp", "-D_USE_SIMD", "-std=c++17", `-I${csim}`, `-I${join(source, "src")}`, "-o", DRIVER, DRIVER_SOURCE, ...CSIM_FILES.map((f) => join(csim, f))];
  const built = spawnSync("g++", args, { encoding: "utf8", timeout: 300_000 });
  if (built.error || built.status !== 0) return { reason: `the driver did not compile: ${built.error?.message ?? built.stderr.split("\n").slice(0, 3).join(" ")}` };
  return { path: DRIVER };
};

type Measured = { ms: number; first: number[] };

/** The circuit as the driver reads it: one gate a line, its name, qubits, then parameters. */
const circuitText = (ops: readonly GateOp[]) => ops.map((g) => [g.name, ...g.qubits, ...g.params].join(" ")).join("\n");

const runQulacs = (driver: string, n: number, ops: readonly GateOp[], threads: number, repeats: number): Measured => {
  const run = spawnSync(driver, [String(n), String(threads), String(repeats)], { input: circuitText(ops), encoding: "utf8", timeout: 600_000, maxBuffer: 1 << 20 });
  if (run.error || run.status !== 0) throw new Error(`qulacs driver failed: ${run.error?.message ?? run.stderr}`);
  return JSON.parse(run.stdout) as Measured;
};

/** The fastest of `repeats` runs of the circuit here, on `threads` threads, after warming up. */
const runOurs = (n: number, ops: readonly GateOp[], threads: number, repeats: number): Measured => {
  const previous = configureSimulatorThreads({ threads });
  try {
    const c = circuit(n, [...ops]);
    // Each run's register is handed back, as the app's runs do, so the next one starts from a
    // zeroed register as qulacs's runs do (its driver zeroes one state; neither times allocation).
    // Warm: the hot functions compile over the first few hundred milliseconds; on two threads the
    // helper thread also has to start (it ends itself after 30 s idle, which the qulacs runs
    // between two of ours can last), and until it runs the first passes are on this thread alone.
    const warmUntil = performance.now() + (threads > 1 ? 2_000 : 300);
    do releaseState(evolve(c, 30));
    while (performance.now() < warmUntil);
    let best = Infinity;
    let first: number[] = [];
    for (let k = 0; k < repeats; k += 1) {
      const started = performance.now();
      const state = evolve(c, 30);
      best = Math.min(best, performance.now() - started);
      first = Array.from({ length: 8 }, (_, i) => state.re[i] ** 2 + state.im[i] ** 2);
      releaseState(state);
    }
    return { ms: best, first };
  } finally {
    configureSimulatorThreads(previous);
  }
};

/** Runs at each size: more at 16 qubits (milliseconds a run) than at 24 (seconds). */
const REPEATS: Record<number, number> = { 16: 30, 20: 7, 22: 4, 24: 3 };

const listArgument = (name: string, fallback: number[]) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1].split(",").map(Number) : fallback;
};

/** Every row of the comparison; "not measured" rows (NaN) when qulacs cannot be run here. */
export const runNativeBench = (log: (line: string) => void = () => {}): BenchRow[] => {
  const sizes = listArgument("--native-sizes", [16, 20, 22, 24]);
  const threadCounts = listArgument("--native-threads", [1, 2]).filter((t) => t <= availableParallelism());
  const driver = qulacsDriver();
  const rows: BenchRow[] = [];
  for (const family of NATIVE_FAMILIES) {
    for (const n of sizes) {
      const { ops } = family.build(n);
      for (const threads of threadCounts) {
        const name = `${family.name}, ${n} qubits, ${threads} thread${threads === 1 ? "" : "s"}: ours ÷ qulacs`;
        if ("reason" in driver) {
          rows.push({ group: GROUP, name, measured: Number.NaN, target: `≤ ${TARGET}×`, holds: false, unit: "×", notMeasured: true, detail: driver.reason });
          continue;
        }
        const repeats = REPEATS[n] ?? 3;
        const theirs = runQulacs(driver.path, n, ops, threads, repeats);
        const ours = runOurs(n, ops, threads, repeats);
        // Both computed the same state: the first probabilities agree.
        const delta = Math.max(...ours.first.map((p, i) => Math.abs(p - theirs.first[i])));
        if (!(delta <= 1e-9)) throw new Error(`${family.name} at ${n} qubits: qulacs and ours disagree (max Δp ${delta})`);
        const ratio = ours.ms / theirs.ms;
        rows.push({
          group: GROUP,
          name,
          measured: ratio,
          target: `≤ ${TARGET}×`,
          holds: ratio <= TARGET,
          unit: "×",
          detail: `ours ${ours.ms.toFixed(2)} ms, qulacs ${theirs.ms.toFixed(2)} ms, ${ops.length} gates, fastest of ${repeats}`,
        });
        log(`  ${name}: ${ratio.toFixed(2)}× (ours ${ours.ms.toFixed(2)} ms, qulacs ${theirs.ms.toFixed(2)} ms)`);
      }
    }
  }
  return rows;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  configureSimulatorThreads({ helperFile: simulatorHelperFile() });
  try {
    printTable(runNativeBench((line) => console.log(line)));
  } finally {
    await closeSimulatorThreads();
  }
}
