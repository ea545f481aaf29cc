import { describe, expect, it } from "vitest";
import { renderTable, type BenchRow } from "./bench-table";

const row = (over: Partial<BenchRow>): BenchRow => ({ group: "simulator vs qulacs", name: "GHZ, 16 qubits", measured: 0.5, target: "≤ 0.8×", holds: true, unit: "×", ...over });

describe("the bench table", () => {
  it("shows a row that could not be measured here as such, and counts it apart from the targets", () => {
    const table = renderTable([
      row({}),
      row({ name: "QFT, 16 qubits", measured: 1.2, holds: false }),
      row({ name: "GHZ, 20 qubits", measured: Number.NaN, holds: false, notMeasured: true, detail: "qulacs's source is not on this machine" }),
    ]);
    const lines = table.split("\n");
    const unmeasured = lines.find((line) => line.includes("GHZ, 20 qubits"))!;
    expect(unmeasured).toContain("not measured");
    expect(unmeasured).not.toContain("NaN");
    expect(unmeasured).not.toMatch(/\bNO\b/);
    expect(lines.find((line) => line.includes("QFT, 16 qubits"))).toMatch(/\bNO\b/);
    expect(lines.at(-1)).toBe("1 of 2 targets hold; 1 not measured here");
  });

  it("still shows a part that failed to run as a missed target", () => {
    const table = renderTable([row({ group: "simulator", name: "failed to run", measured: Number.NaN, target: "runs", holds: false })]);
    expect(table.split("\n").at(-1)).toBe("0 of 1 targets hold");
  });
});
