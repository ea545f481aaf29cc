// Mid-circuit measurement, reset and classically controlled gates, simulated by shot branching,
// against a density-matrix reference written independently of the simulator's kernels.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulatorHelperFile } from "../../lib/quantum/pool/engine";
import { parseQasm } from "../../lib/quantum/qasm";
import { Rng, SimulatorLimitError, allocateState, closeSimulatorThreads, configureSimulatorThreads, runBranching, simulate, type ThreadSettings } from "../../lib/simulator";
import { spareRegisters } from "../../lib/simulator/memory/registers";
import { referenceDistribution } from "./dense-reference";

const closeDistributions = (actual: Record<string, number>, expected: Record<string, number>, tolerance: number) => {
  for (const key of new Set([...Object.keys(actual), ...Object.keys(expected)])) {
    expect(Math.abs((actual[key] ?? 0) - (expected[key] ?? 0)), `outcome ${key}`).toBeLessThan(tolerance);
  }
};

// Random OpenQASM 3 programs on 1–3 qubits and 1–3 bits: gates, measurements into any bit,
// resets, and gates under `if (c[k])`, `if (!c[k])` or `if (c == v)`.
const ONE = ["h", "x", "y", "z", "s", "t", "sx", "sdg", "tdg"];
const ROT = ["rx", "ry", "rz", "p"];
const TWO = ["cx", "cz", "swap", "cy", "ch"];
const programs = fc
  .record({ qubits: fc.integer({ min: 1, max: 3 }), clbits: fc.integer({ min: 1, max: 3 }) })
  .chain(({ qubits, clbits }) => {
    const q = fc.integer({ min: 0, max: qubits - 1 });
    const b = fc.integer({ min: 0, max: clbits - 1 });
    const gate = fc.oneof(
      fc.tuple(fc.constantFrom(...ONE), q).map(([g, a]) => `${g} q[${a}];`),
      fc.tuple(fc.constantFrom(...ROT), fc.double({ min: -4, max: 4, noNaN: true }), q).map(([g, t, a]) => `${g}(${t}) q[${a}];`),
      ...(qubits >= 2 ? [fc.tuple(fc.constantFrom(...TWO), q, q).filter(([, a, c]) => a !== c).map(([g, a, c]) => `${g} q[${a}], q[${c}];`)] : []),
      ...(qubits >= 3 ? [fc.constant("ccx q[0], q[1], q[2];"), fc.constant("ctrl @ rx(0.7) q[2], q[0];")] : []),
    );
    const step = fc.oneof(
      { arbitrary: gate, weight: 4 },
      { arbitrary: fc.tuple(q, b).map(([a, c]) => `c[${c}] = measure q[${a}];`), weight: 2 },
      { arbitrary: q.map((a) => `reset q[${a}];`), weight: 1 },
      { arbitrary: fc.tuple(b, gate).map(([c, g]) => `if (c[${c}]) ${g}`), weight: 1 },
      { arbitrary: fc.tuple(b, gate).map(([c, g]) => `if (!c[${c}]) { ${g} }`), weight: 1 },
      { arbitrary: fc.tuple(fc.integer({ min: 0, max: 2 ** clbits - 1 }), gate).map(([v, g]) => `if (c == ${v}) ${g}`), weight: 1 },
    );
    return fc.array(step, { minLength: 1, maxLength: 14 }).map((steps) =>
      ["OPENQASM 3.0;", 'include "stdgates.inc";', `qubit[${qubits}] q;`, `bit[${clbits}] c;`, ...steps, "c[0] = measure q[0];"].join("\n"),
    );
  });

// Shared registers are posted to helper threads, started from the sources' helper as the app's
// simulation threads do in development (lib/quantum/pool/engine.ts).
let threadSettings: ThreadSettings;
beforeAll(() => {
  threadSettings = configureSimulatorThreads({ helperFile: simulatorHelperFile() });
});
afterAll(async () => {
  configureSimulatorThreads(threadSettings);
  await closeSimulatorThreads();
});

describe("dynamic circuits", () => {
  it("match the density-matrix reference exactly (property)", () => {
    fc.assert(
      fc.property(programs, (source) => {
        const c = parseQasm(source);
        const result = simulate(c, { shots: 1, seed: 1, exact: true });
        closeDistributions(result.exact!, referenceDistribution(c), 1e-9);
      }),
      { seed: 1307, numRuns: 300 },
    );
  });

  it("split the shots so that the counts follow the reference distribution (property)", () => {
    fc.assert(
      fc.property(programs, fc.integer({ min: 0, max: 2 ** 31 }), (source, seed) => {
        const c = parseQasm(source);
        const shots = 20_000;
        const result = simulate(c, { shots, seed });
        expect(Object.values(result.counts).reduce((a, b) => a + b, 0)).toBe(shots);
        const expected = referenceDistribution(c);
        for (const key of Object.keys(result.counts)) expect(expected[key] ?? 0, `outcome ${key} cannot occur`).toBeGreaterThan(1e-12);
        // Total variation distance: shot noise at 20 000 shots is about 0.01.
        const keys = new Set([...Object.keys(result.probabilities), ...Object.keys(expected)]);
        const distance = [...keys].reduce((sum, key) => sum + Math.abs((result.probabilities[key] ?? 0) - (expected[key] ?? 0)), 0) / 2;
        expect(distance).toBeLessThan(0.04);
      }),
      { seed: 2207, numRuns: 60 },
    );
  });

  it("hands every branch's shared register back when the branch ends, and the waiting ones when the run stops", () => {
    // Registers of 16 qubits are shared with helper threads here; without the hand-back each
    // branch's copy stayed held by the helpers until their heap was collected.
    const previous = configureSimulatorThreads({ threads: 2, minQubits: 16 });
    try {
      const bytes = allocateState(16, true).re.buffer.byteLength;
      // Shared spares of this size only: an unshared one of the same size (another file's run, in this
      // worker) is never taken by a shared allocation, and counting it made the loops below endless.
      const sparesOfSize = () => spareRegisters().filter((spare) => spare.shared && spare.bytes === bytes).length;
      while (sparesOfSize() > 0) allocateState(16, true);
      // Three measured superpositions: eight branches, each a copy of 16 qubits.
      const c = parseQasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[16]; creg c[3]; h q[0]; h q[7]; h q[15]; measure q[0] -> c[0]; measure q[7] -> c[1]; measure q[15] -> c[2]; if(c==1) x q[3];');
      const result = runBranching(c, { shots: 1_000, rng: new Rng(4), maxWork: 1e12, maxBytes: 2 ** 30, maxQubits: 16 });
      expect(result.branches).toBe(8);
      // Depth first, four registers at most at once (the branch run and three copies waiting), all kept.
      expect(sparesOfSize()).toBe(4);
      while (sparesOfSize() > 0) allocateState(16, true);
      // Stopped by the work limit at the third measurement: the running branch and the two waiting.
      expect(() => runBranching(c, { shots: 1_000, rng: new Rng(4), maxWork: 2 ** 16 * 5, maxBytes: 2 ** 30, maxQubits: 16 })).toThrow(SimulatorLimitError);
      expect(sparesOfSize()).toBe(3);
    } finally {
      configureSimulatorThreads(previous);
    }
  });

  it("repeats a run for the same seed", () => {
    const c = parseQasm("OPENQASM 3.0; include \"stdgates.inc\"; qubit[3] q; bit[3] c; h q; c = measure q; reset q[0]; if (c[1]) x q[0]; c[2] = measure q[0];");
    const first = simulate(c, { shots: 5000, seed: 42 });
    expect(simulate(c, { shots: 5000, seed: 42 }).counts).toEqual(first.counts);
    expect(simulate(c, { shots: 5000, seed: 43 }).counts).not.toEqual(first.counts);
  });

  it("costs at most min(shots, outcomes) branches", () => {
    // Ten qubits each measured mid-circuit in superposition: 1024 outcomes.
    const source = ["OPENQASM 3.0;", 'include "stdgates.inc";', "qubit[10] q;", "bit[10] c;", "h q;", "c = measure q;", "x q;", "c = measure q;"].join("\n");
    const c = parseQasm(source);
    expect(c.program).toBeDefined();
    const few = runBranching(c, { shots: 7, rng: new Rng(1), maxWork: 2 ** 33, maxBytes: 2 ** 30 });
    expect(few.branches).toBeLessThanOrEqual(7);
    expect([...few.counts.values()].reduce((a, b) => a + b, 0)).toBe(7);
    const many = runBranching(c, { shots: 1_000_000, rng: new Rng(1), maxWork: 2 ** 33, maxBytes: 2 ** 30 });
    expect(many.branches).toBeLessThanOrEqual(1024);
    expect(many.counts.size).toBe(1024);
    // After x on every qubit the second measurement reads the complement of the first, written over it.
    for (const key of many.counts.keys()) expect(key).toMatch(/^[01]{10}$/);
  });

  it("stops, naming the limit, when following the branches is more work than allowed", () => {
    const c = parseQasm('OPENQASM 3.0; include "stdgates.inc"; qubit[4] q; bit[4] c; h q; c = measure q; h q; h q; h q;');
    expect(() => simulate(c, { shots: 1000, seed: 1, maxWork: 200 })).toThrow(expect.objectContaining({ name: "SimulatorLimitError", limit: "maxWork", value: 200 }));
  });

  it("teleports a state: the receiver's qubit ends as the sender's, whatever the measurements said", () => {
    const source = `OPENQASM 2.0;
include "qelib1.inc";
qreg q[3];
creg m0[1];
creg m1[1];
creg out[1];
ry(1.1) q[0];
h q[1];
cx q[1], q[2];
cx q[0], q[1];
h q[0];
measure q[0] -> m0[0];
measure q[1] -> m1[0];
if (m1 == 1) x q[2];
if (m0 == 1) z q[2];
measure q[2] -> out[0];`;
    const c = parseQasm(source);
    const result = simulate(c, { shots: 1, seed: 1, exact: true });
    const pOne = Object.entries(result.exact!).filter(([key]) => key[0] === "1").reduce((sum, [, p]) => sum + p, 0);
    expect(pOne).toBeCloseTo(Math.sin(1.1 / 2) ** 2, 12);
    closeDistributions(result.exact!, referenceDistribution(c), 1e-12);
  });

  it("resets a qubit to 0 whatever it held, and runs a reset of a fresh qubit as nothing at all", () => {
    const reset = parseQasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[2]; creg c[2]; h q[0]; x q[1]; reset q; measure q -> c;');
    expect(simulate(reset, { shots: 100, seed: 1 }).counts).toEqual({ "00": 100 });
    const fresh = parseQasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[1]; creg c[1]; reset q[0]; x q[0]; measure q[0] -> c[0];');
    expect(fresh.program).toBeUndefined();
    expect(simulate(fresh, { shots: 10, seed: 1 }).counts).toEqual({ "1": 10 });
  });

  it("measures a qubit, acts on it again and measures it again (mid-circuit measurement)", () => {
    const c = parseQasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[1]; creg c[2]; h q[0]; measure q[0] -> c[0]; h q[0]; measure q[0] -> c[1];');
    const result = simulate(c, { shots: 40_000, seed: 5, exact: true });
    closeDistributions(result.exact!, { "00": 0.25, "01": 0.25, "10": 0.25, "11": 0.25 }, 1e-12);
    for (const count of Object.values(result.counts)) expect(Math.abs(count - 10_000)).toBeLessThan(400);
  });
});
