// The small integer hash and mixing functions the seeded generators share. Their outputs are part
// of what users see (the demo seed, minted roles, shot samples): changing one changes those, so
// lib/core/mix.test.ts pins a few values.

/** splitmix32: a stream of well-mixed uint32 values from a 32-bit state (used to fill generator states). */
export const splitmix32 = (state: number) => {
  let a = state | 0;
  return () => {
    a = (a + 0x9e3779b9) | 0;
    let z = a;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
};

export const FNV_OFFSET_BASIS = 0x811c9dc5;

/** FNV-1a (32 bit) of a string's UTF-16 code units, from `basis` (the standard offset basis by default). */
export const fnv1a = (text: string, basis = FNV_OFFSET_BASIS) => {
  let hash = basis >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
};
