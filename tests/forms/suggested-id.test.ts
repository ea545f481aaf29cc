import { describe, expect, it } from "vitest";
import { slugify } from "../../components/form/suggested-id";
import { ZEntityId } from "../../lib/core/primitives";

describe("an id suggested from a name", () => {
  it("is the name in lower case with other characters as single dashes, none at either end", () => {
    expect(slugify("LedgerLens Tracker")).toBe("ledgerlens-tracker");
    expect(slugify("  Yield Scout #7!  ")).toBe("yield-scout-7");
    expect(slugify("Café Ünïcode")).toBe("cafe-unicode");
    expect(slugify("---")).toBe("");
  });

  it("is at most 64 characters, never ends in a dash when cut, and is an id the API accepts", () => {
    const long = slugify(`${"a".repeat(63)} bcd`);
    expect(long).toBe("a".repeat(63));
    for (const name of ["Halo Physician", "Δ-Neutral Desk 2", "x".repeat(300), "Treasury squad (EU)"]) {
      const id = slugify(name);
      expect(id.length).toBeLessThanOrEqual(64);
      expect(ZEntityId.safeParse(id).success, id).toBe(true);
    }
  });
});
