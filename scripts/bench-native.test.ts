import { availableParallelism } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { runNativeBench } from "./bench-native";

describe("the qulacs comparison", () => {
  const before = process.env.QULACS_SRC;
  afterEach(() => {
    if (before === undefined) delete process.env.QULACS_SRC;
    else process.env.QULACS_SRC = before;
  });

  it("reads every row as not measured, saying why, when qulacs's source is not on the machine", () => {
    process.env.QULACS_SRC = "/nonexistent/qulacs";
    const rows = runNativeBench();
    // Four families, four sizes, one and two threads (two only with two cores).
    expect(rows.length).toBe(16 * Math.min(2, availableParallelism()));
    expect(rows.every((row) => row.notMeasured === true && Number.isNaN(row.measured))).toBe(true);
    expect(rows[0].detail).toMatch(/qulacs's source is not on this machine/);
    expect(rows.map((row) => row.name)).toContain("random u3/cx ×4, 24 qubits, 1 thread: ours ÷ qulacs");
  });
});
