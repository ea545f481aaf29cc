// Just enough of the WebAssembly binary format to write the simulator's kernels (wasm-kernels.ts)
// as code here, readable and reviewed, instead of shipping a compiled binary: a function body is a
// list of opcode bytes built with the helpers below, and `wasmModule` wraps the bodies into a
// module that imports its memory. Opcodes and encodings follow the WebAssembly 2.0 specification
// (core and fixed-width SIMD).

/** Unsigned LEB128. */
const uleb = (value: number): number[] => {
  const bytes: number[] = [];
  let rest = value >>> 0;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest !== 0);
  return bytes;
};

/** Signed LEB128 of a 32-bit integer. */
const sleb = (value: number): number[] => {
  const bytes: number[] = [];
  let rest = value | 0;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    const done = (rest === 0 && (byte & 0x40) === 0) || (rest === -1 && (byte & 0x40) !== 0);
    bytes.push(done ? byte : byte | 0x80);
    if (done) return bytes;
  }
};

const name = (text: string) => [...uleb(text.length), ...Buffer.from(text, "utf8")];
const vector = (items: number[][]) => [...uleb(items.length), ...items.flat()];
const section = (id: number, body: number[]) => [id, ...uleb(body.length), ...body];

export const ValueType = { i32: 0x7f, f64: 0x7c, v128: 0x7b } as const;

const simd = (code: number) => [0xfd, ...uleb(code)];
// Alignment hint 2^3 (amplitudes are 8-byte aligned, not always 16), then the offset.
const memarg = (offset: number) => [3, ...uleb(offset)];

/** Instructions, each as its bytes. */
export const op = {
  get: (local: number) => [0x20, ...uleb(local)],
  set: (local: number) => [0x21, ...uleb(local)],
  tee: (local: number) => [0x22, ...uleb(local)],
  i32: (value: number) => [0x41, ...sleb(value)],
  add: [0x6a],
  sub: [0x6b],
  mul: [0x6c],
  and: [0x71],
  or: [0x72],
  shl: [0x74],
  ltU: [0x49],
  geU: [0x4f],
  select: [0x1b],
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  end: [0x0b],
  br: (depth: number) => [0x0c, ...uleb(depth)],
  brIf: (depth: number) => [0x0d, ...uleb(depth)],
  /** v128.load / v128.store at the address, and at a constant byte offset past it. */
  load: [...simd(0x00), ...memarg(0)],
  store: [...simd(0x0b), ...memarg(0)],
  loadAt: (offset: number) => [...simd(0x00), ...memarg(offset)],
  storeAt: (offset: number) => [...simd(0x0b), ...memarg(offset)],
  /** f64.load at the address, its value dropped: the line is brought into the cache, nothing else. */
  touch: [0x2b, ...memarg(0), 0x1a],
  /** memory.size, in 64 KiB pages. */
  memorySize: [0x3f, 0x00],
  /** i8x16.shuffle: byte k of the result is byte lanes[k] of the two operands (0–15 first, 16–31 second). */
  shuffle: (lanes: readonly number[]) => [...simd(0x0d), ...lanes],
  splat: simd(0x14),
  fadd: simd(0xf0),
  fsub: simd(0xf1),
  fmul: simd(0xf2),
} as const;

/** The byte lanes of a shuffle that takes f64 lane `first` of one operand, then lane `second` (2, 3: of the second operand). */
export const f64Lanes = (first: number, second: number) => [first, second].flatMap((lane) => Array.from({ length: 8 }, (_, k) => lane * 8 + k));

export type WasmFunction = { name: string; params: number[]; locals: { count: number; type: number }[]; body: number[] };

/** A module of functions, all exported under their names, that imports its memory as env.memory (shared when `shared`). */
export const wasmModule = (functions: WasmFunction[], shared: boolean): Uint8Array<ArrayBuffer> => {
  const types = functions.map((f) => [0x60, ...vector(f.params.map((t) => [t])), 0]);
  const memoryLimits = shared ? [0x03, ...uleb(1), ...uleb(65536)] : [0x00, ...uleb(1)];
  const bodies = functions.map((f) => {
    const code = [...vector(f.locals.map((l) => [...uleb(l.count), l.type])), ...f.body, ...op.end];
    return [...uleb(code.length), ...code];
  });
  return Uint8Array.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vector(types)),
    ...section(2, vector([[...name("env"), ...name("memory"), 0x02, ...memoryLimits]])),
    ...section(3, vector(functions.map((_, k) => uleb(k)))),
    ...section(7, vector(functions.map((f, k) => [...name(f.name), 0x00, ...uleb(k)]))),
    ...section(10, vector(bodies)),
  ]);
};
