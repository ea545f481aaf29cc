// splitmix32, which fills the shot generator's state (random.ts). The app's other seeded
// generators use the same function: lib/core/mix.ts re-exports it from here, so there is one
// definition and the engine imports nothing of the app. Its outputs are part of what users see
// (shot samples, the demo seed, minted roles): lib/core/mix.test.ts pins a few values.

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
