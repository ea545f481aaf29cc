// The engine's own failures. The engine knows nothing of the app's settings or of its HTTP
// problems: it says which of the limits its caller passed a circuit went past (by the option's
// name, with its value and what the circuit asked for), or that the machine is short of memory
// right now. The app translates these where it calls the engine (lib/quantum/pool), into the
// answer a client reads and the setting behind each limit.

/**
 * The limits a caller passes (checkWork's SimulatorLimits, RunOptions, BranchOptions) and the
 * engine's floor of one qubit.
 */
export type SimulatorLimit = "minQubits" | "maxQubits" | "maxGates" | "maxGateWork" | "maxWork" | "exactBranches";

export class SimulatorError extends Error {}

/** A circuit asks for more than a limit allows: `requested` against the limit's `value`. */
export class SimulatorLimitError extends SimulatorError {
  constructor(
    readonly limit: SimulatorLimit,
    readonly value: number,
    readonly requested: number,
    /** The circuit's size, for the message the caller writes. */
    readonly circuit: { qubits: number; gates?: number },
    message = `${limit} is ${value}; the circuit asks for ${requested}`,
  ) {
    super(message);
    this.name = "SimulatorLimitError";
  }
}

/**
 * Too little memory for a register of `qubits` qubits (`bytes` of statevector) right now, or, with
 * `copies`, for the registers a dynamic circuit's branches hold at once (at most `copies` of them).
 */
export class SimulatorMemoryError extends SimulatorError {
  constructor(
    readonly qubits: number,
    readonly bytes: number,
    readonly copies?: number,
  ) {
    super(
      copies === undefined
        ? `${qubits} qubits need ${formatBytes(bytes)} of statevector and too little memory is free`
        : `the branches need more than ${copies} registers of ${qubits} qubits at once`,
    );
    this.name = "SimulatorMemoryError";
  }
}

/** A statevector's size for a person: bytes, MiB or GiB. */
export const formatBytes = (bytes: number) =>
  bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(1)} GiB` : bytes >= 2 ** 20 ? `${(bytes / 2 ** 20).toFixed(1)} MiB` : `${bytes} bytes`;
