// A register of n qubits as 2^n complex amplitudes, split into real and imaginary Float64Arrays,
// and where they live: small registers in plain buffers, larger ones in WebAssembly memory (where
// the SIMD kernels run), shared ones where helper threads can reach them. Basis state i has qubit k
// equal to bit k of i, so qubit 0 is the least significant bit and the rightmost character of a
// bitstring (Qiskit's order). Nothing here checks sizes: run/statevector.ts does, before anything
// is allocated.
import { WASM_MIN_QUBITS, memoryOf, registerMemory } from "./wasm-memory";

/**
 * The most qubits the engine can index: amplitude indexes are 32-bit integers in the kernels
 * (bit tricks such as p + (p & −2^t)), so 2^30 amplitudes (16 GiB) is the ceiling whatever a
 * caller allows.
 */
export const MAX_QUBITS = 30;

export const BYTES_PER_AMPLITUDE = 16;

/** Registers smaller than this (16 qubits) are allocated without asking how much memory is free (run/statevector.ts). */
export const SMALL_REGISTER_BYTES = 2 ** 20;

export type StateVector = { qubits: number; re: Float64Array; im: Float64Array };

/**
 * Bytes left between the real parts and the imaginary parts of a statevector's one buffer, so that
 * re[i] and im[i] never sit a power of two apart (see allocateState): five cache lines below 16
 * qubits, 32 KiB and five cache lines from 16 qubits up.
 */
export const imGapBytes = (qubits: number) => (qubits >= 16 ? 32 * 1024 + 320 : 320);

/**
 * All zero amplitudes on `qubits` qubits (no size check): re and im in one buffer, re from byte 0,
 * im from byte 2^n·8 + imGapBytes(n). Were the two halves exactly 2^n·8 bytes apart (as two
 * back-to-back arrays of a power-of-two size are), the four amplitudes a 2×2 pass touches, re[i],
 * re[i + 2^t], im[i], im[i + 2^t], would lie powers of two apart, all in one L1 set; for some
 * (n, t) a pass then ran 3–5× slower than on the neighbouring targets (22 qubits: target 11; 21:
 * 16; 23: 9, on this machine's AMD EPYC cores), most likely because their L1 way predictor, whose
 * tags XOR pairs of address bits together, takes re[i] and im[i + 2^t] for the same line and
 * evicts one for the other on every access. A gap of five lines cured the worst of it; a scan of
 * gaps from 320 bytes to 32 KiB + 320 at 20–24 qubits (docs/performance.md, decision 23) found the
 * larger gap best on targets 6–11 at 22–24 qubits (a ry pass on target 11 of 22 qubits about 30%
 * faster, on target 10 of 23 about 40%). Small registers keep the small gap: a dynamic circuit may
 * hold thousands of them at once.
 */
export const allocateState = (qubits: number, shared: boolean): StateVector => {
  const size = 2 ** qubits;
  const gap = imGapBytes(qubits);
  const bytes = 2 * size * 8 + gap;
  const spare = shared || qubits >= WASM_MIN_QUBITS ? takeSpare(bytes, shared) : undefined;
  const buffer = spare ?? (qubits >= WASM_MIN_QUBITS ? wasmBuffer(bytes, shared) : undefined) ?? (shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  if (spare) new Float64Array(spare).fill(0);
  else if (bytes >= SMALL_REGISTER_BYTES) touchPages(buffer);
  return { qubits, re: new Float64Array(buffer, 0, size), im: new Float64Array(buffer, size * 8 + gap, size) };
};

// Registers handed back by releaseState (shared ones, and unshared ones in WebAssembly memory:
// see releaseState), for the next register of the same size and kind. A shared
// register is posted to the helper threads, and each helper keeps the buffer alive until its own
// heap is collected, which a thread that allocates almost nothing seldom does: 120 runs of 22
// qubits in a row on two threads grew the process to 7.7 GiB (one thread: 250 MiB). Reused, the
// same memory goes to the helpers again, and the process holds at most the registers in use and
// these spares.
// Spares are dropped after SPARE_MS without a release, as the helper threads end after that long idle.
// Four: a dynamic circuit holds up to four registers at once (its branch being run and the copies
// waiting; run.ts gives it four registers' worth of bytes). With two kept, each 22-qubit dynamic
// run of eight branches still left two registers to the helpers: 30 runs grew the process to
// 4.1 GiB (15.5 GiB before its branches were handed back at all).
const SPARES = 4;
const SPARE_MS = 30_000;
const spares: ArrayBufferLike[] = [];
let dropSpares: ReturnType<typeof setTimeout> | undefined;

const takeSpare = (bytes: number, shared: boolean) => {
  const at = spares.findIndex(
    (buffer) => buffer instanceof SharedArrayBuffer === shared && buffer.byteLength >= bytes && buffer.byteLength < bytes + WASM_PAGE_BYTES,
  );
  return at < 0 ? undefined : spares.splice(at, 1)[0];
};

/**
 * Hands a register in shared or WebAssembly memory back once nothing reads it any more (the
 * caller's last use): the next register of its size and kind reuses its memory, zeroed. A
 * WebAssembly memory on one thread is not shared, but a new one costs more than zeroing an old
 * one: allocating a 16-qubit register measured 530 µs (the memory, then a fault on every page),
 * 18 qubits 1.9 ms, where zeroing one takes a few tens of µs. Plain buffers are left to the
 * garbage collector.
 */
export const releaseState = (state: StateVector) => {
  const buffer = state.re.buffer;
  if (!(buffer instanceof SharedArrayBuffer || memoryOf(buffer)) || spares.includes(buffer)) return;
  spares.push(buffer);
  if (spares.length > SPARES) spares.shift();
  clearTimeout(dropSpares);
  dropSpares = setTimeout(() => {
    spares.length = 0;
  }, SPARE_MS);
  dropSpares.unref?.();
};

/**
 * The registers held for reuse now (for tests: who hands registers back): each one's size, and whether
 * it is shared (only a shared spare serves a shared register, only an unshared one an unshared).
 */
export const spareRegisters = () => spares.map((buffer) => ({ bytes: buffer.byteLength, shared: buffer instanceof SharedArrayBuffer }));

// WebAssembly memory addresses are 32-bit; larger registers stay in plain buffers (JavaScript kernels).
const WASM_MAX_BYTES = 2 ** 31;
const WASM_PAGE_BYTES = 65536;

/**
 * A buffer of at least `bytes` bytes inside a new WebAssembly memory (shared between threads when
 * `shared`), or undefined when it cannot have one: too large, or the engine refused (V8 reserves
 * address space for each memory, and a process holding very many of them can run out of it). The
 * register then lives in a plain buffer and its passes run in JavaScript: slower, the same result.
 */
const wasmBuffer = (bytes: number, shared: boolean): ArrayBufferLike | undefined => {
  if (bytes > WASM_MAX_BYTES) return undefined;
  const pages = Math.ceil(bytes / WASM_PAGE_BYTES);
  try {
    return registerMemory(new WebAssembly.Memory(shared ? { initial: pages, maximum: pages, shared: true } : { initial: pages, maximum: pages }));
  } catch {
    return undefined;
  }
};

/**
 * Writes a zero into every 4 KiB page of a new buffer, in order, on this thread. A large buffer
 * comes from the system untouched, and its first pass otherwise takes a page fault per page
 * inside the kernel loop: at 24 qubits (256 MiB) the first pass measured 170 ms on one thread and
 * 430–580 ms on two (the two threads' faults slow each other down), against 10–17 ms for the
 * next one. Touched here first, the faults cost about 90 ms and the first pass 17–24 ms.
 */
const touchPages = (buffer: ArrayBufferLike) => {
  const words = new Float64Array(buffer, 0, Math.floor(buffer.byteLength / 8));
  for (let i = 0; i < words.length; i += 512) words[i] = 0;
};
