// A circuit as an SVG diagram, drawn the way circuit drawers usually draw one: a wire per qubit
// (q[0] on top), one double line for the classical register, gates as labelled boxes with their
// parameters (multiples of π written as such), control dots joined to the target by a connector
// (⊕ for a controlled X, × × for a swap), measurements as an "M" box with an arrow to the
// classical bit, resets as |0⟩, barriers as dashed lines, and `if` conditions as a dashed
// connector down to the classical line with the condition written under it.
//
// Layout: greedy columns. Each operation goes in the first column after the last one used on
// any wire it spans (a connector spans every wire between its ends; a measurement or a condition
// spans down to the classical line), so independent gates share a column. Columns are as wide
// as their widest label, and a long circuit folds into rows (» at the end of a row, « at the start
// of the next) no wider than `maxRowWidth`.
//
// Bounded: at most `maxOperations` operations are laid out and drawn (the rest are counted and a
// note in the picture says how many were left out), every label is cut to a bounded length, so
// the size of the SVG is bounded whatever the circuit. Every text is escaped. The same circuit
// and options always give the same SVG (no randomness, no clock, fixed number formatting).
import { escapeXml } from "../histogram/svg";
import type { Circuit, ClassicalExpr, Condition, Instruction } from "../../simulator/passes/circuit";
import type { GateOp } from "../../simulator/passes/gates";

export const DIAGRAM_MAX_OPERATIONS = 500;
export const DIAGRAM_MAX_ROW_WIDTH = 1200;

export type DiagramOptions = {
  /** Drawn above the circuit. */
  title?: string;
  /** Operations laid out and drawn at most (default and upper bound DIAGRAM_MAX_OPERATIONS). */
  maxOperations?: number;
  /** Width of one row in pixels before the circuit folds (default DIAGRAM_MAX_ROW_WIDTH). */
  maxRowWidth?: number;
};

export type Diagram = {
  svg: string;
  width: number;
  height: number;
  /** Operations in the circuit (gates, measurements, resets, barriers). */
  operations: number;
  /** Operations drawn (all of them unless the circuit is longer than the bound). */
  drawn: number;
  truncated: boolean;
  rows: number;
};

const WIRE_GAP = 40;
const ROW_PAD = 24;
const ROW_FOOT = 24;
const BOX_HEIGHT = 28;
const CHAR = 7.4;
const LABEL_MAX = 24;
const CONDITION_MAX = 28;
const COLUMN_GAP = 14;
const TITLE_HEIGHT = 30;
const NOTE_HEIGHT = 26;
const FONT = "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace";
const INK = "#1f2430";
const BOX_FILL = "#dfe8ff";
const BOX_STROKE = "#3b5bb5";
const MEASURE_FILL = "#eceff4";
const CLASSICAL = "#6b7280";
const CONDITION = "#b45309";

const round = (value: number) => {
  const r = Math.round(value * 10) / 10;
  return Object.is(r, -0) ? 0 : r;
};

/** A parameter as people write it: multiples of π with a small denominator as such, else 4 significant digits. */
export const formatParameter = (value: number): string => {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) < 1e-12) return "0";
  const ratio = value / Math.PI;
  for (let d = 1; d <= 16; d += 1) {
    const n = Math.round(ratio * d);
    if (n !== 0 && Math.abs(n) <= 64 && Math.abs(ratio * d - n) < 1e-9) {
      const sign = n < 0 ? "-" : "";
      const numerator = Math.abs(n) === 1 ? "π" : `${Math.abs(n)}π`;
      return d === 1 ? `${sign}${numerator}` : `${sign}${numerator}/${d}`;
    }
  }
  return String(Number(value.toPrecision(4)));
};

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

const NAMES: Record<string, string> = { sdg: "S†", tdg: "T†", sx: "√X", sxdg: "√X†", id: "I", gphase: "GPHASE" };
const displayName = (name: string) => NAMES[name] ?? name.toUpperCase();

// Gates whose name carries controls: the base gate drawn on the target and how many controls.
const IMPLICIT: Record<string, [string, number]> = {
  cx: ["x", 1], cy: ["y", 1], cz: ["z", 1], ch: ["h", 1], csx: ["sx", 1], crx: ["rx", 1], cry: ["ry", 1], crz: ["rz", 1],
  cp: ["p", 1], cu1: ["u1", 1], cu3: ["u3", 1], cu: ["u", 1], ccx: ["x", 2], cswap: ["swap", 1],
};

const gateLabel = (base: string, params: number[]) =>
  cut(params.length === 0 ? displayName(base) : `${displayName(base)}(${params.map(formatParameter).join(", ")})`, LABEL_MAX);

const bitsText = (clbits: number[]) => {
  if (clbits.length === 1) return `c[${clbits[0]}]`;
  const contiguous = clbits.every((bit, k) => k === 0 || bit === clbits[k - 1] + 1);
  return contiguous ? `c[${clbits[0]}..${clbits.at(-1)}]` : `c[${clbits.join(",")}]`;
};

/** A value computed while the circuit runs, as text: `(c[0..2] & c[3..5])==7`; variables are v0, v1, … */
const expressionText = (expr: ClassicalExpr): string => {
  switch (expr.kind) {
    case "number": return String(expr.value);
    case "bits": return bitsText(expr.clbits);
    case "variable": return `v${expr.slot}`;
    case "unary": return `${expr.op}${expressionText(expr.arg)}`;
    case "binary": return `(${expressionText(expr.left)}${expr.op === "xor" ? "^" : expr.op}${expressionText(expr.right)})`;
    case "convert": return `${expr.type}(${expressionText(expr.arg)})`;
  }
};

/** An `if` condition as text: `c[0]=1`, `c[0..2]==5`, `c[1]≠0`, `!(c[0..1]&3)`. */
export const conditionText = (when: Condition[]) =>
  cut(
    when
      .map((c) => ("test" in c ? `${c.negate ? "!" : ""}${expressionText(c.test)}` : `${bitsText(c.clbits)}${c.negate ? "≠" : c.clbits.length === 1 ? "=" : "=="}${c.value}`))
      .join(" & "),
    CONDITION_MAX,
  );

const textWidth = (text: string) => [...text].length * CHAR;

// One operation to draw: the wires it spans (n is the classical line), its width, and its picture.
type Item = { lo: number; hi: number; width: number; draw: (x: number, y: (wire: number) => number) => string };

const line = (x1: number, y1: number, x2: number, y2: number, stroke = INK, extra = "") =>
  `<line x1="${round(x1)}" y1="${round(y1)}" x2="${round(x2)}" y2="${round(y2)}" stroke="${stroke}" stroke-width="1.5"${extra}/>`;
const text = (x: number, y: number, content: string, extra = "") =>
  `<text x="${round(x)}" y="${round(y)}"${extra}>${escapeXml(content)}</text>`;
const box = (x: number, yTop: number, width: number, height: number, label: string, fill = BOX_FILL) =>
  `<rect x="${round(x - width / 2)}" y="${round(yTop)}" width="${round(width)}" height="${round(height)}" rx="3" fill="${fill}" stroke="${BOX_STROKE}" stroke-width="1.2"/>` +
  text(x, yTop + height / 2 + 4, label, ' text-anchor="middle"');
const dot = (x: number, y: number, fill = INK, r = 5) => `<circle cx="${round(x)}" cy="${round(y)}" r="${r}" fill="${fill}"/>`;

const conditionItem = (item: Item, when: Condition[] | undefined, classical: number): Item => {
  if (!when || when.length === 0) return item;
  const label = conditionText(when);
  return {
    lo: item.lo,
    hi: classical,
    width: Math.max(item.width, textWidth(label) + 8),
    draw: (x, y) =>
      line(x, y(item.hi) + BOX_HEIGHT / 2, x, y(classical), CONDITION, ' stroke-dasharray="4 3"') +
      item.draw(x, y) +
      dot(x, y(classical), CONDITION, 4) +
      text(x, y(classical) + 17, label, ` text-anchor="middle" font-size="11" fill="${CONDITION}"`),
  };
};

const gateItem = (op: GateOp): Item | undefined => {
  const [implicitBase, implicitControls] = IMPLICIT[op.name] ?? [op.name, 0];
  let controls = (op.controls ?? 0) + implicitControls;
  let base = implicitBase;
  if (op.qubits.length === 0) return undefined; // an uncontrolled global phase: nothing to see
  if (controls >= op.qubits.length) {
    // A controlled gate without a target of its own (ctrl @ gphase): its last control carries the box.
    controls = op.qubits.length - 1;
    base = op.name === "gphase" ? "gphase" : base;
  }
  const controlQubits = op.qubits.slice(0, controls);
  const targets = op.qubits.slice(controls);
  const lo = Math.min(...op.qubits);
  const hi = Math.max(...op.qubits);
  const label = gateLabel(base, op.params);
  const controlled = controlQubits.length > 0;
  const shape: "plus" | "dot" | "swap" | "box" = controlled && base === "x" ? "plus" : controlled && base === "z" ? "dot" : base === "swap" ? "swap" : "box";
  const width = shape === "box" ? Math.max(BOX_HEIGHT, textWidth(label) + 14) : BOX_HEIGHT;
  return {
    lo,
    hi,
    width,
    draw: (x, y) => {
      const parts: string[] = [];
      if (hi > lo) parts.push(line(x, y(lo), x, y(hi)));
      for (const q of controlQubits) parts.push(dot(x, y(q)));
      if (shape === "plus") {
        for (const q of targets) parts.push(`<circle cx="${round(x)}" cy="${round(y(q))}" r="10" fill="#ffffff" stroke="${INK}" stroke-width="1.5"/>`, line(x - 10, y(q), x + 10, y(q)), line(x, y(q) - 10, x, y(q) + 10));
      } else if (shape === "dot") {
        for (const q of targets) parts.push(dot(x, y(q)));
      } else if (shape === "swap") {
        for (const q of targets) parts.push(line(x - 7, y(q) - 7, x + 7, y(q) + 7), line(x - 7, y(q) + 7, x + 7, y(q) - 7));
      } else {
        const top = Math.min(...targets);
        const bottom = Math.max(...targets);
        parts.push(box(x, y(top) - BOX_HEIGHT / 2, width, y(bottom) - y(top) + BOX_HEIGHT, label));
      }
      return parts.join("");
    },
  };
};

const measureItem = (qubit: number, clbit: number, classical: number): Item => ({
  lo: qubit,
  hi: classical,
  width: Math.max(BOX_HEIGHT, textWidth(String(clbit)) * 2 + 12),
  draw: (x, y) =>
    line(x - 1.5, y(qubit) + BOX_HEIGHT / 2, x - 1.5, y(classical) - 6, CLASSICAL) +
    line(x + 1.5, y(qubit) + BOX_HEIGHT / 2, x + 1.5, y(classical) - 6, CLASSICAL) +
    `<path d="M${round(x - 5)} ${round(y(classical) - 8)} L${round(x + 5)} ${round(y(classical) - 8)} L${round(x)} ${round(y(classical))} Z" fill="${CLASSICAL}"/>` +
    box(x, y(qubit) - BOX_HEIGHT / 2, BOX_HEIGHT, BOX_HEIGHT, "M", MEASURE_FILL) +
    text(x + 6, y(classical) + 15, String(clbit), ` font-size="11" fill="${CLASSICAL}"`),
});

const resetItem = (qubit: number): Item => ({
  lo: qubit,
  hi: qubit,
  width: 36,
  draw: (x, y) => box(x, y(qubit) - BOX_HEIGHT / 2, 36, BOX_HEIGHT, "|0⟩", MEASURE_FILL),
});

const barrierItem = (qubits: number[]): Item => ({
  lo: Math.min(...qubits),
  hi: Math.max(...qubits),
  width: 12,
  draw: (x, y) =>
    qubits
      .map((q) => `<rect x="${round(x - 6)}" y="${round(y(q) - WIRE_GAP / 2)}" width="12" height="${WIRE_GAP}" fill="#9ca3af" fill-opacity="0.25"/>` + line(x, y(q) - WIRE_GAP / 2, x, y(q) + WIRE_GAP / 2, "#6b7280", ' stroke-dasharray="4 3"'))
      .join(""),
});

const instructionItem = (step: Instruction, classical: number): Item | undefined => {
  if (step.kind === "gate") {
    const item = gateItem(step.op);
    return item && conditionItem(item, step.when, classical);
  }
  if (step.kind === "measure") return conditionItem(measureItem(step.qubit, step.clbit, classical), step.when, classical);
  if (step.kind === "reset") return conditionItem(resetItem(step.qubit), step.when, classical);
  return undefined; // classical steps (variables, bit writes, loop jumps) act on no wire a diagram draws
};

/** The steps a diagram shows, in order: the program of a dynamic circuit, else the gates then the measurements. */
const stepAt = (c: Circuit, k: number): Instruction => {
  if (c.program) return c.program[k];
  if (k < c.ops.length) return { kind: "gate", op: c.ops[k] };
  const m = c.measurements[k - c.ops.length];
  return { kind: "measure", qubit: m.qubit, clbit: m.clbit };
};

export const circuitDiagram = (c: Circuit, options: DiagramOptions = {}): Diagram => {
  const limit = Math.max(1, Math.min(DIAGRAM_MAX_OPERATIONS, Math.floor(options.maxOperations ?? DIAGRAM_MAX_OPERATIONS)));
  const maxRowWidth = Math.max(200, Math.min(10_000, options.maxRowWidth ?? DIAGRAM_MAX_ROW_WIDTH));
  const steps = c.program ? c.program.length : c.ops.length + c.measurements.length;
  const barriers = (c.barriers ?? []).filter((b) => b.qubits.length > 0);
  const operations = steps + barriers.length;
  const n = c.qubits;
  const hasClassical = c.clbits > 0;
  const classical = n;

  // The first `limit` operations, barriers in their places.
  const items: Item[] = [];
  let drawn = 0;
  let b = 0;
  for (let k = 0; k <= steps && drawn < limit; k += 1) {
    while (b < barriers.length && barriers[b].at <= k && drawn < limit) {
      items.push(barrierItem(barriers[b].qubits));
      b += 1;
      drawn += 1;
    }
    if (k === steps || drawn >= limit) break;
    const item = instructionItem(stepAt(c, k), classical);
    drawn += 1;
    if (item) items.push(item);
  }
  const truncated = drawn < operations;

  // Greedy columns.
  const level = new Array<number>(n + 1).fill(0);
  const columnOf: number[] = [];
  const columnWidth: number[] = [];
  for (const item of items) {
    let column = 0;
    for (let w = item.lo; w <= item.hi; w += 1) column = Math.max(column, level[w]);
    for (let w = item.lo; w <= item.hi; w += 1) level[w] = column + 1;
    columnOf.push(column);
    columnWidth[column] = Math.max(columnWidth[column] ?? 0, item.width + COLUMN_GAP);
  }

  // Rows of whole columns, each no wider than maxRowWidth (a wider single column gets a row of its own).
  const rowOf: number[] = [];
  const columnX: number[] = [];
  const rowWidths: number[] = [];
  for (let column = 0; column < columnWidth.length; column += 1) {
    const width = columnWidth[column];
    if (rowWidths.length === 0 || (rowWidths.at(-1)! + width > maxRowWidth && rowWidths.at(-1)! > 0)) rowWidths.push(0);
    rowOf.push(rowWidths.length - 1);
    columnX.push(rowWidths.at(-1)! + width / 2);
    rowWidths[rowWidths.length - 1] += width;
  }
  if (rowWidths.length === 0) rowWidths.push(0);

  const labelWidth = Math.max(textWidth(`q[${Math.max(0, n - 1)}]`), hasClassical ? textWidth(`c ${c.clbits}`) : 0) + 20;
  const contentWidth = Math.max(...rowWidths, 120);
  const wiresLeft = labelWidth;
  const wiresRight = wiresLeft + 16 + contentWidth + 16;
  const width = Math.ceil(Math.max(wiresRight + 12, options.title ? textWidth(options.title) + 24 : 0, truncated ? 420 : 0));
  const wires = n + (hasClassical ? 1 : 0);
  const rowHeight = ROW_PAD + (wires - 1) * WIRE_GAP + ROW_FOOT + 12;
  const top = options.title ? TITLE_HEIGHT : 8;
  const rows = rowWidths.length;
  const height = Math.ceil(top + rows * rowHeight + (truncated ? NOTE_HEIGHT : 0) + 4);

  const parts: string[] = [];
  const summary = `Circuit diagram: ${n} qubit${n === 1 ? "" : "s"}, ${c.clbits} classical bit${c.clbits === 1 ? "" : "s"}, ${operations} operation${operations === 1 ? "" : "s"}${truncated ? `, the first ${drawn} drawn` : ""}`;
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" font-family="${FONT}" font-size="12" fill="${INK}">`,
    `<title>${escapeXml(options.title ? `${options.title}. ${summary}` : summary)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
  );
  if (options.title) parts.push(text(12, 20, options.title, ' font-size="14" font-weight="600"'));

  for (let row = 0; row < rows; row += 1) {
    const rowTop = top + row * rowHeight + ROW_PAD;
    const y = (wire: number) => rowTop + wire * WIRE_GAP;
    const rowRight = row === rows - 1 ? wiresRight : wiresLeft + 16 + rowWidths[row] + 16;
    for (let q = 0; q < n; q += 1) {
      parts.push(text(labelWidth - 10, y(q) + 4, `q[${q}]`, ' text-anchor="end"'), line(wiresLeft, y(q), rowRight, y(q), "#9aa3b2", ""));
    }
    if (hasClassical) {
      const yc = y(classical);
      parts.push(
        text(labelWidth - 10, yc + 4, "c", ' text-anchor="end"'),
        line(wiresLeft, yc - 1.5, rowRight, yc - 1.5, CLASSICAL),
        line(wiresLeft, yc + 1.5, rowRight, yc + 1.5, CLASSICAL),
        line(wiresLeft + 6, yc + 6, wiresLeft + 12, yc - 6, CLASSICAL),
        text(wiresLeft + 9, yc - 9, String(c.clbits), ` text-anchor="middle" font-size="10" fill="${CLASSICAL}"`),
      );
    }
    if (row > 0) parts.push(text(wiresLeft + 4, top + row * rowHeight + 14, "«", ` fill="${CLASSICAL}"`));
    if (row < rows - 1) parts.push(text(rowRight - 10, top + row * rowHeight + 14, "»", ` fill="${CLASSICAL}"`));
  }

  items.forEach((item, k) => {
    const column = columnOf[k];
    const row = rowOf[column];
    const rowTop = top + row * rowHeight + ROW_PAD;
    parts.push(item.draw(wiresLeft + 16 + columnX[column], (wire) => rowTop + wire * WIRE_GAP));
  });

  if (truncated) {
    const omitted = operations - drawn;
    parts.push(
      text(12, height - 10, `… ${omitted} more operation${omitted === 1 ? "" : "s"} not drawn (the diagram shows the first ${drawn} of ${operations})`, ` font-size="12" fill="${CONDITION}"`),
    );
  }
  parts.push("</svg>");
  return { svg: parts.join(""), width, height, operations, drawn, truncated, rows };
};
