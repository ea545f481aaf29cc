// The statevector simulator's public surface.
export { Rng, randomSeed, MAX_SEED } from "./random";
export { binomial } from "./binomial";
export { zeroState, allocateState, copyState, releaseState, imGapBytes, checkQubits, norm, probabilities, bitstring, BYTES_PER_AMPLITUDE, type StateVector } from "./statevector";
export { GATES, applyGate, gatePasses, matrixOf, uMatrix, decompose, type GateOp } from "./gates";
export { circuit, gate, checkOps, checkWork, type Circuit, type Measurement, type Condition, type Instruction } from "./circuit";
export { sampleCounts, sampleIndexCounts, type IndexCounts } from "./sample";
export { outcomeCoder, tallyCounts, tallyExact, tallyRecord, topPositions, type OutcomeCoder, type Tally } from "./outcomes";
export { simulate, simulateTop, evolve, exactDistribution, outcomeKey, EXACT_BRANCHES, type RunOptions, type RunResult, type TopRunResult } from "./run";
export { runBranching, probabilityOfOne, collapse, type BranchOptions, type BranchResult } from "./branching";
export { applyFused, compile, multiply } from "./fuse";
export { runPasses, tasksOf, configureSimulatorThreads, closeSimulatorThreads, PARALLEL_QUBITS, BLOCK_QUBITS } from "./parallel";
export { PassKind, pass, matrixPass, passSpan, runPass, runPassRange, type Pass, type Matrix2 } from "./kernels";
export { basisState, runSparse, applySparse, densify, type SparseState } from "./sparse";
