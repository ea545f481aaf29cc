// The statevector simulator against states whose amplitudes are known, its laws (norm, seeded
// sampling that matches the distribution) and its limits.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  GATES,
  MAX_QUBITS,
  Rng,
  SimulatorLimitError,
  applyGate,
  binomial,
  checkQubits,
  circuit,
  evolve,
  gate,
  norm,
  sampleCounts,
  simulate,
  zeroState,
  type GateOp,
  type StateVector,
} from "../../lib/simulator";

const amplitude = (state: StateVector, bits: string) => {
  const index = parseInt(bits, 2);
  return [state.re[index], state.im[index]];
};

const close = (actual: number, expected: number, digits = 12) => expect(actual).toBeCloseTo(expected, digits);

// QFT with h, cp and swap: QFT|x⟩ = 2^{−n/2} Σ_k e^{2πi·x·k/2^n} |k⟩.
const qft = (n: number): GateOp[] => {
  const ops: GateOp[] = [];
  for (let j = n - 1; j >= 0; j -= 1) {
    ops.push(gate("h", [j]));
    for (let m = j - 1; m >= 0; m -= 1) ops.push(gate("cp", [m, j], [Math.PI / 2 ** (j - m)]));
  }
  for (let i = 0; i < Math.floor(n / 2); i += 1) ops.push(gate("swap", [i, n - 1 - i]));
  return ops;
};

describe("known states", () => {
  it("prepares a Bell state: 00 and 11 at amplitude 1/√2, nothing else", () => {
    const state = evolve(circuit(2, [gate("h", [0]), gate("cx", [0, 1])]));
    close(amplitude(state, "00")[0], Math.SQRT1_2);
    close(amplitude(state, "11")[0], Math.SQRT1_2);
    close(amplitude(state, "01")[0], 0);
    close(amplitude(state, "10")[0], 0);
  });

  it("prepares a 5-qubit GHZ state and measures only 00000 and 11111, about half each", () => {
    const ops = [gate("h", [0]), ...[1, 2, 3, 4].map((q) => gate("cx", [q - 1, q]))];
    const result = simulate(circuit(5, ops), { shots: 10_000, seed: 7, exact: true });
    expect(Object.keys(result.counts).sort()).toEqual(["00000", "11111"]);
    expect(result.counts["00000"] + result.counts["11111"]).toBe(10_000);
    expect(Math.abs(result.counts["00000"] - 5000)).toBeLessThan(200);
    close(result.exact!["11111"], 0.5);
  });

  it("keeps Qiskit's bit order: x on qubit 0 reads 001 (qubit 0 rightmost)", () => {
    const result = simulate(circuit(3, [gate("x", [0])]), { shots: 10, seed: 1 });
    expect(result.counts).toEqual({ "001": 10 });
  });

  it("turns a basis state into the phases of its Fourier transform (QFT of |5⟩ on 4 qubits)", () => {
    const n = 4;
    const x = 5;
    const ops = [gate("x", [0]), gate("x", [2]), ...qft(n)];
    const state = evolve(circuit(n, ops));
    const size = 2 ** n;
    for (let k = 0; k < size; k += 1) {
      const angle = (2 * Math.PI * x * k) / size;
      close(state.re[k], Math.cos(angle) / Math.sqrt(size));
      close(state.im[k], Math.sin(angle) / Math.sqrt(size));
    }
  });

  it("gives cos²(θ/2) and sin²(θ/2) for single rotations", () => {
    for (const name of ["rx", "ry"]) {
      for (const theta of [0, 0.3, 1, Math.PI / 2, 2.5, Math.PI]) {
        const exact = simulate(circuit(1, [gate(name, [0], [theta])]), { shots: 1, seed: 1, exact: true }).exact!;
        close(exact["0"] ?? 0, Math.cos(theta / 2) ** 2);
        close(exact["1"] ?? 0, Math.sin(theta / 2) ** 2);
      }
    }
    // rz and p only change phases: after h, rz(θ), h the probability of 1 is sin²(θ/2).
    const exact = simulate(circuit(1, [gate("h", [0]), gate("rz", [0], [1.2]), gate("h", [0])]), { shots: 1, seed: 1, exact: true }).exact!;
    close(exact["1"], Math.sin(0.6) ** 2);
  });

  it("applies controlled rotations only when the control is 1", () => {
    const off = simulate(circuit(2, [gate("cry", [0, 1], [1])]), { shots: 1, seed: 1, exact: true }).exact!;
    expect(off).toEqual({ "00": 1 });
    const on = simulate(circuit(2, [gate("x", [0]), gate("cry", [0, 1], [1])]), { shots: 1, seed: 1, exact: true }).exact!;
    close(on["01"], Math.cos(0.5) ** 2);
    close(on["11"], Math.sin(0.5) ** 2);
    const toffoli = simulate(circuit(3, [gate("x", [0]), gate("x", [1]), gate("ccx", [0, 1, 2])]), { shots: 5, seed: 1 });
    expect(toffoli.counts).toEqual({ "111": 5 });
  });

  it("has Qiskit's ECR matrix", () => {
    // ECR = 1/√2 [[0, 1, 0, i], [1, 0, −i, 0], [0, i, 0, 1], [−i, 0, 1, 0]] over |q1 q0⟩.
    const expected = [
      [[0, 0], [1, 0], [0, 0], [0, 1]],
      [[1, 0], [0, 0], [0, -1], [0, 0]],
      [[0, 0], [0, 1], [0, 0], [1, 0]],
      [[0, -1], [0, 0], [1, 0], [0, 0]],
    ];
    for (let column = 0; column < 4; column += 1) {
      const state = zeroState(2);
      state.re[0] = 0;
      state.re[column] = 1;
      applyGate(state, gate("ecr", [0, 1]));
      for (let row = 0; row < 4; row += 1) {
        close(state.re[row], expected[row][column][0] * Math.SQRT1_2);
        close(state.im[row], expected[row][column][1] * Math.SQRT1_2);
      }
    }
  });
});

// A random circuit over every gate of the set, from fast-check's seeded generators.
const arbitraryOp = (qubits: number) =>
  fc
    .record({
      name: fc.constantFrom(...Object.keys(GATES).filter((name) => GATES[name].qubits <= qubits)),
      order: fc.shuffledSubarray([...Array(qubits).keys()], { minLength: qubits, maxLength: qubits }),
      params: fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: 4, maxLength: 4 }),
    })
    .map(({ name, order, params }) => gate(name, order.slice(0, GATES[name].qubits), params.slice(0, GATES[name].params)));

describe("laws", () => {
  it("preserves the norm through random circuits", () => {
    fc.assert(
      fc.property(fc.array(arbitraryOp(4), { minLength: 1, maxLength: 40 }), (ops) => {
        expect(norm(evolve(circuit(4, ops)))).toBeCloseTo(1, 10);
      }),
      { seed: 20260101, numRuns: 150 },
    );
  });

  it("fuses runs of one-qubit gates without changing the state", () => {
    fc.assert(
      fc.property(fc.array(arbitraryOp(3), { minLength: 1, maxLength: 30 }), (ops) => {
        const fused = evolve(circuit(3, ops));
        const stepwise = zeroState(3);
        for (const op of ops) applyGate(stepwise, op);
        for (let i = 0; i < 8; i += 1) {
          expect(fused.re[i]).toBeCloseTo(stepwise.re[i], 12);
          expect(fused.im[i]).toBeCloseTo(stepwise.im[i], 12);
        }
      }),
      { seed: 777, numRuns: 150 },
    );
  });

  it("draws counts that match the distribution (chi-square, fixed seed)", () => {
    const c = circuit(3, [gate("ry", [0], [1.1]), gate("ry", [1], [2]), gate("cry", [0, 2], [0.9]), gate("h", [2])]);
    const shots = 200_000;
    const result = simulate(c, { shots, seed: 12345, exact: true });
    const keys = Object.keys(result.exact!);
    const chiSquare = keys.reduce((sum, key) => {
      const expected = result.exact![key] * shots;
      return sum + (((result.counts[key] ?? 0) - expected) ** 2) / expected;
    }, 0);
    // 7 degrees of freedom: the 99.9th percentile is 24.3.
    expect(chiSquare).toBeLessThan(24.3);
    expect(Object.values(result.counts).reduce((a, b) => a + b, 0)).toBe(shots);
  });

  it("draws the same counts for the same seed, and reports a drawn seed that repeats the run", () => {
    const c = circuit(4, [gate("h", [0]), gate("h", [1]), gate("ry", [2], [0.4]), gate("cx", [1, 3])]);
    const a = simulate(c, { shots: 5000, seed: 99 });
    const b = simulate(c, { shots: 5000, seed: 99 });
    expect(a.counts).toEqual(b.counts);
    expect(simulate(c, { shots: 5000, seed: 100 }).counts).not.toEqual(a.counts);
    const drawn = simulate(c, { shots: 5000 });
    expect(Number.isSafeInteger(drawn.seed)).toBe(true);
    expect(simulate(c, { shots: 5000, seed: drawn.seed }).counts).toEqual(drawn.counts);
  });

  it("samples binomials with the right mean and variance, small and large means alike", () => {
    const rng = new Rng(5);
    for (const [n, p] of [[50, 0.03], [1_000_000, 0.3], [1000, 0.97]] as const) {
      const draws = Array.from({ length: 4000 }, () => binomial(rng, n, p));
      const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
      const variance = draws.reduce((a, b) => a + (b - mean) ** 2, 0) / draws.length;
      expect(Math.abs(mean - n * p)).toBeLessThan(5 * Math.sqrt((n * p * (1 - p)) / draws.length));
      expect(variance / (n * p * (1 - p))).toBeGreaterThan(0.9);
      expect(variance / (n * p * (1 - p))).toBeLessThan(1.1);
      expect(draws.every((k) => Number.isInteger(k) && k >= 0 && k <= n)).toBe(true);
    }
  });

  it("costs the same for a million shots as for one: the draw is per basis state, not per shot", () => {
    const state = evolve(circuit(12, [...Array(12).keys()].map((q) => gate("h", [q]))));
    const many = sampleCounts(state, 1_000_000, new Rng(1));
    expect([...many.values()].reduce((a, b) => a + b, 0)).toBe(1_000_000);
    expect(many.size).toBe(4096);
  });
});

describe("size", () => {
  it("runs a 20-qubit circuit", () => {
    const n = 20;
    const ops = [gate("h", [0]), ...[...Array(n - 1).keys()].map((q) => gate("cx", [q, q + 1])), gate("ry", [7], [0.5])];
    const result = simulate(circuit(n, ops), { shots: 4096, seed: 3 });
    const keys = Object.keys(result.counts);
    expect(keys.every((key) => key.length === 20)).toBe(true);
    // GHZ with qubit 7 rotated: every outcome agrees with qubit 0 everywhere except possibly qubit 7.
    for (const key of keys) expect(key.replace(/./g, (ch, i) => (i === n - 1 - 7 ? key[n - 1] : ch))).toMatch(/^(0{20}|1{20})$/);
  });

  it("allocates and runs 24 qubits (the default limit)", () => {
    const result = simulate(circuit(24, [gate("h", [23]), gate("cx", [23, 0]), gate("x", [11])]), { shots: 1000, seed: 8 });
    expect(Object.keys(result.counts).sort()).toEqual(["000000000000100000000000", "100000000000100000000001"]);
  });

  it("refuses, before allocating, a register past the caller's limit or its own, naming the limit", () => {
    expect(() => checkQubits(27, 26)).toThrow(expect.objectContaining({ name: "SimulatorLimitError", limit: "maxQubits", value: 26, requested: 27 }));
    expect(() => zeroState(40, 26)).toThrow(expect.objectContaining({ limit: "maxQubits", value: 26, requested: 40 }));
    // Whatever a caller allows, indexes are 32-bit integers in the kernels.
    expect(() => zeroState(31, 40)).toThrow(expect.objectContaining({ limit: "maxQubits", value: MAX_QUBITS }));
    expect(() => zeroState(-1)).toThrow(SimulatorLimitError);
    expect(() => zeroState(1.5)).toThrow(SimulatorLimitError);
    // No qubits (a program of classical steps only): the one amplitude of the empty state.
    expect(Array.from(zeroState(0).re)).toEqual([1]);
  });
});
