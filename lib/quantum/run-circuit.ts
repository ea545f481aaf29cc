// POST /quantum/run: an OpenQASM 2.0 program on the simulator. Parse errors are 400s naming the
// line and column; registers past QUANTUM_MAX_QUBITS or circuits past the work limit are 400s.
import { AppError } from "../http/errors";
import { AER } from "./analyze-entities";
import { histogramBase64 } from "./histogram";
import { formatDuration } from "./models";
import { parseQasm, QasmError } from "./qasm";
import { recordRun } from "./runs";
import { DEFAULT_SHOTS, type TRunCircuitBody, type TRunCircuitResult } from "./schemas";
import { checkQubits, checkWork, simulate, type Circuit } from "./simulator";

export const parseCircuit = (qasm: string): Circuit => {
  try {
    return parseQasm(qasm);
  } catch (error) {
    if (!(error instanceof QasmError)) throw error;
    const message = `line ${error.line}, column ${error.column}: ${error.message}`;
    throw new AppError("validation_failed", `The OpenQASM program does not parse: ${message}.`, { errors: [{ path: "body.qasm", message }] });
  }
};

export const runCircuit = async (body: TRunCircuitBody): Promise<TRunCircuitResult> => {
  const c = parseCircuit(body.qasm);
  checkQubits(c.qubits);
  checkWork(c);
  const shots = body.shots ?? DEFAULT_SHOTS;
  const run = simulate(c, { shots, seed: body.seed });
  const response: TRunCircuitResult = {
    qubits: c.qubits,
    clbits: c.clbits,
    shots,
    seed: run.seed,
    backend: AER,
    counts: run.counts,
    probabilities: run.probabilities,
    histogram: await histogramBase64(run.probabilities, { title: `Circuit: ${c.qubits} qubits, ${shots} shots` }),
    simulationDuration: formatDuration(run.durationMs),
  };
  await recordRun({
    entityType: "circuit",
    entityId: null,
    backend: AER,
    qubits: c.qubits,
    shots,
    seed: run.seed,
    durationMs: run.durationMs,
    probabilities: run.probabilities,
    response: { ...response, qasm: body.qasm.length <= 20_000 ? body.qasm : undefined },
  });
  return response;
};
