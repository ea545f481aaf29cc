// The statevector simulator engine's public surface. The engine imports nothing of the app: its
// limits and thread settings are passed in, its failures are its own errors (errors.ts), which the
// app translates where it calls the engine (lib/quantum/pool). Its layers, each importing only
// the ones before it (ARCHITECTURE.md, "The simulator engine"):
// memory → passes → kernels → threads → run.
export { SimulatorError, SimulatorLimitError, SimulatorMemoryError, formatBytes, type SimulatorLimit } from "./errors";
export { BYTES_PER_AMPLITUDE, MAX_QUBITS, allocateState, imGapBytes, releaseState, type StateVector } from "./memory/registers";
export { PassKind, matrixPass, pass, passSpan, type Matrix2, type Pass } from "./passes/pass";
export { GATES, decompose, gatePasses, matrixOf, uMatrix, type GateOp } from "./passes/gates";
export { checkOps, checkWork, circuit, gate, type Circuit, type ClassicalExpr, type Condition, type Instruction, type Measurement, type SimulatorLimits } from "./passes/circuit";
export { compile, multiply } from "./passes/fuse";
export { applyGate, runPass, runPassRange } from "./kernels/run-pass";
export { applySparse, basisState, densify, runSparse, type SparseState } from "./kernels/sparse";
export { BLOCK_QUBITS, tasksOf } from "./threads/blocks";
export { HELPER_IDLE_MS, applyFused, closeSimulatorThreads, helperChunks, helperThreads, runPasses } from "./threads/parallel";
export { PARALLEL_QUBITS, configureSimulatorThreads, type ThreadSettings } from "./threads/settings";
export { bitstring, checkQubits, copyState, norm, probabilities, zeroState } from "./run/statevector";
export { MAX_SEED, Rng, randomSeed } from "./run/random";
export { binomial } from "./run/binomial";
export { ClassicalError, binaryOp, convertTo, evaluateClassical, unaryOp } from "./run/classical";
export { sampleCounts, sampleIndexCounts, type IndexCounts } from "./run/sample";
export { outcomeCoder, tallyCounts, tallyExact, tallyRecord, topPositions, type OutcomeCoder, type Tally } from "./run/outcomes";
export { EXACT_BRANCHES, evolve, exactDistribution, outcomeKey, simulate, simulateTop, type RunOptions, type RunResult, type TopRunResult } from "./run/run";
export { collapse, probabilityOfOne, runBranching, type BranchOptions, type BranchResult } from "./run/branching";
