// Passes on large states (≥ PARALLEL_QUBITS qubits) run on this thread and helper threads at once.
// The statevector lives in SharedArrayBuffers; a pass's index space is cut into chunks that the
// threads claim one at a time from a shared counter (Atomics.compareExchange), so a slow or still
// starting helper never holds a pass up: this thread claims whatever is left and waits only for
// chunks a helper has claimed. Every amplitude is computed by the same kernel code on whichever
// thread, so the result is bit-for-bit the one a single thread gives.
//
// The calling thread blocks (Atomics.wait) while helpers finish their chunks: simulations run on
// the caller's worker threads (the app's simulation pool), never on a request thread. Helpers left
// idle for HELPER_IDLE_MS are ended by this thread (a timer of its event loop, so never during a
// run); the next large run starts new ones. A helper does not end itself: this thread would learn
// of it only from an exit event, which its event loop may not run for a long time (a caller that
// simulates run after run without returning to it, as the benchmark does), and meanwhile it would
// count the helper and post every pass to it, running each alone. The helper's file
// is the caller's to name (settings.ts); without one every pass runs on the calling thread.
import { MessageChannel, Worker, type MessagePort } from "node:worker_threads";
import type { StateVector } from "../memory/registers";
import { memoryOf } from "../memory/wasm-memory";
import { compile } from "../passes/fuse";
import type { GateOp } from "../passes/gates";
import { PassKind, type Pass } from "../passes/pass";
import { MAX_GROUP, runTask, tasksOf, type Task } from "./blocks";
import { settings } from "./settings";

// Layout of the control words (Int32Array) and the task (Float64Array): a header, then up to
// MAX_GROUP passes of PASS_WORDS numbers each.
export const CTRL = { next: 0, done: 1, chunks: 2, state: 3, alive: 4, helped: 5, ended: 6, length: 8 } as const;
export const PARAM = { count: 0, block: 1, span: 2, chunkSize: 3, state: 4, passes: 8 } as const;
// kind, a, b, controls, m (8), a phase run's factors (64).
const PASS_WORDS = 76;
const PARAM_LENGTH = PARAM.passes + MAX_GROUP * PASS_WORDS;
/** How long helper threads are kept without a run: this thread ends them then (endWhenIdle). */
export const HELPER_IDLE_MS = 30_000;
const CHUNKS_PER_THREAD = 8;
const MIN_CHUNK = 1 << 14;

/**
 * How long a waiting thread spins on a control word before it sleeps (Atomics.wait): passes on
 * 16–20 qubits take tens of microseconds, about what waking a sleeping thread takes, so a
 * thread between two passes of one run looks at the word instead of sleeping.
 */
const SPIN_MS = 0.2;

/**
 * Waits until ctrl[at] is no longer `value`: spinning for SPIN_MS, then sleeping up to `sleepMs`.
 * Answers whether it changed (false: the sleep timed out).
 */
export const waitForChange = (ctrl: Int32Array, at: number, value: number, sleepMs: number) => {
  const until = performance.now() + SPIN_MS;
  for (let k = 1; ; k += 1) {
    if (Atomics.load(ctrl, at) !== value) return true;
    if ((k & 63) === 0 && performance.now() > until) break;
  }
  return Atomics.wait(ctrl, at, value, sleepMs) !== "timed-out";
};

type Helpers = {
  ctrl: Int32Array;
  params: Float64Array;
  workers: Worker[];
  ports: MessagePort[];
  generation: number;
  stateId: number;
  /** Ends the helpers HELPER_IDLE_MS after the last run (restarted by each run). */
  idle?: NodeJS.Timeout;
};

const shared = globalThis as typeof globalThis & { __syndicateSimulatorHelpers?: Helpers };

const startHelper = (h: Helpers) => {
  const file = settings().helperFile;
  if (!file) return;
  const channel = new MessageChannel();
  // Reflect.construct, not `new Worker(file)`: the bundler follows a `new Worker(…)` whose file is
  // computed into every file of the project, and fails the build on the ones it cannot parse.
  const worker: Worker = Reflect.construct(Worker, [file, { workerData: { ctrl: h.ctrl, params: h.params, port: channel.port2 }, transferList: [channel.port2] }]);
  worker.unref();
  channel.port1.unref();
  worker.on("error", (error) => console.error("simulator helper:", error));
  worker.on("exit", () => {
    const at = h.workers.indexOf(worker);
    if (at >= 0) {
      h.workers.splice(at, 1);
      h.ports.splice(at, 1)[0].close();
    }
  });
  h.workers.push(worker);
  h.ports.push(channel.port1);
};

const helpers = (count: number): Helpers => {
  const h = (shared.__syndicateSimulatorHelpers ??= {
    ctrl: new Int32Array(new SharedArrayBuffer(CTRL.length * 4)),
    params: new Float64Array(new SharedArrayBuffer(PARAM_LENGTH * 8)),
    workers: [],
    ports: [],
    generation: 0,
    stateId: 0,
  });
  while (h.workers.length < count) {
    const before = h.workers.length;
    startHelper(h);
    if (h.workers.length === before) break;
  }
  return h;
};

/** How many helper threads are running (tests: whether the parallel path was taken). */
export const helperThreads = () => shared.__syndicateSimulatorHelpers?.workers.length ?? 0;

/** How many chunks the helpers have run since they started (tests: whether they took part). */
export const helperChunks = () => {
  const h = shared.__syndicateSimulatorHelpers;
  return h ? Atomics.load(h.ctrl, CTRL.helped) : 0;
};

/** Stops the helper threads (tests, the end of a benchmark). */
export const closeSimulatorThreads = async () => {
  const h = shared.__syndicateSimulatorHelpers;
  if (!h) return;
  shared.__syndicateSimulatorHelpers = undefined;
  clearTimeout(h.idle);
  await Promise.all(h.workers.map((worker) => worker.terminate()));
};

/** Ends the helpers once HELPER_IDLE_MS pass without a run (the timer restarts at each run). */
const endWhenIdle = (h: Helpers) => {
  if (h.idle) h.idle.refresh();
  else {
    h.idle = setTimeout(() => {
      if (shared.__syndicateSimulatorHelpers === h) void closeSimulatorThreads();
    }, HELPER_IDLE_MS);
    h.idle.unref();
  }
};

const isShared = (state: StateVector) => state.re.buffer instanceof SharedArrayBuffer && state.im.buffer instanceof SharedArrayBuffer;

/** Whether passes on this state run on several threads. */
export const runsParallel = (state: StateVector) => {
  const { threads, minQubits } = settings();
  return threads > 1 && state.qubits >= minQubits && isShared(state);
};

// Claims chunks of the current task (generation `gen`) until none is left; returns when it has
// run every chunk it claimed.
export const claimAndRun = (ctrl: Int32Array, gen: number, re: Float64Array, im: Float64Array, task: Task, chunkSize: number, byHelper = false) => {
  for (;;) {
    const word = Atomics.load(ctrl, CTRL.next);
    const chunk = word & 0xffff;
    if (word >>> 16 !== gen || chunk >= Atomics.load(ctrl, CTRL.chunks)) return;
    if (Atomics.compareExchange(ctrl, CTRL.next, word, word + 1) !== word) continue;
    const from = chunk * chunkSize;
    runTask(re, im, task, from, Math.min(task.span, from + chunkSize));
    if (byHelper) Atomics.add(ctrl, CTRL.helped, 1);
    Atomics.add(ctrl, CTRL.done, 1);
    Atomics.notify(ctrl, CTRL.done);
  }
};

/** The task a helper reads back from the shared parameters. */
export const readTask = (params: Float64Array): Task => {
  const passes: Pass[] = [];
  for (let k = 0; k < params[PARAM.count]; k += 1) {
    const at = PARAM.passes + k * PASS_WORDS;
    const m = Array.from(params.subarray(at + 4, at + 12)) as unknown as Pass["m"];
    const kind = params[at];
    const factors = kind === PassKind.phaseRun ? Array.from(params.subarray(at + 12, at + 76)) : undefined;
    passes.push({ kind, a: params[at + 1], b: params[at + 2], controls: params[at + 3], m, ...(factors ? { factors } : {}) });
  }
  return { passes, block: params[PARAM.block], span: params[PARAM.span] };
};

const runShared = (h: Helpers, state: StateVector, task: Task) => {
  const threads = h.workers.length + 1;
  const minChunk = task.block === 0 ? MIN_CHUNK : 1;
  const chunkSize = Math.max(minChunk, Math.ceil(task.span / (threads * CHUNKS_PER_THREAD)));
  const chunks = Math.ceil(task.span / chunkSize);
  if (chunks < 2) return runTask(state.re, state.im, task, 0, task.span);
  const { ctrl, params } = h;
  h.generation = (h.generation + 1) & 0x7fff;
  // Closed first (chunk field past any count), so a helper still holding the previous task's
  // counter word fails its claim instead of counting into this one.
  Atomics.store(ctrl, CTRL.next, (h.generation << 16) | 0xffff);
  params[PARAM.count] = task.passes.length;
  params[PARAM.block] = task.block;
  params[PARAM.span] = task.span;
  params[PARAM.chunkSize] = chunkSize;
  params[PARAM.state] = h.stateId;
  task.passes.forEach((p, k) => {
    const at = PARAM.passes + k * PASS_WORDS;
    params[at] = p.kind;
    params[at + 1] = p.a;
    params[at + 2] = p.b;
    params[at + 3] = p.controls;
    params.set(p.m, at + 4);
    if (p.factors) params.set(p.factors, at + 12);
  });
  Atomics.store(ctrl, CTRL.chunks, chunks);
  Atomics.store(ctrl, CTRL.done, 0);
  Atomics.store(ctrl, CTRL.next, h.generation << 16);
  Atomics.notify(ctrl, CTRL.next);
  claimAndRun(ctrl, h.generation, state.re, state.im, task, chunkSize);
  for (let done = Atomics.load(ctrl, CTRL.done); done < chunks; done = Atomics.load(ctrl, CTRL.done)) waitForChange(ctrl, CTRL.done, done, 100);
};

/** Runs passes in order on the state: blockwise where they allow, on several threads when it is large and shared. */
export const runPasses = (state: StateVector, passes: readonly Pass[]) => {
  const tasks = tasksOf(state.qubits, passes);
  const h = runsParallel(state) ? helpers(settings().threads - 1) : undefined;
  if (!h || h.workers.length === 0) {
    for (const task of tasks) runTask(state.re, state.im, task, 0, task.span);
    return;
  }
  // The helpers learn the state's buffers by message, picked up when they claim a chunk.
  h.stateId = (h.stateId % 0x7fff_ffff) + 1;
  // A register in WebAssembly memory goes with its memory, so that the helpers run the same SIMD kernels on it.
  const memory = memoryOf(state.re.buffer);
  for (const port of h.ports) port.postMessage({ id: h.stateId, re: state.re, im: state.im, memory });
  Atomics.store(h.ctrl, CTRL.state, h.stateId);
  try {
    for (const task of tasks) runShared(h, state, task);
  } finally {
    // Let the helpers drop their references to the state (it may be hundreds of MiB): the run has
    // ended (first), no run is on (then).
    Atomics.store(h.ctrl, CTRL.ended, h.stateId);
    Atomics.store(h.ctrl, CTRL.state, 0);
    Atomics.notify(h.ctrl, CTRL.next);
    endWhenIdle(h);
  }
};

/** Applies the gates in order, fusing one-qubit runs (on several threads for large states). */
export const applyFused = (state: StateVector, ops: readonly GateOp[]) => runPasses(state, compile(ops));
