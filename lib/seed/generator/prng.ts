// A small seeded PRNG (sfc32, state initialised through splitmix32) so that the demo seed is the
// same on every machine. Math.random() and the clock are never used by the seed.
//
// Each area of the seed draws from its own stream (`rng.fork("agents")`), so adding a row to one
// area does not shift the random values of every area after it.

import { fnv1a, FNV_OFFSET_BASIS, splitmix32 } from "../../core/mix";

/** FNV-1a over the label, mixed with the numeric seed. */
const hashSeed = (seed: number, label: string) => fnv1a(label, FNV_OFFSET_BASIS ^ seed);

const HEX = "0123456789abcdef";

export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(
    readonly seed: number,
    readonly label = "",
  ) {
    const init = splitmix32(hashSeed(seed, label));
    this.a = init();
    this.b = init();
    this.c = init();
    this.d = init();
    // Discard the first outputs, as sfc32's authors recommend.
    for (let i = 0; i < 12; i += 1) this.uint32();
  }

  /** An independent stream for one area, derived from the seed and a label. */
  fork(label: string): Prng {
    return new Prng(this.seed, this.label ? `${this.label}/${label}` : label);
  }

  uint32(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max), rounded to `decimals` places when given. */
  float(min: number, max: number, decimals?: number): number {
    const value = min + this.next() * (max - min);
    return decimals === undefined ? value : round(value, decimals);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight from [value, weight] pairs. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let point = this.next() * total;
    for (const [value, weight] of entries) {
      point -= weight;
      if (point < 0) return value;
    }
    return entries[entries.length - 1][0];
  }

  /** Fisher–Yates, in place; returns the same array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i -= 1) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }

  /** `count` distinct integers from [0, size), in draw order. */
  distinctInts(count: number, size: number): number[] {
    const chosen = new Set<number>();
    const limit = Math.min(count, size);
    while (chosen.size < limit) chosen.add(Math.floor(this.next() * size));
    return [...chosen];
  }

  /** `count` distinct elements of `items`. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.distinctInts(count, items.length).map((index) => items[index]);
  }

  /** `length` lower-case hex characters. */
  hex(length: number): string {
    let out = "";
    while (out.length < length) {
      let word = this.uint32();
      for (let i = 0; i < 8 && out.length < length; i += 1) {
        out += HEX[word & 15];
        word >>>= 4;
      }
    }
    return out;
  }

  /** A lower-case 0x address (40 hex characters). */
  address(): string {
    return `0x${this.hex(40)}`;
  }

  /** A 0x transaction hash (64 hex characters). */
  txHash(): string {
    return `0x${this.hex(64)}`;
  }
}

export const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};
