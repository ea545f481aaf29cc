// The circuits the simulator's benchmark runs, each built once as our gate list and as the
// quantum-circuit package's gates (scripts/bench-sim.ts compares the two; scripts/bench-native.ts
// runs our list on qulacs too).
import { Rng, gate, type GateOp } from "../lib/simulator";

export type QcGate = { name: string; wires: number[]; params?: Record<string, number> };

// Each circuit once, as our ops and as quantum-circuit gates.
export type Family = { name: string; dense: boolean; build: (n: number) => { ops: GateOp[]; theirs: QcGate[] } };

export const builder = () => {
  const ops: GateOp[] = [];
  const theirs: QcGate[] = [];
  const add = (name: string, wires: number[], params: number[] = [], theirName = name, theirParams?: Record<string, number>) => {
    ops.push(gate(name, wires, params));
    theirs.push({ name: theirName, wires, ...(theirParams ? { params: theirParams } : {}) });
  };
  return { ops, theirs, add };
};

export const qft = (b: ReturnType<typeof builder>, n: number) => {
  for (let j = n - 1; j >= 0; j -= 1) {
    b.add("h", [j]);
    for (let m = j - 1; m >= 0; m -= 1) {
      const lambda = Math.PI / 2 ** (j - m);
      b.add("cp", [m, j], [lambda], "cu1", { lambda });
    }
  }
  for (let i = 0; i < Math.floor(n / 2); i += 1) b.add("swap", [i, n - 1 - i]);
};

type Builder = ReturnType<typeof builder>;

/** Layers of a one-qubit gate on every qubit (its angles drawn from a seeded generator), then CX bricks. */
const layers = (oneQubit: (b: Builder, q: number, rng: Rng) => void) => (b: Builder, n: number, depth: number, seed: number) => {
  const rng = new Rng(seed);
  for (let layer = 0; layer < depth; layer += 1) {
    for (let q = 0; q < n; q += 1) oneQubit(b, q, rng);
    for (let q = layer % 2; q + 1 < n; q += 2) b.add("cx", [q, q + 1]);
  }
};

export const ryLayers = layers((b, q, rng) => {
  const theta = rng.next() * Math.PI;
  b.add("ry", [q], [theta], "ry", { theta });
});

const u3Layers = layers((b, q, rng) => {
  const [theta, phi, lambda] = [rng.next() * Math.PI, rng.next() * 2 * Math.PI, rng.next() * 2 * Math.PI];
  b.add("u3", [q], [theta, phi, lambda], "u3", { theta, phi, lambda });
});

/** A dense family of `depth` seeded layers (the seed also depends on the size). */
const layered = (name: string, build: typeof ryLayers, depth: number, seed: number): Family => ({
  name,
  dense: true,
  build: (n) => {
    const b = builder();
    build(b, n, depth, seed + n);
    return b;
  },
});

export const FAMILIES: Family[] = [
  {
    name: "GHZ",
    dense: false,
    build: (n) => {
      const b = builder();
      b.add("h", [0]);
      for (let q = 0; q + 1 < n; q += 1) b.add("cx", [q, q + 1]);
      return b;
    },
  },
  {
    name: "QFT of a basis state",
    dense: false,
    build: (n) => {
      const b = builder();
      b.add("x", [0]);
      b.add("x", [n - 1]);
      qft(b, n);
      return b;
    },
  },
  {
    name: "CX only on |0…0⟩",
    dense: false,
    build: (n) => {
      const b = builder();
      b.add("x", [0]);
      for (let round = 0; round < 4; round += 1) for (let q = 0; q + 1 < n; q += 1) b.add("cx", [(q + round) % n, (q + round + 1) % n]);
      return b;
    },
  },
  {
    name: "QFT of a superposition",
    dense: true,
    build: (n) => {
      const b = builder();
      const rng = new Rng(7 + n);
      for (let q = 0; q < n; q += 1) {
        const theta = 0.2 + rng.next() * 2.5;
        b.add("ry", [q], [theta], "ry", { theta });
      }
      qft(b, n);
      return b;
    },
  },
  layered("random ry/cx ×2", ryLayers, 2, 20260101),
];

/** The whole circuits compared with qulacs (scripts/bench-native.ts), at 16–24 qubits. */
export const NATIVE_FAMILIES: Family[] = [
  FAMILIES.find((f) => f.name === "GHZ")!,
  FAMILIES.find((f) => f.name === "QFT of a superposition")!,
  layered("random ry/cx ×4", ryLayers, 4, 20261129),
  layered("random u3/cx ×4", u3Layers, 4, 20261130),
];
