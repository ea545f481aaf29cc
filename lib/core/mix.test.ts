import { describe, expect, it } from "vitest";
import { mintRoles } from "../agents/mint-roles";
import { Rng } from "../simulator/run/random";
import { Prng } from "../seed/generator/prng";
import { fnv1a, splitmix32 } from "./mix";

// Pinned outputs: seeds, minted roles and shot samples depend on these bits.
describe("hash and mixing helpers", () => {
  it("computes the standard FNV-1a (32 bit)", () => {
    expect(fnv1a("")).toBe(0x811c9dc5);
    expect(fnv1a("a")).toBe(0xe40c292c);
    expect(fnv1a("foobar")).toBe(0xbf9cf968);
  });

  it("gives splitmix32's known stream", () => {
    const zero = splitmix32(0);
    expect([zero(), zero(), zero()]).toEqual([2462723854, 1020716019, 454327756]);
    const other = splitmix32(123456789);
    expect([other(), other()]).toEqual([1573771921, 319883699]);
  });

  it("keeps the generators built on them bit-identical", () => {
    expect(new Prng(42, "agents").uint32()).toBe(1464807930);
    expect(new Prng(7).uint32()).toBe(1755452456);
    expect(new Rng(0).uint32()).toBe(4192516064);
    expect(new Rng(2 ** 40 + 5).uint32()).toBe(3931220303);
    expect(mintRoles("agent-001", "gpt-4").map((role) => role.roleName)).toEqual(["Strategist", "Trader", "Defender", "Builder", "Defender"]);
  });
});
