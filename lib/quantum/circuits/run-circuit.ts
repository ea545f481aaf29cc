// POST /quantum/run: an OpenQASM 2.0 or 3 program on the simulator (dynamic circuits by shot
// branching, docs/quantum-model.md), its `input`s bound from `parameters`. Parse errors are 400s naming the line and column; a program
// past one of the reading limits (QUANTUM_MAX_*) is a 400 naming the limit and its value, raised
// while the program is read. The reading, the simulation and the choice of the `top` outcomes run
// on worker threads of the sandbox (../pool); `signal` cancels the run.
import { AppError } from "../../core/errors";
import { histogramBase64 } from "../histogram";
import { formatDuration } from "../analyses/rules";
import { runSimulation } from "../pool";
import { recordRun } from "../runs";
import { AER, DEFAULT_SHOTS } from "../schemas";
import { type TRunCircuitBody, type TRunCircuitResult } from "./schemas";

export { parseCircuit, qasmLimits, topEntries } from "../pool/tasks";

export const runCircuit = async (body: TRunCircuitBody, userId?: string, signal?: AbortSignal): Promise<TRunCircuitResult> => {
  const shots = body.shots ?? DEFAULT_SHOTS;
  const target = body.histogram?.targetString;
  // Read first in the sandbox's read lane: a program over a limit is refused there within about a
  // second, however many simulations wait in the simulate lane.
  await runSimulation({ kind: "inspect", qasm: body.qasm, parameters: body.parameters }, signal, "read");
  const run = await runSimulation(
    { kind: "circuit", qasm: body.qasm, parameters: body.parameters, shots, seed: body.seed, top: body.top, exact: body.exact, statevector: body.statevector },
    signal,
  );
  if (target !== undefined && target.length !== run.clbits) {
    const message = `targetString must have one character per classical bit (${run.clbits}); it has ${target.length}`;
    throw new AppError("bad_request", `The histogram's ${message}.`, { errors: [{ path: "body.histogram.targetString", message }] });
  }
  const counts = run.counts;
  const answered = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const probabilities = Object.fromEntries(Object.entries(counts).map(([bits, count]) => [bits, count / shots]));
  const response: TRunCircuitResult = {
    qubits: run.qubits,
    clbits: run.clbits,
    shots,
    seed: run.seed,
    backend: AER,
    counts,
    probabilities,
    distinctOutcomes: run.distinctOutcomes,
    otherProbability: (shots - answered) / shots,
    ...(run.exactTop && run.exactOther
      ? { exactProbabilities: run.exactTop, exactOtherProbability: run.exactOther.probability, exactOtherOutcomes: run.exactOther.outcomes }
      : {}),
    ...(run.statevector ? { statevector: run.statevector } : {}),
    // The histogram draws the answered outcomes; the share left out of the answer is in its note ("N more outcomes, X% in all").
    histogram: await histogramBase64(probabilities, {
      title: `Circuit: ${run.qubits} qubits, ${shots.toLocaleString("en-US")} shots`,
      ...body.histogram,
      rest: { probability: (shots - answered) / shots, outcomes: run.distinctOutcomes - Object.keys(counts).length },
    }),
    simulationDuration: formatDuration(run.durationMs),
  };
  await recordRun({
    userId,
    entityType: "circuit",
    entityId: null,
    backend: AER,
    qubits: run.qubits,
    shots,
    seed: run.seed,
    durationMs: run.durationMs,
    probabilities,
    response: { ...response, qasm: body.qasm.length <= 20_000 ? body.qasm : undefined },
  });
  return response;
};
