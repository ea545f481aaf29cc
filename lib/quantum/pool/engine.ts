// Where the app meets the simulator engine (lib/simulator), which knows nothing of the
// app: the limits it runs submitted circuits under come from the QUANTUM_MAX_* settings, the file
// of its helper threads from how the app was started, and its errors become the AppErrors a client
// reads, with the setting behind each limit named (the same answers the API gave when the engine
// threw them itself).
import { existsSync } from "node:fs";
import path from "node:path";
import { AppError } from "../../core/errors";
import { quantumConfig } from "../config";
import {
  BYTES_PER_AMPLITUDE,
  ClassicalError,
  SimulatorLimitError,
  SimulatorMemoryError,
  configureSimulatorThreads,
  formatBytes,
  type SimulatorLimits,
} from "../../simulator";

/** The limits of a submitted circuit, from the QUANTUM_MAX_* settings. */
export const simulatorLimits = (): SimulatorLimits & { maxQubits: number } => {
  const config = quantumConfig();
  return { maxQubits: config.QUANTUM_MAX_QUBITS, maxGates: config.QUANTUM_MAX_GATES, maxGateWork: config.QUANTUM_MAX_GATE_WORK };
};

/**
 * The engine's helper thread: the build's compiled one (scripts/build-workers.mjs), else the
 * sources' (through tsx). Paths are built at run time so that the bundler leaves them alone.
 */
export const simulatorHelperFile = (): string | undefined => {
  // turbopackIgnore: run-time paths, not files for the build to trace (it would include the whole project).
  const root = process.cwd();
  const built = path.join(/*turbopackIgnore: true*/ root, process.env.NEXT_DIST_DIR || ".next", "workers", "simulator-helper.mjs");
  if (process.env.NODE_ENV === "production" && existsSync(/*turbopackIgnore: true*/ built)) return built;
  const source = path.join(/*turbopackIgnore: true*/ root, ["lib", "quantum", "pool", "simulator-helper.mjs"].join(path.sep));
  return existsSync(/*turbopackIgnore: true*/ source) ? source : undefined;
};

/** Gives the engine its helper thread's file (once per thread that simulates). */
export const configureEngine = () => configureSimulatorThreads({ helperFile: simulatorHelperFile() });

/** The AppError a client reads for an engine error (undefined for anything else). */
export const engineAppError = (error: unknown): AppError | undefined => {
  if (error instanceof SimulatorMemoryError) {
    const { qubits, bytes, copies } = error;
    if (copies !== undefined) {
      return new AppError("unavailable", `This circuit's measurement outcomes need more statevector copies at once than the server keeps (${copies} of ${qubits} qubits).`);
    }
    return new AppError("unavailable", `${qubits} qubits need ${formatBytes(bytes)} of statevector and the server has too little free memory right now.`);
  }
  // A value the running program computes that has none (a bitwise operator on a fraction, a
  // shift past 64, a whole number past 2^53): the program is at fault.
  if (error instanceof ClassicalError) return new AppError("bad_request", `The program's classical computation failed while the circuit ran: ${error.message}.`);
  if (!(error instanceof SimulatorLimitError)) return undefined;
  const { value, requested, circuit } = error;
  switch (error.limit) {
    case "minQubits":
      return new AppError("bad_request", `A circuit's qubits are a whole number of at least 0; it has ${requested}.`);
    case "maxQubits": {
      const bytes = formatBytes(2 ** requested * BYTES_PER_AMPLITUDE);
      return new AppError("bad_request", `${requested} qubits need ${bytes} of statevector (2^${requested} × 16 bytes); this server simulates at most ${value} qubits (QUANTUM_MAX_QUBITS).`);
    }
    case "maxGates":
      return new AppError("bad_request", `The circuit has ${requested} gates; at most ${value} are simulated (QUANTUM_MAX_GATES).`);
    case "maxGateWork":
      return new AppError("bad_request", `${circuit.gates} gates on ${circuit.qubits} qubits is more work than one request may take (gates × 2^qubits ≤ ${value}).`);
    case "maxWork":
      return new AppError(
        "bad_request",
        `Following every measurement outcome and every pass of a loop of this circuit is more work than one request may take (gates × 2^qubits over all branches ≤ ${value}, QUANTUM_MAX_GATE_WORK); a loop that never ends stops here too.`,
      );
    case "exactBranches":
      return new AppError("bad_request", `The exact distribution of this circuit has more than ${value} branches.`);
  }
};

/** Runs `work`, turning an engine error into its AppError. */
export const withAppErrors = <T>(work: () => T): T => {
  try {
    return work();
  } catch (error) {
    throw engineAppError(error) ?? error;
  }
};
