// The IBM Quantum client against a local stand-in server: token exchange, backend configuration,
// ISA transpilation, job submission, polling, results; and every failure path as a 503.
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "../../lib/core/errors";
import { countSamples, findLine, runOnIbm, toCxBasis, transpile, type BackendTarget, type IbmSettings } from "../../lib/quantum/ibm";
import { chainCircuit } from "../../lib/quantum/analyses/rules";
import { circuit, GATES, gate, simulate, evolve, type Circuit } from "../../lib/simulator";
import { BACKEND, CRN, GOOD_KEY, startStandIn, type Scenario, type StandIn } from "./ibm-stand-in";

let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

const settingsFor = (server: StandIn, overrides: Partial<IbmSettings> = {}): IbmSettings => ({
  apiKey: GOOD_KEY,
  crn: CRN,
  backend: BACKEND,
  iamUrl: server.iamUrl,
  baseUrl: server.baseUrl,
  apiVersion: "2025-05-01",
  requestTimeoutMs: 2000,
  jobTimeoutMs: 5000,
  pollMs: 5,
  ...overrides,
});

const start = async (scenario: Partial<Scenario> = {}) => (standIn = await startStandIn({ statuses: ["Queued", "Running", "Completed"], ...scenario }));

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined, (caught) => caught);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(503);
  return (error as AppError).message;
};

const exactOf = (c: Circuit) => simulate(c, { shots: 1, seed: 1, exact: true }).exact!;

const maxDifference = (a: Record<string, number>, b: Record<string, number>) =>
  Math.max(...[...new Set([...Object.keys(a), ...Object.keys(b)])].map((key) => Math.abs((a[key] ?? 0) - (b[key] ?? 0))));

describe("transpilation to a backend's ISA", () => {
  const sample = circuit(3, [gate("h", [0]), gate("cry", [0, 2], [0.7]), gate("ccx", [0, 1, 2]), gate("ry", [1], [1.1]), gate("cx", [2, 0]), gate("swap", [0, 2]), gate("u3", [1], [0.3, 0.2, 0.1])]);

  it.each<[string, BackendTarget, string[]]>([
    ["ecr on one-way edges", { basisGates: ["ecr", "id", "rz", "sx", "x"], couplingMap: [[1, 0], [1, 2], [3, 2], [3, 4]] as [number, number][] }, ["ecr", "rz", "sx", "x"]],
    ["cz on a line", { basisGates: ["cz", "id", "rz", "sx", "x"], couplingMap: [[0, 1], [1, 0], [1, 2], [2, 1], [2, 3], [3, 2]] as [number, number][] }, ["cz", "rz", "sx", "x"]],
    ["cx and u3, all-to-all", { basisGates: ["cx", "u3"] }, ["cx", "u3"]],
    ["rz and sx without x", { basisGates: ["cx", "rz", "sx"] }, ["cx", "rz", "sx"]],
  ])("keeps the distribution with %s, in basis gates only", (_label, target, allowed) => {
    const isa = transpile(sample, target);
    for (const op of isa.circuit.ops) expect(allowed).toContain(op.name);
    if (target.couplingMap) {
      const edges = new Set(target.couplingMap.map(([a, b]) => `${a},${b}`));
      for (const op of isa.circuit.ops.filter((o) => o.qubits.length === 2)) expect(edges.has(op.qubits.join(","))).toBe(true);
    }
    expect(maxDifference(exactOf(isa.circuit), exactOf(sample))).toBeLessThan(1e-9);
  });

  it("decomposes every gate into one-qubit gates and CX without changing the state", () => {
    for (const [name, spec] of Object.entries(GATES)) {
      const qubits = [2, 0, 1].slice(0, spec.qubits);
      const params = [0.3, -1.2, 2.1, 0.7].slice(0, spec.params);
      const prepare = [gate("u3", [0], [0.4, 1, 2]), gate("u3", [1], [1.3, 0.2, -1]), gate("u3", [2], [2.2, -0.5, 0.3]), gate("cx", [0, 1])];
      const direct = evolve(circuit(3, [...prepare, gate(name, qubits, params)]));
      const split = evolve(circuit(3, [...prepare, ...toCxBasis([gate(name, qubits, params)])]));
      let re = 0;
      let im = 0;
      for (let i = 0; i < 8; i += 1) {
        re += direct.re[i] * split.re[i] + direct.im[i] * split.im[i];
        im += direct.re[i] * split.im[i] - direct.im[i] * split.re[i];
      }
      expect(Math.hypot(re, im), name).toBeCloseTo(1, 10);
    }
  });

  it("finds a line of connected qubits, and says when there is none", () => {
    expect(findLine([[0, 1], [1, 2], [1, 3], [3, 4]], 4)).toEqual([0, 1, 3, 4]);
    expect(findLine([[0, 1], [2, 3]], 3)).toBeUndefined();
  });

  it("turns hex samples into counts", () => {
    expect(countSamples(["0x0", "0x3", "0x3", "0x5"], 3)).toEqual({ "000": 1, "011": 2, "101": 1 });
  });
});

describe("runOnIbm against the stand-in", () => {
  it("exchanges the key for a token, submits an ISA circuit as OpenQASM 3, polls and counts the samples", async () => {
    const server = await start();
    const model = chainCircuit([0.8, 0.6, 0.3]);
    const result = await runOnIbm(model, 4000, settingsFor(server));
    expect(result.jobId).toBe("job-1");
    expect(server.tokenRequests).toBe(1);
    const [submission] = server.submitted;
    expect(submission.body.params.pubs[0][1]).toBeNull();
    expect(submission.body.params.pubs[0][2]).toBe(4000);
    expect(submission.headers["ibm-api-version"]).toBe("2025-05-01");
    const qasm = submission.body.params.pubs[0][0];
    expect(qasm).toMatch(/^OPENQASM 3\.0;/);
    expect(qasm).toMatch(/ecr \$\d, \$\d;/);
    expect(qasm).not.toMatch(/\b(ry|cry|cx)\b/);
    expect(Object.values(result.counts).reduce((a, b) => a + b, 0)).toBe(4000);
    // The hardware's counts follow the model's exact distribution.
    expect(maxDifference(result.probabilities, exactOf(model))).toBeLessThan(0.03);
    // The token is reused for the next run.
    await runOnIbm(model, 10, settingsFor(server));
    expect(server.tokenRequests).toBe(1);
  });

  it("answers 503 when IAM refuses the API key", async () => {
    const server = await start();
    const message = await failure(runOnIbm(chainCircuit([0.5, 0.5, 0.5]), 10, settingsFor(server, { apiKey: "wrong" })));
    expect(message).toMatch(/IAM token exchange was refused: 400 Provided API key could not be found/);
  });

  it("answers 503 when the job fails, naming the reason", async () => {
    const server = await start({ statuses: ["Queued", "Failed"], reason: "Circuit not in ISA" });
    expect(await failure(runOnIbm(chainCircuit([0.5, 0.5, 0.5]), 10, settingsFor(server)))).toMatch(/job job-1 failed: Circuit not in ISA/);
  });

  it("answers 503 and cancels the job when it does not finish in time", async () => {
    const server = await start({ statuses: ["Running"] });
    const message = await failure(runOnIbm(chainCircuit([0.5, 0.5, 0.5]), 10, settingsFor(server, { jobTimeoutMs: 100, pollMs: 20 })));
    expect(message).toMatch(/did not finish within 100 ms \(last status: running\); it was cancelled/);
    expect(server.cancelled).toEqual(["job-1"]);
  });

  it("answers 503 when a request times out", async () => {
    // The API's answers take far longer than the timeout; the token exchange, answered at once, has
    // the whole second even on a loaded machine.
    const server = await start({ delayMs: 30_000 });
    expect(await failure(runOnIbm(chainCircuit([0.5, 0.5, 0.5]), 10, settingsFor(server, { requestTimeoutMs: 1000 })))).toMatch(/reading backend ibm_standin timed out after 1000 ms/);
  });

  it("answers 503 when the host cannot be reached", async () => {
    const server = await start();
    const settings = settingsFor(server);
    await server.close();
    standIn = undefined;
    expect(await failure(runOnIbm(chainCircuit([0.5, 0.5, 0.5]), 10, { ...settings, apiKey: "another-key" }))).toMatch(/IAM token exchange failed/);
  });

  it("answers 503 when the backend has no basis this client can target", async () => {
    const server = await start({ basisGates: ["rxx", "measure"] });
    expect(await failure(runOnIbm(chainCircuit([0.5, 0.5, 0.5]), 10, settingsFor(server)))).toMatch(/no two-qubit gate this client can target/);
  });
});
