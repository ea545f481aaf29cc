// The work a simulation worker thread does: pure computation on plain, serialisable data (no
// database, no HTTP). The main thread loads the inputs, sends a task here, and keeps, renders and
// answers the result. Errors come back as data, so that a domain error (a 400 naming a circuit
// limit, a 503 for too little memory) keeps its code across the thread boundary. The simulator
// engine's own errors become those AppErrors here (engine.ts), where the app calls it.
import type { MessagePort } from "node:worker_threads";
import { AppError, type ErrorCode, type FieldError } from "../../core/errors";
import {
  runAgentModel,
  runSquadModel,
  runSyndicateModel,
  runWalletModel,
  type AgentModelInput,
  type SquadModelInput,
  type SyndicateModelInput,
  type WalletModelInput,
} from "../analyses/rules";
import { resetEnv } from "../../config/env";
import { resetLimits } from "../../config/limits";
import { quantumConfig, resetQuantumConfig } from "../config";
import { circuitDiagram } from "../diagram/svg";
import { parseQasm, QasmError, QasmInputError, QasmLimitError, toQasm3, type QasmLimits } from "../qasm";
import { transpile, TranspileError, type BackendTarget } from "../ibm/transpile";
import { DEFAULT_TOP_OUTCOMES, MAX_STATEVECTOR_QUBITS } from "../schemas";
import { checkQubits, checkWork, evolve, simulateTop, type Circuit } from "../../simulator";
import { optimizeSquadSearch, type OptimizeSearchInput } from "../optimize/rules/search";
import { configureEngine, simulatorLimits, withAppErrors } from "./engine";

// The engine starts its helper threads (states of 20 qubits and more) from the file named here.
configureEngine();

type Shots = { shots: number; seed?: number };
/** Values of a program's OpenQASM 3 inputs, by name. */
type InputValues = Record<string, number | boolean>;

export type SimulationTask =
  | ({ kind: "circuit"; qasm: string; parameters?: InputValues; top?: number; exact?: boolean; statevector?: boolean } & Shots)
  | ({ kind: "agent"; input: AgentModelInput } & Shots)
  | ({ kind: "squad"; input: SquadModelInput } & Shots)
  | ({ kind: "syndicate"; input: SyndicateModelInput } & Shots)
  | ({ kind: "wallet"; input: WalletModelInput; sampled?: Record<string, number> } & Shots)
  | { kind: "diagram"; qasm: string; title?: string }
  | { kind: "inspect"; qasm: string; parameters?: InputValues }
  | { kind: "transpile"; qasm: string; parameters?: InputValues; target: BackendTarget }
  | ({ kind: "squad-optimize"; input: OptimizeSearchInput } & Shots);

export type SimulationFailure = { code: ErrorCode; message: string; errors?: FieldError[]; headers?: Record<string, string> };
export type SimulationOutcome<T = unknown> = { ok: true; value: T } | { ok: false; error: SimulationFailure };

/** The reading limits of submitted programs, from the QUANTUM_MAX_* settings. */
export const qasmLimits = (): QasmLimits => {
  const config = quantumConfig();
  return {
    maxSourceBytes: config.QUANTUM_MAX_QASM_BYTES,
    maxQubits: config.QUANTUM_MAX_QUBITS,
    maxClbits: config.QUANTUM_MAX_CLBITS,
    maxGateDefinitions: config.QUANTUM_MAX_GATE_DEFINITIONS,
    maxGateNesting: config.QUANTUM_MAX_GATE_NESTING,
    maxExpressionDepth: config.QUANTUM_MAX_EXPRESSION_DEPTH,
    maxOperations: config.QUANTUM_MAX_GATES,
    maxExpansionSteps: config.QUANTUM_MAX_EXPANSION_STEPS,
    maxReadMs: config.QUANTUM_READ_TIMEOUT_MS,
  };
};

export const parseCircuit = (qasm: string, parameters?: InputValues): Circuit => {
  try {
    return parseQasm(qasm, qasmLimits(), { parameters });
  } catch (error) {
    if (error instanceof QasmInputError) {
      // The parameters do not match the program's inputs: named where the client sent them.
      const message = `line ${error.line}, column ${error.column}: ${error.message}`;
      throw new AppError("validation_failed", `The OpenQASM program's parameters do not match its inputs: ${message}.`, { errors: [{ path: `body.parameters.${error.parameter}`, message }] });
    }
    if (error instanceof QasmLimitError) {
      // Too many qubits: the statevector's own explanation (how much memory they would take).
      if (error.limit === "maxQubits" && error.requested !== undefined && error.requested <= 64) {
        const requested = error.requested;
        withAppErrors(() => checkQubits(requested, simulatorLimits().maxQubits));
      }
      const message = `line ${error.line}, column ${error.column}: ${error.message}`;
      throw new AppError("bad_request", `The OpenQASM program is over a limit: ${message}.`, { errors: [{ path: "body.qasm", message }] });
    }
    if (!(error instanceof QasmError)) throw error;
    const message = `line ${error.line}, column ${error.column}: ${error.message}`;
    throw new AppError("validation_failed", `The OpenQASM program does not parse: ${message}.`, { errors: [{ path: "body.qasm", message }] });
  }
};

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The k entries with the largest values (ties: smaller key first), keyed in bitstring order. */
export const topEntries = (record: Record<string, number>, k: number): Record<string, number> => {
  const entries = Object.entries(record);
  if (entries.length <= k) return record;
  entries.sort(([ka, a], [kb, b]) => b - a || byKey(ka, kb));
  return Object.fromEntries(entries.slice(0, k).sort(([a], [b]) => byKey(a, b)));
};

/**
 * Parses, bounds and simulates a submitted OpenQASM program, and keeps only the `top` most
 * frequent outcomes, so that what crosses back to the request thread stays small.
 */
export const simulateCircuit = (task: { qasm: string; parameters?: InputValues; top?: number; exact?: boolean; statevector?: boolean } & Shots) => {
  const c = parseCircuit(task.qasm, task.parameters);
  const limits = simulatorLimits();
  checkQubits(c.qubits, limits.maxQubits);
  checkWork(c, limits);
  if (task.statevector && (c.program || c.qubits > MAX_STATEVECTOR_QUBITS)) {
    const why = c.program ? "it measures, resets or branches mid-circuit, so it has no single final state" : `it has ${c.qubits} qubits`;
    throw new AppError("bad_request", `The statevector is answered for circuits of at most ${MAX_STATEVECTOR_QUBITS} qubits without mid-circuit measurement; ${why}.`, {
      errors: [{ path: "body.statevector", message: `at most ${MAX_STATEVECTOR_QUBITS} qubits, no mid-circuit measurement` }],
    });
  }
  const top = task.top ?? DEFAULT_TOP_OUTCOMES;
  const run = simulateTop(c, { shots: task.shots, seed: task.seed, exact: task.exact, top, maxQubits: limits.maxQubits, maxWork: limits.maxGateWork });
  const state = task.statevector ? evolve(c, limits.maxQubits) : undefined;
  return {
    qubits: c.qubits,
    clbits: c.clbits,
    seed: run.seed,
    durationMs: run.durationMs,
    counts: run.counts,
    distinctOutcomes: run.distinctOutcomes,
    ...(run.exact ? { exactTop: run.exact, exactOther: run.exactOther } : {}),
    ...(state ? { statevector: Array.from(state.re, (re, i): [number, number] => [re, state.im[i]]) } : {}),
  };
};

/** What a submitted program is, read under the limits of a run (nothing is simulated or drawn). */
export const inspectCircuit = (task: { qasm: string; parameters?: InputValues }) => {
  const c = parseCircuit(task.qasm, task.parameters);
  const limits = simulatorLimits();
  checkQubits(c.qubits, limits.maxQubits);
  checkWork(c, limits);
  return { qubits: c.qubits, clbits: c.clbits, operations: c.program ? c.program.length : c.ops.length + c.measurements.length, dynamic: c.program !== undefined };
};

/** A submitted program transpiled for a hosted backend, as the OpenQASM 3 it is sent as. */
export const transpileCircuit = (task: { qasm: string; parameters?: InputValues; target: BackendTarget }) => {
  const c = parseCircuit(task.qasm, task.parameters);
  try {
    const isa = transpile(c, task.target);
    return { qasm: toQasm3(isa.circuit, { physical: Array.from({ length: isa.circuit.qubits }, (_, k) => k), native: task.target.basisGates }) };
  } catch (error) {
    if (error instanceof TranspileError) throw new AppError("unavailable", `IBM Quantum: ${error.message}`);
    throw error;
  }
};

/** Reads a submitted program under the same limits as a run, and draws it (nothing is simulated). */
export const drawCircuit = (task: { qasm: string; title?: string }) => {
  const c = parseCircuit(task.qasm);
  return { qubits: c.qubits, clbits: c.clbits, ...circuitDiagram(c, { title: task.title }) };
};

/** What each kind of task answers. */
export type SimulationResults = {
  circuit: ReturnType<typeof simulateCircuit>;
  agent: ReturnType<typeof runAgentModel>;
  squad: ReturnType<typeof runSquadModel>;
  syndicate: ReturnType<typeof runSyndicateModel>;
  wallet: ReturnType<typeof runWalletModel>;
  diagram: ReturnType<typeof drawCircuit>;
  inspect: ReturnType<typeof inspectCircuit>;
  transpile: ReturnType<typeof transpileCircuit>;
  "squad-optimize": ReturnType<typeof optimizeSquadSearch>;
};

/** Runs a task; an engine error comes out as the AppError a client reads. */
export const computeTask = (task: SimulationTask): SimulationResults[SimulationTask["kind"]] => withAppErrors(() => compute(task));

const compute = (task: SimulationTask): SimulationResults[SimulationTask["kind"]] => {
  if (task.kind === "diagram") return drawCircuit(task);
  if (task.kind === "inspect") return inspectCircuit(task);
  if (task.kind === "transpile") return transpileCircuit(task);
  const options = { shots: task.shots, seed: task.seed };
  switch (task.kind) {
    case "circuit":
      return simulateCircuit(task);
    case "agent":
      return runAgentModel(task.input, options);
    case "squad":
      return runSquadModel(task.input, options);
    case "syndicate":
      return runSyndicateModel(task.input, options);
    case "wallet":
      return runWalletModel(task.input, options, task.sampled);
    case "squad-optimize":
      return optimizeSquadSearch(task.input, { shots: task.shots, seed: task.seed ?? 0 });
  }
};

/** The settings a simulation reads (circuit limits, shots), sent along with each task. */
export const simulationSettings = (): Record<string, string> =>
  Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => /^(QUANTUM_|SHOTS_MAX$)/.test(entry[0]) && entry[1] !== undefined));

// A worker thread starts with a copy of the environment; the main thread's settings win, so a
// change there (tests, a reload) reaches every thread.
const adoptSettings = (settings: Record<string, string> = {}) => {
  const current = simulationSettings();
  const same = Object.keys(settings).length === Object.keys(current).length && Object.entries(settings).every(([name, value]) => current[name] === value);
  if (same) return;
  for (const name of Object.keys(current)) if (!(name in settings)) delete process.env[name];
  Object.assign(process.env, settings);
  resetEnv();
  resetLimits();
  resetQuantumConfig();
};

/** The worker's entry: never throws for a domain error, so its code survives the thread boundary. */
export default function runTask(task: SimulationTask & { settings?: Record<string, string>; started?: MessagePort }): SimulationOutcome {
  // The deadline starts now (see runSimulation).
  task.started?.postMessage(true);
  task.started?.close();
  try {
    adoptSettings(task.settings);
    return { ok: true, value: computeTask(task) };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error: { code: error.code, message: error.message, errors: error.errors, headers: error.headers } };
    throw error;
  }
}
