// How many threads large passes use, from how many qubits on, and the file a helper thread runs:
// read by run/statevector.ts (a register that several threads will share is allocated in shared
// memory) and by parallel.ts (which runs them). Kept on globalThis, as the helper threads are
// (parallel.ts).
import { availableParallelism } from "node:os";

/** States of at least this many qubits are shared with helper threads. */
export const PARALLEL_QUBITS = 16;

export type ThreadSettings = {
  /** Threads a large pass runs on, this one included (1: this thread only). */
  threads: number;
  /** From how many qubits on a pass runs on several threads. */
  minQubits: number;
  /**
   * The module a helper thread runs (threads/helper.ts, compiled or loaded as TypeScript): where
   * it is depends on how the caller is built, so the caller says. Without one, every pass runs on
   * the calling thread.
   */
  helperFile?: string;
};

const shared = globalThis as typeof globalThis & { __syndicateSimulatorThreads?: ThreadSettings };

/** The settings now: by default all cores, at most 4, from PARALLEL_QUBITS qubits, no helper file. */
export const settings = (): ThreadSettings =>
  (shared.__syndicateSimulatorThreads ??= { threads: Math.max(1, Math.min(4, availableParallelism())), minQubits: PARALLEL_QUBITS, helperFile: undefined });

/**
 * Sets how many threads large passes use, from how many qubits on, and the helper thread's file
 * (tests and the benchmark compare the paths; the app names the file). Returns the previous
 * settings.
 */
export const configureSimulatorThreads = (next: Partial<ThreadSettings>) => {
  const previous = { ...settings() };
  Object.assign(settings(), next);
  return previous;
};

/** Whether a register of this many qubits is allocated in shared memory. */
export const sharesState = (qubits: number) => settings().threads > 1 && qubits >= settings().minQubits;
