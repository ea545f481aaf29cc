// POST /quantum/diagram and the analyses' ?format=svg: circuits drawn as SVG (./diagram/svg.ts).
// A submitted program is read on a thread of the sandbox's read lane, under the same limits as
// a run (parse errors are 400s naming the line and column), and drawn there; nothing is simulated
// or stored. An entity's circuit is small and built from stored data, so it is drawn here.
import { runSimulation } from "../pool";
import type { TCircuitDiagramBody, TCircuitDiagramResult } from "./schemas";

export { circuitDiagram, DIAGRAM_MAX_OPERATIONS, type Diagram } from "../diagram/svg";

export const diagramCircuit = async (body: TCircuitDiagramBody, signal?: AbortSignal): Promise<TCircuitDiagramResult> =>
  runSimulation({ kind: "diagram", qasm: body.qasm, title: body.title }, signal, "read");
