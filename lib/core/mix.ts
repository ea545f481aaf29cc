// The small integer hash and mixing functions the seeded generators share. Their outputs are part
// of what users see (the demo seed, minted roles, shot samples): changing one changes those, so
// lib/core/mix.test.ts pins a few values.

// splitmix32 is defined by the simulator engine, which imports nothing of the app (it sits below
// this layer, ARCHITECTURE.md): one definition for the shots and for the generators here.
export { splitmix32 } from "../simulator/run/mix";

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
