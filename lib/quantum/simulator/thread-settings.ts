// How many threads large passes use, and from how many qubits on: read by statevector.ts (a register
// that several threads will share is allocated in shared memory) and by parallel.ts (which runs
// them). Kept on globalThis, as the helper threads are (parallel.ts).
import { availableParallelism } from "node:os";

/** States of at least this many qubits are shared with helper threads. */
export const PARALLEL_QUBITS = 20;

const shared = globalThis as typeof globalThis & { __syndicateSimulatorThreads?: { threads: number; minQubits: number } };

/** Threads a large pass runs on (this one included): all cores, at most 4. */
export const settings = () => (shared.__syndicateSimulatorThreads ??= { threads: Math.max(1, Math.min(4, availableParallelism())), minQubits: PARALLEL_QUBITS });

/**
 * Sets how many threads large passes use (1: this thread only) and from how many qubits on
 * (tests and the benchmark compare the two paths). Returns the previous settings.
 */
export const configureSimulatorThreads = (next: { threads?: number; minQubits?: number }) => {
  const previous = { ...settings() };
  Object.assign(settings(), next);
  return previous;
};

/** Whether a register of this many qubits is allocated in shared memory. */
export const sharesState = (qubits: number) => settings().threads > 1 && qubits >= settings().minQubits;
