import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { AppError } from "./errors";
import { defineStatusMachine } from "./status-machine";

const STATUSES = ["a", "b", "c", "d"] as const;
type S = (typeof STATUSES)[number];

// Any table of moves over STATUSES (no self-moves, as none of the real machines have them).
const arbitraryMoves = fc.record(
  Object.fromEntries(STATUSES.map((from) => [from, fc.subarray(STATUSES.filter((to) => to !== from))])) as Record<S, fc.Arbitrary<S[]>>,
);
const arbitraryPair = fc.tuple(fc.constantFrom(...STATUSES), fc.constantFrom(...STATUSES));

const conflictOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(409);
  return (error as AppError).message;
};

describe("status machine", () => {
  it("allows exactly the moves of its table; a status without moves is final, the others open", () => {
    fc.assert(
      fc.property(arbitraryMoves, arbitraryPair, (moves, [from, to]) => {
        const machine = defineStatusMachine("Thing", STATUSES, moves);
        expect(machine.canMove(from, to)).toBe(moves[from].includes(to));
        expect(machine.allowed(from)).toEqual(moves[from]);
        expect(machine.isFinal(from)).toBe(moves[from].length === 0);
        expect(machine.open).toEqual(STATUSES.filter((status) => moves[status].length > 0));
      }),
    );
  });

  it("refuses an illegal move with a 409 naming the allowed moves, without touching the row", async () => {
    const machine = defineStatusMachine<S>("Thing", STATUSES, { a: ["b", "c"], b: [], c: [], d: [] });
    const update = vi.fn(async () => ({ count: 1 }));
    expect(await conflictOf(machine.move("t1", "a", "d", update))).toBe("Thing 't1' cannot move from a to d (allowed from a: b, c).");
    expect(await conflictOf(machine.move("t1", "b", "a", update))).toBe("Thing 't1' cannot move from b to a (b is final; no move is allowed).");
    expect(update).not.toHaveBeenCalled();
  });

  it("applies a legal move once, and answers 409 when the row changed status meanwhile", async () => {
    const machine = defineStatusMachine<S>("Thing", STATUSES, { a: ["b"], b: [], c: [], d: [] });
    const applied = vi.fn(async () => ({ count: 1 }));
    await expect(machine.move("t1", "a", "b", applied)).resolves.toBeUndefined();
    expect(applied).toHaveBeenCalledTimes(1);
    const lost = vi.fn(async () => ({ count: 0 }));
    expect(await conflictOf(machine.move("t1", "a", "b", lost))).toBe(
      "Thing 't1' changed status while this move was being made; read it again and retry.",
    );
  });
});
