// Programs are bounded while they are read: each limit stops the reader before the thing it bounds
// is allocated or expanded, with an error naming the limit and its value. The hostile programs that
// used to exhaust memory or the stack answer 400 through POST /quantum/run, quickly, and the server
// keeps answering.
import fc from "fast-check";
import { resetEnv } from "../../lib/config/env";
import { closeSimulationPool } from "../../lib/quantum/pool";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as runRoute from "../../app/quantum/run/route";
import { memoryRateLimiter, useRateLimiter } from "../../lib/http/rate-limit";
import { resetQuantumConfig } from "../../lib/quantum/config";
import { parseQasm, QasmLimitError, type QasmLimits } from "../../lib/quantum/qasm";
import { useTestDatabase, type TestDatabase } from "../helpers/db";
import { userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";

const limitOf = (source: string, limits: Partial<QasmLimits> = {}) => {
  try {
    parseQasm(source, limits);
  } catch (error) {
    if (error instanceof QasmLimitError) return { limit: error.limit, value: error.value, line: error.line, column: error.column, message: error.message };
    throw error;
  }
  throw new Error("expected a limit error");
};

/** Definitions g0 … g(depth−1), each calling the previous one `fanout` times: fanout^depth operations. */
const nested = (depth: number, fanout = 2) => {
  const lines = ['OPENQASM 2.0;', 'include "qelib1.inc";', "qreg q[1];", "gate g0 a { x a; }"];
  for (let k = 1; k < depth; k += 1) lines.push(`gate g${k} a { ${Array.from({ length: fanout }, () => `g${k - 1} a;`).join(" ")} }`);
  lines.push(`g${depth - 1} q[0];`);
  return lines.join("\n");
};

const deepExpression = (depth: number) => `qreg q[1];\nrx(${"(".repeat(depth)}1${")".repeat(depth)}) q[0];`;

describe("reading limits", () => {
  it("bounds the source size before reading it", () => {
    expect(limitOf("qreg q[1];\n".repeat(10), { maxSourceBytes: 100 })).toEqual({
      limit: "maxSourceBytes", value: 100, line: 1, column: 1, message: "the program is 110 bytes, more than 100 (QUANTUM_MAX_QASM_BYTES)",
    });
    expect(parseQasm(`qreg q[1];${" ".repeat(90)}`, { maxSourceBytes: 100 }).qubits).toBe(1);
  });

  it("bounds qubits and classical bits over all registers, at the declaration", () => {
    expect(limitOf("qreg a[3];\nqreg b[2];", { maxQubits: 4 })).toMatchObject({ limit: "maxQubits", value: 4, line: 2, column: 8 });
    expect(limitOf("qreg q[1];\ncreg c[100000000];")).toEqual({
      limit: "maxClbits", value: 1024, line: 2, column: 8, message: "the program declares more classical bits than 1024 (QUANTUM_MAX_CLBITS)",
    });
    expect(parseQasm("qreg q[1]; creg c[1024]; measure q[0] -> c[7];").clbits).toBe(1024);
  });

  it("bounds the number of gate definitions and how deep they nest", () => {
    const many = ["qreg q[1];", ...Array.from({ length: 6 }, (_, k) => `gate d${k} a { U(0,0,0) a; }`)].join("\n");
    expect(limitOf(many, { maxGateDefinitions: 5 })).toMatchObject({ limit: "maxGateDefinitions", value: 5, line: 7, column: 6 });
    expect(parseQasm(many, { maxGateDefinitions: 6 }).qubits).toBe(1);
    expect(limitOf(nested(5, 1), { maxGateNesting: 4 })).toMatchObject({ limit: "maxGateNesting", value: 4, line: 8, column: 6, message: "gate definitions nest deeper than 4 (QUANTUM_MAX_GATE_NESTING)" });
    expect(parseQasm(nested(4, 1), { maxGateNesting: 4 }).ops).toHaveLength(1);
  });

  it("bounds expression depth: parentheses, long chains and runs of minus signs", () => {
    expect(limitOf(deepExpression(200))).toMatchObject({ limit: "maxExpressionDepth", value: 100, line: 2, message: "an expression nests deeper than 100 (QUANTUM_MAX_EXPRESSION_DEPTH)" });
    expect(limitOf(`qreg q[1];\nrx(${Array.from({ length: 50_000 }, () => "1").join("+")}) q[0];`)).toMatchObject({ limit: "maxExpressionDepth" });
    expect(limitOf(`qreg q[1];\nrx(${"-".repeat(50_000)}1) q[0];`)).toMatchObject({ limit: "maxExpressionDepth" });
    expect(limitOf(`qreg q[1];\ngate g(t) a { rx(${"sin(".repeat(120)}t${")".repeat(120)}) a; }`)).toMatchObject({ limit: "maxExpressionDepth" });
    expect(parseQasm(deepExpression(90)).ops[0].params).toEqual([1]);
    expect(parseQasm(`qreg q[1];\nrx(${Array.from({ length: 99 }, () => "1").join("+")}) q[0];`).ops[0].params).toEqual([99]);
  });

  it("counts operations while expanding, and refuses a call before expanding it when its size is known to be too large", () => {
    expect(limitOf(nested(26))).toEqual({
      limit: "maxOperations", value: 100_000, line: 30, column: 1, message: "the program expands to more operations than 100000 (QUANTUM_MAX_GATES)",
    });
    expect(parseQasm(nested(10)).ops).toHaveLength(512);
    // Many small calls: the count grows call by call and stops at the limit.
    const calls = ["qreg q[2];", "gate pair a, b { cx a, b; cx b, a; }", ..."pair q[0], q[1];\n".repeat(30).trim().split("\n")].join("\n");
    expect(limitOf(calls, { maxOperations: 50 })).toMatchObject({ limit: "maxOperations", value: 50, line: 28 });
    expect(limitOf("qreg q[20]; creg c[20];\nh q;\nmeasure q -> c;", { maxOperations: 30 })).toMatchObject({ limit: "maxOperations", line: 3 });
  });

  it("charges every unrolled iteration of a for loop, and refuses a huge loop at once instead of unrolling it", () => {
    const V3 = 'OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[2] q;\n';
    // 10^9 iterations of a gate: refused after the first iteration, from what it cost (were it unrolled,
    // this test would not end: the refusals below are the proof that nothing is).
    expect(limitOf(`${V3}for int i in [1:1000000000] {\n  h q[0];\n}`)).toEqual({
      limit: "maxOperations", value: 100_000, line: 4, column: 1, message: "the program expands to more operations than 100000 (QUANTUM_MAX_GATES)",
    });
    // 10^9 iterations of nothing still cost their reading.
    expect(limitOf(`${V3}for int i in [1:1000000000] { }`)).toMatchObject({ limit: "maxExpansionSteps", line: 4, column: 1 });
    expect(limitOf(`${V3}for uint i in [0:1000000000] barrier q;`)).toMatchObject({ limit: "maxExpansionSteps", line: 4, column: 1 });
    // Nested loops: 1000 × 1000 gates, refused as the count passes the limit.
    expect(limitOf(`${V3}for int i in [1:1000] {\n  for int j in [1:1000] { x q[1]; }\n}`)).toMatchObject({ limit: "maxOperations", value: 100_000 });
    // A body whose cost varies (a branch on the loop variable) is not judged by its first iteration.
    const firstOnly = `${V3}for int i in [0:999] {\n  if (i == 0) { ${"h q[0]; ".repeat(50)} }\n}`;
    expect(parseQasm(firstOnly).ops).toHaveLength(50);
    expect(parseQasm(`${V3}for int i in [3:-1:1] { pow(i) @ x q[0]; }`, { maxOperations: 6 }).ops).toHaveLength(6);
    // Nested loops that each look cheap: the per-iteration charges stop them.
    expect(limitOf(`${V3}for int i in [1:100000] { for int j in [1:100000] { } }`)).toMatchObject({ limit: "maxExpansionSteps" });
    expect(limitOf(`${V3}for int i in [1:100000] { for int j in [1:100000] { } }`, { maxExpansionSteps: 1000 })).toMatchObject({ limit: "maxExpansionSteps", value: 1000 });
    // Loops nested past the nesting limit, braces or not.
    expect(limitOf(`${V3}${"for int i in [0:0] ".repeat(100)}h q[0];`)).toMatchObject({ limit: "maxGateNesting", line: 4 });
    expect(limitOf(`${V3}${"for int i in [0:0] { ".repeat(100)}h q[0];${" }".repeat(100)}`)).toMatchObject({ limit: "maxGateNesting", line: 4 });
    // Within the limits, what it unrolls to.
    expect(parseQasm(`${V3}for int i in [1:500] { h q[0]; x q[1]; }`, { maxOperations: 1000 }).ops).toHaveLength(1000);
    expect(limitOf(`${V3}for int i in [1:501] { h q[0]; x q[1]; }`, { maxOperations: 1000 })).toMatchObject({ limit: "maxOperations", value: 1000 });
  });

  it("refuses a gate body or definition that names a qubit twice", () => {
    expect(() => parseQasm("qreg q[2];\ngate bad a, b { cx a, a; }")).toThrow("gate 'cx' uses the qubit 'a' twice");
    expect(() => parseQasm("qreg q[2];\ngate bad a, a { cx a, b; }")).toThrow("qubit argument 'a' is named twice");
    expect(() => parseQasm("qreg q[2];\ngate bad(t, t) a { rx(t) a; }")).toThrow("parameter 't' is named twice");
  });

  it("never expands random nested definitions past the operation limit (property)", () => {
    // Random definitions over 2 qubits, each body a few calls of built-ins or earlier definitions.
    const program = fc.record({
      bodies: fc.array(fc.array(fc.nat(), { minLength: 0, maxLength: 6 }), { minLength: 1, maxLength: 40 }),
      calls: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
      maxOperations: fc.integer({ min: 1, max: 5000 }),
    });
    fc.assert(
      fc.property(program, ({ bodies, calls, maxOperations }) => {
        // size[k]: the operations definition k expands to, computed here independently of the parser.
        const size: number[] = [];
        const lines = ["qreg q[2];"];
        bodies.forEach((body, k) => {
          const parts = body.map((pick) => {
            const target = pick % (k + 1); // k means the built-in cx, < k an earlier definition
            return target === k ? { text: "CX a, b;", size: 1 } : { text: `d${target} ${pick % 2 === 0 ? "a, b" : "b, a"};`, size: size[target] };
          });
          size.push(parts.reduce((sum, part) => sum + part.size, 0));
          lines.push(`gate d${k} a, b { ${parts.map((part) => part.text).join(" ")} }`);
        });
        let expected = 0;
        for (const pick of calls) {
          const k = pick % bodies.length;
          lines.push(`d${k} q[0], q[1];`);
          expected += size[k];
        }
        const source = lines.join("\n");
        const limits = { maxOperations, maxGateNesting: 1000 };
        if (expected <= maxOperations) expect(parseQasm(source, limits).ops).toHaveLength(expected);
        else expect(limitOf(source, limits)).toMatchObject({ limit: "maxOperations", value: maxOperations });
      }),
      { seed: 20261123, numRuns: 300 },
    );
  });
});

describe("POST /quantum/run with hostile programs", () => {
  let db: TestDatabase;
  let key: string;
  beforeAll(async () => {
    // These programs test the reader's own limits (400s); the lane's deadline (a 503) is another
    // test's subject, and on a loaded machine reading 50,000 levels can approach it.
    process.env.READER_TIMEOUT_MS = "30000";
    resetEnv();
    await closeSimulationPool();
    resetQuantumConfig();
    db = await useTestDatabase();
    key = (await userWithKey("viewer")).key;
  });
  afterAll(() => db.dispose());
  beforeEach(() => useRateLimiter(memoryRateLimiter()));

  // The payloads of the security report, and their neighbours.
  const HOSTILE: [string, string, RegExp][] = [
    ["definitions nested 26 deep (2^26 operations)", nested(26), /more operations than 100000 \(QUANTUM_MAX_GATES\)/],
    ["definitions nested 200 deep", nested(200, 1), /nest deeper than 64 \(QUANTUM_MAX_GATE_NESTING\)/],
    ["a 94-byte program declaring 10^8 classical bits", 'OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg q[1];\ncreg c[100000000];\nmeasure q[0] -> c[0];', /classical bits than 1024 \(QUANTUM_MAX_CLBITS\)/],
    ["10^6 classical bits", "qreg q[1]; creg c[1000000];", /QUANTUM_MAX_CLBITS/],
    ["an expression nested 50 000 deep", deepExpression(50_000), /nests deeper than 100 \(QUANTUM_MAX_EXPRESSION_DEPTH\)/],
    ["a chain of 40 000 additions", `qreg q[1];\nrx(${Array.from({ length: 40_000 }, () => "1").join("+")}) q[0];`, /QUANTUM_MAX_EXPRESSION_DEPTH/],
    ["a huge register index", "qreg q[99999999999999999999];", /^40 qubits|more qubits than 24 \(QUANTUM_MAX_QUBITS\)/],
  ];

  // A limit refuses each with a 400 naming it (a program that got past the limits would be cut off
  // by the reading deadline instead: a 503). How fast they are refused is a bench row ("hostile").
  it.each(HOSTILE)("%s answers 400 naming the limit", async (_, qasm, detail) => {
    const response = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm } });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(response.json.detail).toMatch(detail);
    expect(JSON.stringify(response.json)).not.toMatch(/\bat .*\.ts:\d+/);
    // The server still runs circuits afterwards.
    const healthy = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: "qreg q[1]; x q[0];", shots: 10, seed: 1 } });
    expect(healthy.json.counts).toEqual({ "1": 10 });
  });

  it("answers 400 for a gate body that repeats a qubit, naming the place", async () => {
    const response = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: 'OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg q[2];\ngate bad a,b { cx a,a; }\nbad q[0], q[1];' } });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([{ path: "body.qasm", message: "line 4, column 21: gate 'cx' uses the qubit 'a' twice" }]);
  });

  it("reads each limit from its setting", async () => {
    process.env.QUANTUM_MAX_CLBITS = "4";
    process.env.QUANTUM_MAX_GATE_NESTING = "3";
    resetQuantumConfig();
    try {
      const bits = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: "qreg q[1]; creg c[5];" } });
      expect(bits.status).toBe(400);
      expect(bits.json.detail).toBe("The OpenQASM program is over a limit: line 1, column 19: the program declares more classical bits than 4 (QUANTUM_MAX_CLBITS).");
      const nesting = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: nested(4, 1) } });
      expect(nesting.json.detail).toMatch(/nest deeper than 3 \(QUANTUM_MAX_GATE_NESTING\)/);
      expect((await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: nested(3, 1), seed: 1 } })).status).toBe(200);
    } finally {
      delete process.env.QUANTUM_MAX_CLBITS;
      delete process.env.QUANTUM_MAX_GATE_NESTING;
      resetQuantumConfig();
    }
  });
});
