// Example programs of the circuit page (each is run by tests/quantum/circuit-examples.test.ts).
export type CircuitExample = { id: string; name: string; qasm: string };

export const CIRCUIT_EXAMPLES: CircuitExample[] = [
  {
    id: "bell",
    name: "Bell pair",
    qasm: `OPENQASM 2.0;
include "qelib1.inc";
// A Bell pair: 00 and 11, half the shots each
qreg q[2];
creg c[2];
h q[0];
cx q[0], q[1];
measure q -> c;
`,
  },
  {
    id: "ghz",
    name: "GHZ state (3 qubits)",
    qasm: `OPENQASM 2.0;
include "qelib1.inc";
// A GHZ state on three qubits, with a small rotation
qreg q[3];
creg c[3];
h q[0];
cx q[0], q[1];
cx q[1], q[2];
ry(pi/8) q[2];
measure q -> c;
`,
  },
  {
    id: "teleport",
    name: "Teleportation (mid-circuit measurement, if)",
    qasm: `OPENQASM 2.0;
include "qelib1.inc";
// Teleports the state ry(pi/3)|0> from q[0] to q[2]: P(c2 = 1) = sin²(pi/6) = 0.25
qreg q[3];
creg c0[1];
creg c1[1];
creg c2[1];
ry(pi/3) q[0];
h q[1];
cx q[1], q[2];
barrier q;
cx q[0], q[1];
h q[0];
measure q[0] -> c0[0];
measure q[1] -> c1[0];
if (c1 == 1) x q[2];
if (c0 == 1) z q[2];
measure q[2] -> c2[0];
`,
  },
  {
    id: "qft",
    name: "Quantum Fourier transform (3 qubits)",
    qasm: `OPENQASM 3.0;
include "stdgates.inc";
// The QFT of |5> = |101>, then the inverse QFT: back to 101 every shot
qubit[3] q;
bit[3] c;
x q[0];
x q[2];
// QFT
h q[2];
cp(pi/2) q[1], q[2];
cp(pi/4) q[0], q[2];
h q[1];
cp(pi/2) q[0], q[1];
h q[0];
swap q[0], q[2];
barrier q;
// inverse QFT
swap q[0], q[2];
h q[0];
cp(-pi/2) q[0], q[1];
h q[1];
cp(-pi/4) q[0], q[2];
cp(-pi/2) q[1], q[2];
h q[2];
c = measure q;
`,
  },
  {
    id: "grover",
    name: "Grover search (2 qubits, marks 11)",
    qasm: `OPENQASM 2.0;
include "qelib1.inc";
// One Grover iteration over 2 qubits finds the marked state 11 with certainty
qreg q[2];
creg c[2];
h q;
// oracle: flip the phase of 11
cz q[0], q[1];
// diffusion
h q;
x q;
cz q[0], q[1];
x q;
h q;
measure q -> c;
`,
  },
];

export const DEFAULT_EXAMPLE = CIRCUIT_EXAMPLES[1];
