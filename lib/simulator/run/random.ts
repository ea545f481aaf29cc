// The seeded generator behind every shot: xoshiro128** (32-bit words, so that it stays exact in
// JavaScript), its state filled through splitmix32 from a seed of up to 53 bits. A seed that the
// caller leaves out is drawn from node:crypto and reported with the result, so every run can be
// repeated. Math.random() is never used.
import { randomBytes } from "node:crypto";
import { splitmix32 } from "./mix";

export const MAX_SEED = Number.MAX_SAFE_INTEGER;

const rotl = (x: number, k: number) => (x << k) | (x >>> (32 - k));

export class Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(readonly seed: number) {
    if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`seed must be an integer 0…${MAX_SEED}`);
    const low = seed % 0x1_0000_0000;
    const high = Math.floor(seed / 0x1_0000_0000);
    const mixLow = splitmix32(low);
    const mixHigh = splitmix32(high ^ 0x5bd1e995);
    this.s0 = (mixLow() ^ mixHigh()) >>> 0;
    this.s1 = (mixLow() ^ mixHigh()) >>> 0;
    this.s2 = (mixLow() ^ mixHigh()) >>> 0;
    this.s3 = (mixLow() ^ mixHigh()) >>> 0;
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1; // the all-zero state is a fixed point
  }

  uint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /**
   * A double uniform in [0, 1) with 53 random bits: the top 27 bits of one word and the top 26 of
   * the next, exactly as two uint32() calls would give them.
   */
  next(): number {
    // The two steps are written out on local copies of the state instead of calling uint32()
    // twice: in the binomial draws V8 used up its inlining budget and left some uint32() calls
    // out of line, each one reading and writing the fields and handing a word of 2^31 or more
    // back as a heap number. A large-mean draw (BTRS, two next() a try) took 44–49 ns that way
    // and 36–37 ns this way; the words, and so every seeded count, are the same.
    let s0 = this.s0;
    let s1 = this.s1;
    let s2 = this.s2;
    let s3 = this.s3;
    const high = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 5;
    let t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = rotl(s3, 11);
    const low = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 6;
    t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
    this.s3 = rotl(s3, 11);
    return (high * 67108864 + low) / 9007199254740992;
  }
}

/** A fresh seed from the operating system's generator, 0…2^53−1. */
export const randomSeed = (): number => Number(randomBytes(8).readBigUInt64BE() & BigInt(MAX_SEED));
