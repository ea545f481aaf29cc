// Schemas of submitted circuits: POST /quantum/run and POST /quantum/diagram. Client-safe.
import { z } from "zod";
import { HISTOGRAM_SORTS, MAX_BARS, MAX_KEEP } from "../histogram/svg";
import { DEFAULT_TOP_OUTCOMES, MAX_STATEVECTOR_QUBITS, MAX_TOP_OUTCOMES, ZBodySeed, ZBodyShots, ZProbabilities } from "../schemas";
import { IDENTIFIER } from "../qasm/lexer";

export const ZHistogramOptions = z
  .object({
    sort: z.enum(HISTOGRAM_SORTS).optional()
      .describe("Qiskit's sort: asc or desc by bitstring, value or value_desc by probability, hamming by distance to targetString. Default: asc while every outcome fits, else value_desc"),
    numberToKeep: z.number().int("numberToKeep must be a whole number").min(1, "numberToKeep must be at least 1").max(MAX_KEEP, `numberToKeep must be at most ${MAX_KEEP}`).optional()
      .describe(`Qiskit's number_to_keep: a bar for each of this many most probable outcomes; the others have no bar and are counted in a note under the title ("N more outcomes, X% in all"). Default: all while they fit in ${MAX_BARS} bars, else the ${MAX_BARS} most probable`),
    targetString: z.string().regex(/^[01]{1,1024}$/, "targetString must be a bitstring").optional().describe("With sort hamming: the bitstring distances are measured to"),
  })
  .refine((options) => options.sort !== "hamming" || options.targetString !== undefined, { message: "sort hamming needs a targetString", path: ["targetString"] })
  .describe("How the histogram image is drawn");
export type THistogramOptions = z.infer<typeof ZHistogramOptions>;

export const ZRunCircuitBody = z.object({
  qasm: z.string().min(1, "qasm is required").max(200_000).describe('An OpenQASM 2.0 program (include "qelib1.inc"; qreg/creg, gates, measure, reset, if, barrier) or an OpenQASM 3 one (include "stdgates.inc"; qubit/bit or physical qubits $n, c = measure q, reset, if, switch, for, const and input, let, gate modifiers; delay and box as identity)'),
  shots: ZBodyShots,
  seed: ZBodySeed,
  top: z.number().int("top must be a whole number").min(1, "top must be at least 1").max(MAX_TOP_OUTCOMES, `top must be at most ${MAX_TOP_OUTCOMES}`).optional()
    .describe(`Answer only the k most frequent outcomes (default ${DEFAULT_TOP_OUTCOMES}); distinctOutcomes and otherProbability say what was left out`),
  exact: z.boolean("exact must be true or false").optional().describe("Also answer exactProbabilities: the exact distribution, without sampling (the same k most probable outcomes)"),
  statevector: z.boolean("statevector must be true or false").optional().describe(`Also answer the final statevector as [re, im] pairs (circuits of at most ${MAX_STATEVECTOR_QUBITS} qubits without mid-circuit measurement)`),
  histogram: ZHistogramOptions.optional(),
  parameters: z
    .record(
      z.string().regex(new RegExp(`^(?=.{1,100}$)${IDENTIFIER}$`, "u"), "a parameter is named as the program's input is (letters of any script, digits, _)"),
      z.union([z.number(), z.boolean()], "a parameter's value must be a finite number, or true or false for a bool input"),
    )
    .optional()
    .describe('Values of the OpenQASM 3 program\'s inputs by name (`input float[64] theta;` → { "theta": 0.5 }, `input bool flip;` → { "flip": true }): finite numbers (whole ones for int and uint inputs), true or false for bool inputs. Names may use any script\'s letters (θ). Every input needs a value and every name must be an input: otherwise a 400 naming it'),
});
export type TRunCircuitBody = z.infer<typeof ZRunCircuitBody>;

export const ZRunCircuitResult = z.object({
  qubits: z.number().int(),
  clbits: z.number().int(),
  shots: z.number().int(),
  seed: z.number().int(),
  backend: z.string(),
  counts: z.record(z.string(), z.number().int()).describe("Shots per classical bitstring (bit 0 rightmost), for the k most frequent outcomes"),
  probabilities: ZProbabilities,
  distinctOutcomes: z.number().int().describe("How many different outcomes the shots gave (also those left out of counts)"),
  otherProbability: z.number().describe("Share of the shots whose outcomes are left out of counts (0 when every outcome is answered)"),
  exactProbabilities: z.record(z.string(), z.number()).optional().describe("With exact: the exact probability of the k most probable outcomes (exactOtherProbability and exactOtherOutcomes say what is left out)"),
  exactOtherProbability: z.number().min(0).optional().describe("With exact: the exact probability of the outcomes left out of exactProbabilities, summed over them (0 when every outcome is listed)"),
  exactOtherOutcomes: z.number().int().min(0).optional().describe("With exact: how many outcomes of non-zero probability (above 1e-15) are left out of exactProbabilities"),
  statevector: z.array(z.tuple([z.number(), z.number()])).optional().describe("With statevector: amplitude [re, im] of each basis state, qubit 0 the lowest bit of the index"),
  histogram: z.string().describe("base64 PNG (no data: prefix)"),
  simulationDuration: z.string(),
});
export type TRunCircuitResult = z.infer<typeof ZRunCircuitResult>;

export const ZCircuitDiagramBody = z.object({
  qasm: ZRunCircuitBody.shape.qasm,
  title: z.string().max(120, "title must be at most 120 characters").optional().describe("Drawn above the circuit"),
});
export type TCircuitDiagramBody = z.infer<typeof ZCircuitDiagramBody>;

export const ZCircuitDiagramQuery = z.object({
  format: z.enum(["json", "svg"]).default("json").describe("json (default): the diagram inside a JSON object; svg: the diagram itself (image/svg+xml)"),
});

export const ZCircuitDiagramResult = z.object({
  qubits: z.number().int(),
  clbits: z.number().int(),
  operations: z.number().int().describe("Operations of the circuit: gates after every user gate is expanded, measurements, resets, barriers"),
  drawn: z.number().int().describe("Operations drawn: all of them, or the first ones of a longer circuit (the picture says how many were left out)"),
  truncated: z.boolean(),
  rows: z.number().int().describe("Rows the circuit is folded into"),
  width: z.number().int().describe("Width of the SVG in pixels"),
  height: z.number().int().describe("Height of the SVG in pixels"),
  svg: z.string().describe("The diagram: an SVG document (every text escaped, no scripts)"),
});
export type TCircuitDiagramResult = z.infer<typeof ZCircuitDiagramResult>;
