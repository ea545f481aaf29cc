// Which buffers are WebAssembly memory, and from which size registers live there. The bottom of the
// engine: registers.ts allocates registers here, the kernels (kernels/wasm-kernels.ts) run on them
// and the helper threads (threads/parallel.ts) receive them.

/** Registers from this size live in WebAssembly memory (registers.ts, allocateState), where the WebAssembly kernels run. */
export const WASM_MIN_QUBITS = 16;

const memories = new WeakMap<ArrayBufferLike, WebAssembly.Memory>();

/** Remembers that `memory` holds a register, so that passes on views of its buffer run in WebAssembly. */
export const registerMemory = (memory: WebAssembly.Memory) => {
  memories.set(memory.buffer, memory);
  return memory.buffer;
};

/** The memory a register's buffer belongs to, if it is WebAssembly memory (for handing to a helper thread). */
export const memoryOf = (buffer: ArrayBufferLike) => memories.get(buffer);
