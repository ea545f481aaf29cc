// What a client reads when a submitted circuit passes one of the simulator engine's limits: the
// engine names the limit (its own error), the simulation thread's task answers the same 400 or 503
// the API gave when the engine threw AppErrors itself, with the setting behind the limit.
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "../../core/errors";
import { resetQuantumConfig } from "../config";
import { ClassicalError, SimulatorLimitError, SimulatorMemoryError, binaryOp, checkWork, circuit, gate } from "../../simulator";
import { engineAppError } from "./engine";
import { computeTask } from "./tasks";

const SETTINGS = ["QUANTUM_MAX_QUBITS", "QUANTUM_MAX_GATE_WORK"];

const configure = (settings: Record<string, string>) => {
  Object.assign(process.env, settings);
  resetQuantumConfig();
};

afterEach(() => {
  for (const name of SETTINGS) delete process.env[name];
  resetQuantumConfig();
});

/** The AppError a task fails with. */
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const { status, message } = error as AppError;
    return { status, message };
  }
  throw new Error("the task ran");
};

const program = (qubits: number, body: string) => `OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[${qubits}] q;\nbit[${qubits}] c;\n${body}`;

describe("a submitted circuit past the engine's limits", () => {
  it("is refused with the register's size and QUANTUM_MAX_QUBITS", () => {
    configure({ QUANTUM_MAX_QUBITS: "4" });
    expect(refusal(() => computeTask({ kind: "circuit", qasm: program(5, "h q;\nc = measure q;"), shots: 10 }))).toEqual({
      status: 400,
      message: "5 qubits need 512 bytes of statevector (2^5 × 16 bytes); this server simulates at most 4 qubits (QUANTUM_MAX_QUBITS).",
    });
  });

  it("is refused with its gate work and the bound of QUANTUM_MAX_GATE_WORK, read or run", () => {
    configure({ QUANTUM_MAX_GATE_WORK: "100" });
    const qasm = program(4, "h q;\nh q;\nrz(0.5) q[0];\nrz(0.5) q[1];\nc = measure q;");
    const expected = { status: 400, message: "10 gates on 4 qubits is more work than one request may take (gates × 2^qubits ≤ 100)." };
    expect(refusal(() => computeTask({ kind: "inspect", qasm }))).toEqual(expected);
    expect(refusal(() => computeTask({ kind: "circuit", qasm, shots: 10 }))).toEqual(expected);
  });

  it("is refused when following its measurement outcomes is more work than QUANTUM_MAX_GATE_WORK", () => {
    // 16 gates × 2^4 = 256 pass the check of the circuit; its sixteen branches do not.
    configure({ QUANTUM_MAX_GATE_WORK: "300" });
    const qasm = program(4, "h q;\nc = measure q;\nh q;\nh q;\nh q;");
    expect(refusal(() => computeTask({ kind: "circuit", qasm, shots: 1000, seed: 1 }))).toEqual({
      status: 400,
      message: "Following every measurement outcome and every pass of a loop of this circuit is more work than one request may take (gates × 2^qubits over all branches ≤ 300, QUANTUM_MAX_GATE_WORK); a loop that never ends stops here too.",
    });
  });

  it("is refused when its exact distribution has more branches than are followed", () => {
    // One qubit measured thirteen times, each time after an h: 2^13 branches of two amplitudes.
    const measurements = Array.from({ length: 13 }, (_, k) => `h q[0];\nc[${k}] = measure q[0];`).join("\n");
    const qasm = `OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[1] q;\nbit[13] c;\n${measurements}`;
    expect(refusal(() => computeTask({ kind: "circuit", qasm, shots: 10, seed: 1, exact: true }))).toEqual({
      status: 400,
      message: "The exact distribution of this circuit has more than 4096 branches.",
    });
  });
});

describe("the engine's other errors, as the API answers them", () => {
  it("gate count and a register of no whole size: 400", () => {
    const c = circuit(2, [gate("h", [0]), gate("cx", [0, 1]), gate("h", [1])]);
    let error: unknown;
    try {
      checkWork(c, { maxGates: 2, maxGateWork: 1e9 });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(SimulatorLimitError);
    expect(engineAppError(error)).toMatchObject({ status: 400, message: "The circuit has 3 gates; at most 2 are simulated (QUANTUM_MAX_GATES)." });
    expect(engineAppError(new SimulatorLimitError("minQubits", 0, -1, { qubits: -1 }))).toMatchObject({ status: 400, message: "A circuit's qubits are a whole number of at least 0; it has -1." });
  });

  it("a classical value the running program cannot compute: 400 naming it", () => {
    let error: unknown;
    try {
      binaryOp("&", 0.5, 1);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ClassicalError);
    expect(engineAppError(error)).toMatchObject({ status: 400, message: "The program's classical computation failed while the circuit ran: '&' needs whole numbers, not 0.5." });
  });

  it("too little free memory, for a register or for a dynamic circuit's copies: 503", () => {
    expect(engineAppError(new SimulatorMemoryError(28, 2 ** 32))).toMatchObject({
      status: 503,
      message: "28 qubits need 4.0 GiB of statevector and the server has too little free memory right now.",
    });
    expect(engineAppError(new SimulatorMemoryError(22, 2 ** 26, 4))).toMatchObject({
      status: 503,
      message: "This circuit's measurement outcomes need more statevector copies at once than the server keeps (4 of 22 qubits).",
    });
  });

  it("anything else is left alone", () => {
    expect(engineAppError(new Error("unknown gate foo"))).toBeUndefined();
  });
});
