// The shot sampler and the bounded answer built on it: the draw matches the distribution
// (chi-square with fixed seeds), totals are exact, outcome keys keep the bitstrings' order, and
// the `top` outcomes chosen on typed arrays are the ones a full sort would choose.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseQasm } from "../../lib/quantum/qasm";
import {
  Rng,
  circuit,
  evolve,
  gate,
  outcomeCoder,
  probabilities,
  sampleIndexCounts,
  simulate,
  simulateTop,
  topPositions,
  type GateOp,
  type Tally,
} from "../../lib/simulator";

// Uneven amplitudes over all 2^n states: ry layers and a ladder of cx.
const uneven = (n: number, seed: number): GateOp[] => {
  const rng = new Rng(seed);
  const ops: GateOp[] = [];
  for (let layer = 0; layer < 3; layer += 1) {
    for (let q = 0; q < n; q += 1) ops.push(gate("ry", [q], [0.3 + rng.next() * 2.4]));
    for (let q = layer % 2; q + 1 < n; q += 2) ops.push(gate("cx", [q, q + 1]));
  }
  return ops;
};

const chiSquare = (observed: Float64Array, expected: Float64Array) => {
  let chi = 0;
  for (let i = 0; i < expected.length; i += 1) chi += (observed[i] - expected[i]) ** 2 / expected[i];
  return chi;
};

// The reference choice: sort everything by value (largest first), ties by the smaller key.
const referenceTop = (entries: [string, number][], k: number) =>
  Object.fromEntries([...entries].sort(([ka, a], [kb, b]) => b - a || (ka < kb ? -1 : 1)).slice(0, k));

describe("the multinomial draw", () => {
  it("gives every shot to some outcome, whatever the shots, in ascending index order, never to an impossible state", () => {
    // A GHZ state on 10 qubits with qubit 4 rotated: 4 possible states of 1024.
    const state = evolve(circuit(10, [gate("h", [0]), ...Array.from({ length: 9 }, (_, q) => gate("cx", [q, q + 1])), gate("ry", [4], [1.1])]));
    const p = probabilities(state);
    for (const shots of [1, 2, 3, 7, 1000, 123_457, 1_000_000]) {
      const drawn = sampleIndexCounts(state, shots, new Rng(shots));
      let total = 0;
      for (let j = 0; j < drawn.size; j += 1) {
        total += drawn.counts[j];
        expect(drawn.counts[j]).toBeGreaterThan(0);
        expect(Number.isInteger(drawn.counts[j])).toBe(true);
        expect(p[drawn.indices[j]]).toBeGreaterThan(1e-12);
        if (j > 0) expect(drawn.indices[j]).toBeGreaterThan(drawn.indices[j - 1]);
      }
      expect(total).toBe(shots);
      expect(drawn.size).toBeLessThanOrEqual(Math.min(shots, 4));
    }
  });

  it("matches the distribution: chi-square within bounds over 256 uneven outcomes, for several fixed seeds", () => {
    const n = 8;
    const state = evolve(circuit(n, uneven(n, 11)));
    const p = probabilities(state);
    const shots = 200_000;
    const expected = Float64Array.from(p, (value) => value * shots);
    // Cells with an expected count below 5 are pooled, as the test requires.
    const small = Array.from(expected.keys()).filter((i) => expected[i] < 5);
    const cells = expected.length - small.length + (small.length > 0 ? 1 : 0);
    const degrees = cells - 1;
    // Mean of chi² is df, its deviation sqrt(2·df): 6 deviations is far outside chance.
    const bound = degrees + 6 * Math.sqrt(2 * degrees);
    for (const seed of [1, 2, 3, 2026]) {
      const drawn = sampleIndexCounts(state, shots, new Rng(seed));
      const observed = new Float64Array(p.length);
      for (let j = 0; j < drawn.size; j += 1) observed[drawn.indices[j]] = drawn.counts[j];
      const pool = (values: Float64Array) => {
        const pooled = Float64Array.from(values);
        let rest = 0;
        for (const i of small) {
          rest += pooled[i];
          pooled[i] = 0;
        }
        return Float64Array.from([...pooled.filter((_, i) => !small.includes(i)), ...(small.length > 0 ? [rest] : [])]);
      };
      const chi = chiSquare(pool(observed), pool(expected));
      expect(chi).toBeLessThan(bound);
      // And not suspiciously perfect either (a draw that just rounds the expectation).
      expect(chi).toBeGreaterThan(degrees - 6 * Math.sqrt(2 * degrees));
    }
  });

  it("notices a wrong distribution: the same counts against a uniform expectation fail the bound", () => {
    const n = 8;
    const state = evolve(circuit(n, uneven(n, 11)));
    const shots = 200_000;
    const drawn = sampleIndexCounts(state, shots, new Rng(1));
    const observed = new Float64Array(2 ** n);
    for (let j = 0; j < drawn.size; j += 1) observed[drawn.indices[j]] = drawn.counts[j];
    const uniform = new Float64Array(2 ** n).fill(shots / 2 ** n);
    expect(chiSquare(observed, uniform)).toBeGreaterThan(255 + 6 * Math.sqrt(2 * 255));
  });
});

describe("outcome keys", () => {
  const programs = [
    'OPENQASM 2.0; include "qelib1.inc"; qreg q[3]; creg c[5]; h q; measure q[0] -> c[4]; measure q[2] -> c[1]; measure q[0] -> c[0];',
    'OPENQASM 2.0; include "qelib1.inc"; qreg q[4]; creg c[2]; h q; measure q[3] -> c[0]; measure q[1] -> c[1];',
    'OPENQASM 2.0; include "qelib1.inc"; qreg q[3]; creg c[3]; h q; measure q[0] -> c[2]; measure q[1] -> c[1]; measure q[2] -> c[0];',
    'OPENQASM 2.0; include "qelib1.inc"; qreg q[2]; creg c[70]; h q; measure q[1] -> c[69]; measure q[0] -> c[3]; measure q[1] -> c[0];',
  ];

  it("spell the bitstring of every basis state, and sort the way the bitstrings sort", () => {
    for (const source of programs) {
      const c = parseQasm(source);
      const coder = outcomeCoder(c);
      // The bitstring by definition: bit b is the last qubit measured into it, else 0.
      const spelled = (index: number) => {
        const bits = new Array<string>(c.clbits).fill("0");
        for (const m of c.measurements) bits[c.clbits - 1 - m.clbit] = (index >> m.qubit) & 1 ? "1" : "0";
        return bits.join("");
      };
      const pairs = Array.from({ length: 2 ** c.qubits }, (_, index) => [coder.keyOf(index), spelled(index)] as const);
      for (const [key, bits] of pairs) expect(coder.bits(key)).toBe(bits);
      for (const [keyA, bitsA] of pairs) {
        for (const [keyB, bitsB] of pairs) expect(Math.sign(keyA - keyB)).toBe(bitsA < bitsB ? -1 : bitsA > bitsB ? 1 : 0);
      }
    }
  });

  it("give the same counts as the bitstrings would, mapped measurements included", () => {
    for (const source of programs) {
      const c = parseQasm(source);
      const run = simulate(c, { shots: 5000, seed: 4 });
      expect(Object.values(run.counts).reduce((a, b) => a + b, 0)).toBe(5000);
      for (const bits of Object.keys(run.counts)) expect(bits).toHaveLength(c.clbits);
    }
  });
});

describe("the top outcomes", () => {
  it("are the ones a full sort chooses (largest first, ties to the smaller bitstring), for whole counts and for probabilities", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 1, max: 320 }),
        fc.boolean(),
        (raw, k, fractional) => {
          const values = raw.map((value) => (fractional ? value / 41 : value));
          const tally: Tally = { keys: Uint32Array.from(values, (_, j) => j * 3), values: Float64Array.from(values), size: values.length };
          const chosen = Array.from(topPositions(tally, k));
          expect(chosen).toEqual([...chosen].sort((a, b) => a - b));
          const entries = values.map((value, j): [string, number] => [String(j * 3).padStart(4, "0"), value]);
          const expected = referenceTop(entries, k);
          expect(Object.fromEntries(chosen.map((j) => entries[j]))).toEqual(expected);
        },
      ),
      { seed: 20261123, numRuns: 300 },
    );
  });

  it("of a run are the full run's most frequent outcomes, with the number of distinct outcomes, static and dynamic", () => {
    const sources = [
      "qreg q[9]; h q;",
      'OPENQASM 2.0; include "qelib1.inc"; qreg q[3]; creg c[5]; h q; measure q[0] -> c[4]; measure q[2] -> c[1];',
      'OPENQASM 2.0; include "qelib1.inc"; qreg q[3]; creg c[3]; h q; measure q[0] -> c[0]; if (c==1) x q[1]; measure q[1] -> c[1]; h q[2]; measure q[2] -> c[2];',
    ];
    for (const source of sources) {
      const c = parseQasm(source);
      const full = simulate(c, { shots: 20_000, seed: 8, exact: true });
      for (const top of [1, 3, 100, 4096]) {
        const part = simulateTop(c, { shots: 20_000, seed: 8, exact: true, top });
        expect(part.distinctOutcomes).toBe(Object.keys(full.counts).length);
        expect(part.counts).toEqual(referenceTop(Object.entries(full.counts), top));
        expect(part.exact).toEqual(referenceTop(Object.entries(full.exact!), top));
        // What the exact top leaves out: the others' probability (summed over them) and their number.
        const others = Object.entries(full.exact!).filter(([bits]) => !(bits in part.exact!));
        expect(part.exactOther).toEqual({ probability: expect.closeTo(others.reduce((sum, [, p]) => sum + p, 0), 14), outcomes: others.length });
        expect(part.exactOther!.probability + Object.values(part.exact!).reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 12);
      }
    }
  });

  it("say what a truncated exact distribution leaves out: of 2^18 equal outcomes, 1024 listed and the rest's exact mass", () => {
    // A uniform superposition over 18 qubits: every outcome 2^-18, so 1024 listed carry 1/256.
    const part = simulateTop(parseQasm("qreg q[18]; h q;"), { shots: 100, seed: 3, exact: true, top: 1024 });
    expect(Object.keys(part.exact!)).toHaveLength(1024);
    expect(part.exactOther!.outcomes).toBe(2 ** 18 - 1024);
    expect(part.exactOther!.probability).toBeCloseTo(1 - 1024 / 2 ** 18, 12);
  });

  it("of 10^6 shots over 2^16 outcomes: 1024 answered, every shot counted in the distinct outcomes", () => {
    const c = parseQasm("qreg q[16]; h q;");
    const part = simulateTop(c, { shots: 1_000_000, seed: 5, top: 1024 });
    expect(Object.keys(part.counts)).toHaveLength(1024);
    expect(part.distinctOutcomes).toBe(65_536);
    const full = simulate(c, { shots: 1_000_000, seed: 5 });
    expect(part.counts).toEqual(referenceTop(Object.entries(full.counts), 1024));
    const smallest = Math.min(...Object.values(part.counts));
    expect(Object.values(full.counts).filter((count) => count > smallest).length).toBeLessThan(1024);
  });
});
