// Cache blocking: a circuit's passes cut into tasks. A task is one pass alone, or a group of
// passes whose qubits all lie below BLOCK_QUBITS: the state is then taken in contiguous blocks of
// 2^BLOCK_QUBITS amplitudes, and each block goes through every pass of the group while it is in
// the core's cache, so the group costs one sweep of memory, not one a pass. Every amplitude is
// computed by the same kernel code as when the passes run one after another, so the result is bit
// for bit the same; how a circuit is cut does not depend on the number of threads.
//
// Tried and dropped (docs/performance.md): groups on any BLOCK_QUBITS qubits, high ones included,
// walked in place run by run. On these machines a kernel pass is bound by its arithmetic more than
// by memory (a ry pass on 24 qubits streams 256 MiB at about 60 GB/s), so the sweeps saved did not
// pay for the shorter runs: whole circuits ran 1.3–2× slower.
import { runPassRange } from "../kernels/run-pass";
import { passSpan, type Pass } from "../passes/pass";

/**
 * Qubits a block spans: 2^14 amplitudes, 256 KiB of real and imaginary parts, within a core's
 * L2 cache on these machines. 13 (128 KiB) measured a little slower on whole circuits at 16–22
 * qubits: more passes fell outside the groups.
 */
export const BLOCK_QUBITS = 14;

/** Passes at most in one group (the size of a task's slot in the helpers' shared parameters). */
export const MAX_GROUP = 64;

/**
 * A task: `block` 0 runs the one pass's index range [0, span); otherwise `span` blocks of
 * 2^block amplitudes run every pass in order.
 */
export type Task = { passes: Pass[]; block: number; span: number };

const highestBit = (p: Pass) => Math.max(p.a, p.b, p.controls === 0 ? -1 : 31 - Math.clz32(p.controls));

/** The passes cut into tasks: groups of low passes run blockwise, any other pass alone. */
export const tasksOf = (qubits: number, passes: readonly Pass[]): Task[] => {
  const tasks: Task[] = [];
  const blocked = qubits > BLOCK_QUBITS + 1;
  let group: Pass[] = [];
  const close = () => {
    if (group.length === 1) tasks.push({ passes: group, block: 0, span: passSpan(qubits, group[0]) });
    else if (group.length > 1) tasks.push({ passes: group, block: BLOCK_QUBITS, span: 2 ** (qubits - BLOCK_QUBITS) });
    group = [];
  };
  for (const p of passes) {
    if (blocked && highestBit(p) < BLOCK_QUBITS) {
      group.push(p);
      if (group.length === MAX_GROUP) close();
      continue;
    }
    close();
    tasks.push({ passes: [p], block: 0, span: passSpan(qubits, p) });
  }
  close();
  return tasks;
};

/** Runs a task's iterations [from, to): the one pass's index range, or blocks [from, to) through every pass. */
export const runTask = (re: Float64Array, im: Float64Array, task: Task, from: number, to: number) => {
  const { passes, block } = task;
  if (block === 0) return runPassRange(re, im, passes[0], from, to);
  const widths = passes.map((p) => passSpan(block, p));
  for (let c = from; c < to; c += 1) {
    for (let k = 0; k < passes.length; k += 1) runPassRange(re, im, passes[k], c * widths[k], (c + 1) * widths[k]);
  }
};
