// A local stand-in for IBM Quantum (IAM token exchange and the Qiskit Runtime REST API) on
// 127.0.0.1, port 0, following the documented requests and answers. It runs submitted ISA
// circuits on this project's simulator, so their counts can be checked against the model.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parseQasm } from "../../lib/quantum/qasm";
import { simulate } from "../../lib/simulator";

export const GOOD_KEY = "test-api-key";
export const CRN = "crn:v1:bluemix:public:quantum-computing:us-east:a/abc:def::";
export const BACKEND = "ibm_standin";

export type Scenario = {
  /** Status answers in order; the last repeats. */
  statuses: string[];
  reason?: string;
  /** Delay every API answer by this many ms. */
  delayMs?: number;
  basisGates?: string[];
  couplingMap?: [number, number][];
};

export type StandIn = {
  iamUrl: string;
  baseUrl: string;
  scenario: Scenario;
  submitted: { body: { program_id: string; backend: string; params: { pubs: [string, null, number][] } }; headers: IncomingMessage["headers"] }[];
  cancelled: string[];
  tokenRequests: number;
  /** Resolves once hosted job `id` has been asked for its status (so it was submitted, and whoever polls holds its id). */
  polled: (id: string) => Promise<void>;
  close: () => Promise<void>;
};

// An ISA circuit in OpenQASM 3 (physical qubits, bit register) → OpenQASM 2 for the simulator.
export const isaToQasm2 = (qasm: string, qubits: number) => {
  const body = qasm
    .split("\n")
    .filter((line) => line && !line.startsWith("OPENQASM") && !line.startsWith("include"))
    .map((line) =>
      line
        .replace(/^bit\[(\d+)\] c;$/, "creg c[$1];")
        .replace(/^c\[(\d+)\] = measure \$(\d+);$/, "measure q[$2] -> c[$1];")
        .replace(/\$(\d+)/g, "q[$1]"),
    );
  // No header: read as a snippet, where the simulator's whole gate set (ecr included, which
  // neither qelib1.inc nor stdgates.inc has) is known.
  return [`qreg q[${qubits}];`, ...body].join("\n");
};

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = "";
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => resolve(text));
  });

export const startStandIn = async (scenario: Scenario): Promise<StandIn> => {
  const firstPolls = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  const firstPoll = (id: string) => {
    let entry = firstPolls.get(id);
    if (!entry) {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      firstPolls.set(id, (entry = { promise, resolve }));
    }
    return entry;
  };
  const state: StandIn = {
    iamUrl: "",
    baseUrl: "",
    scenario,
    submitted: [],
    cancelled: [],
    tokenRequests: 0,
    polled: (id) => firstPoll(id).promise,
    close: async () => {},
  };
  const jobs = new Map<string, { polls: number; qasm: string; shots: number }>();
  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const text = await readBody(request);
    if (request.method === "POST" && url.pathname === "/identity/token") {
      state.tokenRequests += 1;
      const form = new URLSearchParams(text);
      if (request.headers["content-type"] !== "application/x-www-form-urlencoded" || form.get("grant_type") !== "urn:ibm:params:oauth:grant-type:apikey") {
        return json(response, 400, { errorCode: "BXNIM0109E", errorMessage: "Property missing or empty." });
      }
      if (form.get("apikey") !== GOOD_KEY) return json(response, 400, { errorCode: "BXNIM0415E", errorMessage: "Provided API key could not be found." });
      return json(response, 200, { access_token: "stand-in-token", refresh_token: "not_supported", token_type: "Bearer", expires_in: 3600 });
    }
    if (!url.pathname.startsWith("/api/v1/")) return json(response, 404, { errors: [{ message: "Not found" }] });
    if (scenario.delayMs) await new Promise((resolve) => setTimeout(resolve, scenario.delayMs));
    if (request.headers.authorization !== "Bearer stand-in-token") return json(response, 401, { errors: [{ message: "Unauthorized", code: 1200 }] });
    if (request.headers["service-crn"] !== CRN) return json(response, 403, { errors: [{ message: "Service-CRN header missing or wrong", code: 1201 }] });
    if (!request.headers["ibm-api-version"]) return json(response, 400, { errors: [{ message: "IBM-API-Version header is required" }] });
    const path = url.pathname.slice("/api/v1".length);
    if (request.method === "GET" && path === `/backends/${BACKEND}/configuration`) {
      return json(response, 200, {
        backend_name: BACKEND,
        n_qubits: 5,
        basis_gates: scenario.basisGates ?? ["ecr", "id", "rz", "sx", "x"],
        coupling_map: scenario.couplingMap ?? [[1, 0], [1, 2], [3, 2], [3, 4]],
      });
    }
    if (request.method === "POST" && path === "/jobs") {
      const body = JSON.parse(text);
      state.submitted.push({ body, headers: request.headers });
      const [qasm, , shots] = body.params.pubs[0];
      if (body.program_id !== "sampler" || body.backend !== BACKEND || typeof qasm !== "string" || !qasm.startsWith("OPENQASM 3")) {
        return json(response, 400, { errors: [{ message: "Invalid job parameters" }] });
      }
      const id = `job-${jobs.size + 1}`;
      jobs.set(id, { polls: 0, qasm, shots });
      return json(response, 200, { id, backend: BACKEND });
    }
    const jobMatch = /^\/jobs\/([^/]+)(\/results|\/cancel)?$/.exec(path);
    const job = jobMatch ? jobs.get(jobMatch[1]) : undefined;
    if (!jobMatch || !job) return json(response, 404, { errors: [{ message: "Job not found" }] });
    if (request.method === "POST" && jobMatch[2] === "/cancel") {
      state.cancelled.push(jobMatch[1]);
      response.writeHead(204).end();
      return;
    }
    if (request.method === "GET" && !jobMatch[2]) {
      const status = scenario.statuses[Math.min(job.polls, scenario.statuses.length - 1)];
      job.polls += 1;
      firstPoll(jobMatch[1]).resolve();
      return json(response, 200, { id: jobMatch[1], backend: BACKEND, state: { status, ...(status === "Failed" ? { reason: scenario.reason } : {}) }, status });
    }
    if (request.method === "GET" && jobMatch[2] === "/results") {
      const circuit = parseQasm(isaToQasm2(job.qasm, 5));
      const run = simulate(circuit, { shots: job.shots, seed: 2024 });
      const samples = Object.entries(run.counts).flatMap(([bits, count]) => Array.from({ length: count }, () => `0x${parseInt(bits, 2).toString(16)}`));
      return json(response, 200, { results: [{ data: { c: { samples, num_bits: circuit.clbits } }, metadata: { circuit_metadata: {} } }], metadata: { version: 2 } });
    }
    return json(response, 405, { errors: [{ message: "Method not allowed" }] });
  };
  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error) => json(response, 500, { errors: [{ message: String(error) }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  state.iamUrl = `http://127.0.0.1:${port}`;
  state.baseUrl = `http://127.0.0.1:${port}/api/v1`;
  state.close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return state;
};
