// The document's example circuit (docs/api.md, "OpenAPI"): a Bell state run with 1024 shots and seed
// 42, as POST /quantum/run answers it and a queued job's result holds it. Its histogram is a stand-in
// PNG of one pixel; a real one is a few kilobytes.
export const EXAMPLE_HISTOGRAM_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

export const EXAMPLE_BELL_QASM = 'OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[2] q;\nbit[2] c;\nh q[0];\ncx q[0], q[1];\nc = measure q;\n';

export const EXAMPLE_BELL_RESULT = {
  qubits: 2,
  clbits: 2,
  shots: 1024,
  seed: 42,
  backend: "aer",
  counts: { "00": 524, "11": 500 },
  probabilities: { "00": 0.51171875, "11": 0.48828125 },
  distinctOutcomes: 2,
  otherProbability: 0,
  histogram: EXAMPLE_HISTOGRAM_PNG,
  simulationDuration: "1.8 ms",
};
