// POST /quantum/run and POST /qmetrics/finance (aer, and ibm_quantum against the stand-in).
import { afterEach, describe, expect, it } from "vitest";
import * as runRoute from "../../app/quantum/run/route";
import * as financeRoute from "../../app/qmetrics/finance/route";
import { prisma } from "../../lib/db";
import { resetQuantumConfig } from "../../lib/quantum/config";
import { WALLET_BEHAVIORS } from "../../lib/quantum/analyses/rules";
import { buildMetricsReport } from "../../lib/wallet";
import { useApiTest } from "../helpers/api";
import { userWithKey } from "../helpers/factories";
import { call, errorPaths } from "../helpers/http";
import { decodePng, maxRunsOfColor } from "./png";
import { BACKEND, CRN, GOOD_KEY, startStandIn, type StandIn } from "./ibm-stand-in";

const WALLET = "0x1111111111111111111111111111111111111111";
const PEERS = ["0x2222222222222222222222222222222222222222", "0x3333333333333333333333333333333333333333"];

let key: string;
useApiTest({
  setup: async () => {
    key = (await userWithKey("viewer")).key;
    const asOf = new Date(Date.now() - 86_400_000);
    await prisma.token.create({ data: { chain: "eth-mainnet", address: "native", symbol: "ETH", name: "Ether", decimals: 18 } });
    await prisma.tokenPrice.create({ data: { chain: "eth-mainnet", tokenAddress: "native", priceUsd: 2000, asOf } });
    await prisma.tokenHolding.create({ data: { walletAddress: WALLET, chain: "eth-mainnet", tokenAddress: "native", balance: "1500000000000000000" } });
    await prisma.walletTransfer.createMany({
      data: PEERS.flatMap((peer, p) =>
        Array.from({ length: 3 + p }, (_, k) => ({
          chain: "eth-mainnet",
          txHash: `0x${p}${k}`.padEnd(66, "a"),
          logIndex: -1,
          blockNumber: BigInt(100 + k),
          timestamp: new Date(asOf.getTime() - k * 3_600_000),
          fromAddress: k % 2 === 0 ? WALLET : peer,
          toAddress: k % 2 === 0 ? peer : WALLET,
          kind: "native" as const,
          tokenAddress: "native",
          amount: "10000000000000000",
          txFrom: k % 2 === 0 ? WALLET : peer,
        })),
      ),
    });
  },
});

const BELL = `OPENQASM 2.0;
include "qelib1.inc";
qreg q[2];
creg c[2];
h q[0];
cx q[0], q[1];
measure q -> c;`;

describe("POST /quantum/run", () => {
  it("runs an OpenQASM 2.0 circuit: counts, probabilities and a histogram with a bar per outcome", async () => {
    const response = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: BELL, shots: 4000, seed: 9 } });
    expect(response.status).toBe(200);
    const body = response.json;
    expect(body).toMatchObject({ qubits: 2, clbits: 2, shots: 4000, seed: 9, backend: "aer" });
    expect(Object.keys(body.counts).sort()).toEqual(["00", "11"]);
    expect(body.counts["00"] + body.counts["11"]).toBe(4000);
    expect(body.probabilities["00"]).toBe(body.counts["00"] / 4000);
    expect(maxRunsOfColor(decodePng(Buffer.from(body.histogram, "base64")), [0x64, 0x8f, 0xff])).toBe(2);
    const again = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: BELL, shots: 4000, seed: 9 } });
    expect(again.json.counts).toEqual(body.counts);
    expect(await prisma.quantumRun.count({ where: { entityType: "circuit" } })).toBe(2);
  });

  it("answers 400 naming the line and column of a parse error", async () => {
    const response = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: "OPENQASM 2.0;\nqreg q[2];\ncx q[0], q[5];" } });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([{ path: "body.qasm", message: "line 3, column 12: index 5 is outside q[0…1]" }]);
  });

  it("answers 400 for too many qubits, bad shots or a missing program", async () => {
    const big = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: "qreg q[40]; h q;" } });
    expect(big.status).toBe(400);
    expect(big.json.detail).toMatch(/^40 qubits need 16384\.0 GiB of statevector .* at most \d+ qubits \(QUANTUM_MAX_QUBITS\)\.$/);
    const shots = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: BELL, shots: 0, seed: "x" } });
    expect(errorPaths(shots.json)).toEqual(["body.seed", "body.shots"]);
    expect(errorPaths((await call(runRoute.POST, "POST", "/quantum/run", { key, body: {} })).json)).toEqual(["body.qasm"]);
  });

  it("answers the k most frequent outcomes with the share and number of the others, bounded by default", async () => {
    const five = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: "qreg q[5]; h q;", shots: 10_000, seed: 3, top: 3 } });
    expect(five.status).toBe(200);
    const { counts, probabilities, distinctOutcomes, otherProbability } = five.json;
    expect(Object.keys(counts)).toHaveLength(3);
    expect(Object.keys(probabilities)).toEqual(Object.keys(counts));
    expect(distinctOutcomes).toBe(32);
    const answered = Object.values(counts as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(otherProbability).toBeCloseTo(1 - answered / 10_000, 12);
    // The three answered are the three most frequent of the full run.
    const all = (await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: "qreg q[5]; h q;", shots: 10_000, seed: 3 } })).json;
    expect(Object.keys(all.counts)).toHaveLength(32);
    expect(all.otherProbability).toBe(0);
    const third = Object.values(all.counts as Record<string, number>).sort((a, b) => b - a)[2];
    for (const [bits, count] of Object.entries(counts)) expect(all.counts[bits]).toBe(count);
    expect(Math.min(...(Object.values(counts) as number[]))).toBe(third);
    // 12 qubits in equal superposition: 4096 outcomes, 1024 answered unless asked otherwise.
    const wide = (await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: "qreg q[12]; h q;", shots: 100_000, seed: 4 } })).json;
    expect(Object.keys(wide.counts)).toHaveLength(1024);
    expect(wide.distinctOutcomes).toBe(4096);
    expect(wide.otherProbability).toBeGreaterThan(0.5);
  });

  it("draws the histogram with Qiskit's options: only outcomes get bars, the share left out is the note, not a bar", async () => {
    const body = { qasm: "qreg q[5]; h q;", shots: 10_000, seed: 3 };
    const BLUE: [number, number, number] = [0x64, 0x8f, 0xff];
    // The grey the rest bar used to be drawn in: no longer in any image.
    const OLD_REST: [number, number, number] = [0x9a, 0xa5, 0xb1];
    // By default 32 outcomes do not fit: 12 bars, most probable first, and no bar for the rest.
    const plain = (await call(runRoute.POST, "POST", "/quantum/run", { key, body })).json;
    const image = decodePng(Buffer.from(plain.histogram, "base64"));
    expect(maxRunsOfColor(image, BLUE)).toBe(12);
    expect(maxRunsOfColor(image, OLD_REST)).toBe(0);
    const kept = (await call(runRoute.POST, "POST", "/quantum/run", { key, body: { ...body, histogram: { sort: "asc", numberToKeep: 4 } } })).json;
    expect(maxRunsOfColor(decodePng(Buffer.from(kept.histogram, "base64")), BLUE)).toBe(4);
    // Bounded to the 3 most frequent outcomes: 3 bars; the 29 others are the note's.
    const bounded = (await call(runRoute.POST, "POST", "/quantum/run", { key, body: { ...body, top: 3 } })).json;
    const boundedImage = decodePng(Buffer.from(bounded.histogram, "base64"));
    expect(maxRunsOfColor(boundedImage, BLUE)).toBe(3);
    expect(maxRunsOfColor(boundedImage, OLD_REST)).toBe(0);
    const hamming = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { ...body, histogram: { sort: "hamming", targetString: "11111" } } });
    expect(hamming.status).toBe(200);
  });

  it("answers 400 for histogram options it cannot follow", async () => {
    const bad = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: BELL, histogram: { sort: "random", numberToKeep: 0, targetString: "12" } } });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.json)).toEqual(["body.histogram.numberToKeep", "body.histogram.sort", "body.histogram.targetString"]);
    const noTarget = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: BELL, histogram: { sort: "hamming" } } });
    expect(noTarget.status).toBe(400);
    expect(errorPaths(noTarget.json)).toEqual(["body.histogram.targetString"]);
    const length = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: BELL, histogram: { sort: "hamming", targetString: "111" } } });
    expect(length.status).toBe(400);
    expect(length.json.detail).toBe("The histogram's targetString must have one character per classical bit (2); it has 3.");
    expect(errorPaths(length.json)).toEqual(["body.histogram.targetString"]);
  });

  it("answers exact probabilities without sampling, and the statevector of a small circuit", async () => {
    const response = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: BELL, shots: 10, seed: 1, exact: true, statevector: true } });
    expect(response.status).toBe(200);
    expect(Object.keys(response.json.exactProbabilities).sort()).toEqual(["00", "11"]);
    expect(response.json.exactProbabilities["00"]).toBeCloseTo(0.5, 12);
    expect(response.json.exactProbabilities["11"]).toBeCloseTo(0.5, 12);
    // Nothing left out: the answer says so.
    expect(response.json.exactOtherProbability).toBe(0);
    expect(response.json.exactOtherOutcomes).toBe(0);
    const r = Math.SQRT1_2;
    (response.json.statevector as [number, number][]).forEach(([re, im], i) => {
      expect(re).toBeCloseTo(i === 0 || i === 3 ? r : 0, 12);
      expect(im).toBeCloseTo(0, 12);
    });
    const plain = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: BELL, shots: 10, seed: 1 } });
    expect(plain.json.exactProbabilities).toBeUndefined();
    expect(plain.json.statevector).toBeUndefined();
    const dynamic = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: 'OPENQASM 2.0; include "qelib1.inc"; qreg q[1]; creg c[2]; h q[0]; measure q[0] -> c[0]; h q[0]; measure q[0] -> c[1];', exact: true } });
    expect(dynamic.json.exactProbabilities).toEqual({ "00": expect.closeTo(0.25, 12), "01": expect.closeTo(0.25, 12), "10": expect.closeTo(0.25, 12), "11": expect.closeTo(0.25, 12) });
    // Truncated to the top 3: the one left out and its exact mass, static and dynamic alike.
    const cut = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: 'OPENQASM 2.0; include "qelib1.inc"; qreg q[1]; creg c[2]; h q[0]; measure q[0] -> c[0]; h q[0]; measure q[0] -> c[1];', exact: true, top: 3 } });
    expect(Object.keys(cut.json.exactProbabilities)).toHaveLength(3);
    expect(cut.json).toMatchObject({ exactOtherOutcomes: 1, exactOtherProbability: expect.closeTo(0.25, 12) });
    const wide = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: 'OPENQASM 2.0; include "qelib1.inc"; qreg q[6]; creg c[6]; h q; measure q -> c;', shots: 10, exact: true, top: 4 } });
    expect(wide.json).toMatchObject({ exactOtherOutcomes: 60, exactOtherProbability: expect.closeTo(60 / 64, 12) });
  });

  it("answers 400 for a bad top, exact or statevector, and for a statevector it cannot give", async () => {
    const bad = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: BELL, top: 0, exact: "yes", statevector: 1 } });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.json)).toEqual(["body.exact", "body.statevector", "body.top"]);
    const big = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: "qreg q[11]; h q;", statevector: true } });
    expect(big.status).toBe(400);
    expect(big.json.detail).toContain("at most 10 qubits without mid-circuit measurement; it has 11 qubits");
    const dynamic = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: "qreg q[1]; creg c[1]; h q[0]; measure q[0] -> c[0]; h q[0];", statevector: true } });
    expect(dynamic.status).toBe(400);
    expect(errorPaths(dynamic.json)).toEqual(["body.statevector"]);
  });

  it("binds an OpenQASM 3 program's inputs from parameters, and answers 400 naming an input without a value or a parameter that is no input", async () => {
    const qasm = 'OPENQASM 3.0;\ninclude "stdgates.inc";\ninput float[64] theta;\nqubit[1] q;\nbit[1] c;\nrx(theta) q[0];\nc[0] = measure q[0];';
    const flipped = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm, parameters: { theta: Math.PI }, shots: 100, seed: 1, exact: true } });
    expect(flipped.status).toBe(200);
    expect(flipped.json.counts).toEqual({ "1": 100 });
    const half = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm, parameters: { theta: Math.PI / 2 }, shots: 100, seed: 1, exact: true } });
    expect(half.json.exactProbabilities["0"]).toBeCloseTo(0.5, 12);
    const missing = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm } });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual([{ path: "body.parameters.theta", message: "line 3, column 17: input 'theta' has no value: send it in parameters" }]);
    const typo = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm, parameters: { theta: 1, thetta: 2 } } });
    expect(typo.status).toBe(400);
    expect(typo.json.errors).toEqual([{ path: "body.parameters.thetta", message: "line 1, column 1: parameter 'thetta' is not an input of the program (its inputs are 'theta')" }]);
    const notNumber = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm, parameters: { theta: "pi" } } });
    expect(notNumber.status).toBe(400);
    expect(errorPaths(notNumber.json)).toEqual(["body.parameters.theta"]);
  });

  it("runs a loop that repeats until a measurement succeeds, and answers 400 for one that never ends or computes no value", async () => {
    const untilOne = 'OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[1] q;\nbit c;\nh q[0];\nc = measure q[0];\nwhile (!c) {\n  reset q[0];\n  h q[0];\n  c = measure q[0];\n}';
    const done = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: untilOne, shots: 200, seed: 3, exact: true } });
    expect(done.status).toBe(200);
    expect(done.json.counts).toEqual({ "1": 200 });
    expect(done.json.exactProbabilities["1"]).toBeCloseTo(1, 12);
    const endless = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: 'OPENQASM 3.0;\nqubit[1] q;\nbit c;\nwhile (!c) { c = measure q[0]; }', shots: 10 } });
    expect(endless.status).toBe(400);
    expect(endless.json.detail).toMatch(/a loop that never ends stops here too\.$/);
    const fraction = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: 'OPENQASM 3.0;\nqubit[1] q;\nbit c;\nx q[0];\nc = measure q[0];\nfloat[64] f = c;\nf = f / 2;\nif ((f & 1) == 0) x q[0];', shots: 10 } });
    expect(fraction.status).toBe(400);
    expect(fraction.json.detail).toBe("The program's classical computation failed while the circuit ran: '&' needs whole numbers, not 0.5.");
  });

  it("runs a program of classical steps only (no qubits), with its histogram and its state", async () => {
    const qasm = 'OPENQASM 3.0;\ninclude "stdgates.inc";\nbit[2] cr;\nif (cr == 1) {\n}';
    const answer = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm, shots: 10, seed: 1, exact: true, statevector: true } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ qubits: 0, clbits: 2, counts: { "00": 10 }, exactProbabilities: { "00": 1 }, statevector: [[1, 0]] });
    expect(answer.json.histogram).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it("binds a bool input and an input named in another script, and answers 400 naming a value of the wrong kind", async () => {
    const qasm = 'OPENQASM 3.0;\ninclude "stdgates.inc";\ninput bool flip;\ninput float[64] θ;\nqubit[1] q;\nbit[1] c;\nif (flip) rx(θ) q[0];\nc[0] = measure q[0];';
    const on = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm, parameters: { flip: true, θ: Math.PI }, shots: 50, seed: 1 } });
    expect(on.status).toBe(200);
    expect(on.json.counts).toEqual({ "1": 50 });
    const off = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm, parameters: { flip: false, θ: Math.PI }, shots: 50, seed: 1 } });
    expect(off.json.counts).toEqual({ "0": 50 });
    const wrongKind = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm, parameters: { flip: 1, θ: Math.PI } } });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.json.errors).toEqual([{ path: "body.parameters.flip", message: "line 3, column 12: input 'flip' is bool: send true or false" }]);
  });

  it("needs a credential", async () => {
    const response = await call(runRoute.POST, "POST", "/quantum/run", { body: { qasm: BELL } });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toContain("Bearer");
  });
});

describe("POST /qmetrics/finance", () => {
  it("maps each bitstring to a behaviour, with the metrics engine's balance and a histogram", async () => {
    const response = await call(financeRoute.POST, "POST", "/qmetrics/finance", { key, body: { walletAddress: WALLET, shots: 3000, seed: 4, tokenMap: { "eth-mainnet": "ETH" } } });
    expect(response.status).toBe(200);
    const body = response.json;
    expect(Object.keys(body).sort()).toEqual(["assessment", "coverage", "quantum_backend", "quantum_results", "seed", "shots", "total_balance_usd", "wallet_address"]);
    expect(Object.keys(body.quantum_results).sort()).toEqual(["analysis", "histogram", "mapped_results", "probabilities"]);
    expect(body).toMatchObject({ wallet_address: WALLET, quantum_backend: "aer", shots: 3000, seed: 4, assessment: "scored", coverage: { status: "indexed" } });
    const report = await buildMetricsReport({ wallet: WALLET, part: "body" });
    expect(body.total_balance_usd).toBe(report.financialMetrics.balance);
    expect(body.total_balance_usd).toBeCloseTo(3000, 6);
    for (const [bits, probability] of Object.entries(body.quantum_results.probabilities)) {
      expect(body.quantum_results.mapped_results[bits]).toEqual({ probability, behavior: WALLET_BEHAVIORS[bits] });
    }
    expect(body.quantum_results.analysis).toContain(`Wallet ${WALLET}`);
    expect(Buffer.from(body.quantum_results.histogram, "base64").subarray(1, 4).toString()).toBe("PNG");
    expect(await prisma.quantumRun.count({ where: { entityType: "wallet", entityId: WALLET } })).toBe(1);
  });

  it("gives a wallet the database has never seen no behaviour, no risk and an insufficient-data assessment", async () => {
    const unseen = "0x9999999999999999999999999999999999999999";
    const response = await call(financeRoute.POST, "POST", "/qmetrics/finance", { key, body: { walletAddress: unseen, shots: 2000, seed: 4 } });
    expect(response.status).toBe(200);
    const body = response.json;
    expect(body).toMatchObject({ wallet_address: unseen, total_balance_usd: 0, assessment: "insufficient-data", coverage: { status: "not-indexed" } });
    expect(body.quantum_results.analysis).toMatch(/^Insufficient data for wallet 0x9999.* Nothing is stored for 0x9999/);
    expect(body.quantum_results.analysis).not.toMatch(/dormant|risk \d|\((Low|Moderate|High|Critical)\)/);
    const behaviors = Object.values(body.quantum_results.mapped_results as Record<string, { behavior: string }>).map((entry) => entry.behavior);
    expect(behaviors.length).toBeGreaterThan(1);
    for (const behavior of behaviors) expect(behavior).toMatch(/^Insufficient data/);
    expect(Math.max(...(Object.values(body.quantum_results.probabilities) as number[]))).toBeLessThan(0.3);
    const run = await prisma.quantumRun.findFirstOrThrow({ where: { entityType: "wallet", entityId: unseen } });
    expect((run.result as { riskScore: number | null }).riskScore).toBeNull();
  });

  it("answers 400 for a bad address, an unknown chain or backend, and 401 without a credential", async () => {
    const bad = await call(financeRoute.POST, "POST", "/qmetrics/finance", { key, body: { walletAddress: "0x12", quantumBackend: "dwave" } });
    expect(errorPaths(bad.json)).toEqual(["body.quantumBackend", "body.walletAddress"]);
    const chain = await call(financeRoute.POST, "POST", "/qmetrics/finance", { key, body: { walletAddress: WALLET, chains: ["no-chain"] } });
    expect(chain.status).toBe(400);
    expect(errorPaths(chain.json)).toEqual(["body.chains.0"]);
    const tokenMap = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`chain-${i}`, "x".repeat(20)]));
    const flood = await call(financeRoute.POST, "POST", "/qmetrics/finance", { key, body: { walletAddress: WALLET, tokenMap } });
    expect(flood.status).toBe(400);
    expect(errorPaths(flood.json)).toEqual(["body.tokenMap"]);
    expect(flood.text.length).toBeLessThan(2_000);
    expect((await call(financeRoute.POST, "POST", "/qmetrics/finance", { body: { walletAddress: WALLET } })).status).toBe(401);
  });

  describe("on ibm_quantum", () => {
    let standIn: StandIn | undefined;
    const configure = (server: StandIn, jobTimeoutMs = 20_000) => {
      Object.assign(process.env, {
        IBM_QUANTUM_API_KEY: GOOD_KEY,
        IBM_QUANTUM_CRN: CRN,
        IBM_QUANTUM_BACKEND: BACKEND,
        IBM_IAM_URL: server.iamUrl,
        IBM_QUANTUM_URL: server.baseUrl,
        IBM_QUANTUM_POLL_MS: "5",
        IBM_QUANTUM_JOB_TIMEOUT_MS: String(jobTimeoutMs),
      });
      resetQuantumConfig();
    };
    afterEach(async () => {
      for (const name of ["IBM_QUANTUM_API_KEY", "IBM_QUANTUM_CRN", "IBM_QUANTUM_BACKEND", "IBM_IAM_URL", "IBM_QUANTUM_URL", "IBM_QUANTUM_POLL_MS", "IBM_QUANTUM_JOB_TIMEOUT_MS"]) delete process.env[name];
      resetQuantumConfig();
      await standIn?.close();
      standIn = undefined;
    });

    it("answers 503 saying what is missing when it is not configured", async () => {
      const response = await call(financeRoute.POST, "POST", "/qmetrics/finance", { key, body: { walletAddress: WALLET, quantumBackend: "ibm_quantum" } });
      expect(response.status).toBe(503);
      expect(response.json.detail).toBe("IBM Quantum: the hosted backend is not configured on this server (set IBM_QUANTUM_API_KEY, IBM_QUANTUM_CRN, IBM_QUANTUM_BACKEND).");
    });

    it("runs the same circuit on the hosted runtime and maps its counts", async () => {
      standIn = await startStandIn({ statuses: ["Queued", "Running", "Completed"] });
      configure(standIn);
      const response = await call(financeRoute.POST, "POST", "/qmetrics/finance", { key, body: { walletAddress: WALLET, quantumBackend: "ibm_quantum", shots: 2000 } });
      expect(response.status).toBe(200);
      expect(response.json.quantum_backend).toBe("ibm_quantum");
      expect(response.json.seed).toBeUndefined();
      expect(standIn.submitted).toHaveLength(1);
      const probabilities = response.json.quantum_results.probabilities as Record<string, number>;
      expect(Object.values(probabilities).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      for (const bits of Object.keys(probabilities)) expect(response.json.quantum_results.mapped_results[bits].behavior).toBe(WALLET_BEHAVIORS[bits]);
      const run = await prisma.quantumRun.findFirst({ where: { entityType: "wallet", backend: `ibm_quantum:${BACKEND}` } });
      expect((run?.result as { response: { jobId: string } }).response.jobId).toBe("job-1");
    });

    it("answers 503 when the hosted job times out", async () => {
      standIn = await startStandIn({ statuses: ["Running"] });
      configure(standIn, 300);
      const response = await call(financeRoute.POST, "POST", "/qmetrics/finance", { key, body: { walletAddress: WALLET, quantumBackend: "ibm_quantum" } });
      expect(response.status).toBe(503);
      expect(response.json.detail).toMatch(/^IBM Quantum: job job-1 did not finish within 300 ms/);
    });
  });
});
