// Which errors a transaction is run again for, and how often.
import { describe, expect, it } from "vitest";
import { CONFLICT_ATTEMPTS, isTransientConflict, retryOnConflict } from "./retry";

const failing = (errors: unknown[]) => {
  let calls = 0;
  const attempt = async () => {
    const error = errors[calls++];
    if (error) throw error;
    return "done";
  };
  return { attempt, calls: () => calls };
};

describe("isTransientConflict", () => {
  it("recognises deadlocks and serialization failures along the error's chain", () => {
    expect(isTransientConflict({ name: "PrismaClientKnownRequestError", code: "P2034" })).toBe(true);
    expect(isTransientConflict({ code: "P2010", meta: { driverAdapterError: { cause: { originalCode: "40P01" } } } })).toBe(true);
    expect(isTransientConflict(new Error("wrapped", { cause: { code: "40001" } }))).toBe(true);
    expect(isTransientConflict({ cause: { kind: "TransactionWriteConflict" } })).toBe(true);
  });

  it("leaves every other error alone: unique violations, not found, timeouts, plain errors", () => {
    for (const error of [{ code: "P2002" }, { code: "P2025" }, { code: "P2028" }, { code: "57014" }, new Error("40P01 in a message only"), null, "40001"]) {
      expect(isTransientConflict(error)).toBe(false);
    }
  });
});

describe("retryOnConflict", () => {
  it("runs the transaction again after a conflict and returns its result", async () => {
    const run = failing([{ code: "P2034" }, { code: "40P01" }]);
    await expect(retryOnConflict(run.attempt)).resolves.toBe("done");
    expect(run.calls()).toBe(3);
  });

  it("gives up after CONFLICT_ATTEMPTS attempts with the last conflict", async () => {
    const conflict = { code: "40001", attempt: "last" };
    const run = failing(Array.from({ length: CONFLICT_ATTEMPTS }, (_, i) => (i === CONFLICT_ATTEMPTS - 1 ? conflict : { code: "40001" })));
    await expect(retryOnConflict(run.attempt)).rejects.toBe(conflict);
    expect(run.calls()).toBe(CONFLICT_ATTEMPTS);
  });

  it("does not run again after any other error", async () => {
    const duplicate = { code: "P2002" };
    const run = failing([duplicate]);
    await expect(retryOnConflict(run.attempt)).rejects.toBe(duplicate);
    expect(run.calls()).toBe(1);
  });
});
