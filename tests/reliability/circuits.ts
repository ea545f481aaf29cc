// OpenQASM programs of a chosen cost for the reliability tests: `qubits` qubits and `gates` gates
// (H, RZ, CX in turn), so that the simulation takes from milliseconds to many seconds. With
// `measured`, only that many qubits are measured, so the answer stays small (2^measured outcomes).
export const heavyCircuit = (qubits: number, gates: number, measured?: number, { dense = false } = {}) => {
  const lines = ["OPENQASM 2.0;", 'include "qelib1.inc";', `qreg q[${qubits}];`];
  if (measured) lines.push(`creg c[${measured}];`);
  // The Hadamards below fall on qubits k mod `qubits` for k a multiple of 3: with a qubit count
  // that is itself a multiple of 3 only a third of the qubits are ever put in superposition, and
  // the simulator's sparse path keeps such a state small (18 qubits × 8,192 gates: about 30 ms,
  // 19 qubits: about 3 s). `dense` starts with a Hadamard on every qubit (within `gates`), so that
  // every pass touches all 2^qubits amplitudes.
  const first = dense ? Math.min(qubits, gates) : 0;
  for (let k = 0; k < first; k++) lines.push(`h q[${k}];`);
  for (let k = 0; k < gates - first; k++) {
    const a = k % qubits;
    const b = (k * 7 + 3) % qubits;
    if (k % 3 === 0) lines.push(`h q[${a}];`);
    else if (k % 3 === 1) lines.push(`rz(0.${(k % 97) + 1}) q[${a}];`);
    else lines.push(a === b ? `x q[${a}];` : `cx q[${a}],q[${b}];`);
  }
  for (let k = 0; k < (measured ?? 0); k++) lines.push(`measure q[${k}] -> c[${k}];`);
  return lines.join("\n");
};

/** Bell pair: a run of a few milliseconds. */
export const smallCircuit = 'OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg q[2];\nh q[0];\ncx q[0],q[1];';
