// POST /quantum/diagram and the analyses' ?format=svg on a real database.
import { afterEach, describe, expect, it } from "vitest";
import * as diagramRoute from "../../app/quantum/diagram/route";
import * as agentRoute from "../../app/quantum/agent/route";
import * as squadRoute from "../../app/quantum/squad/route";
import * as syndicateRoute from "../../app/quantum/syndicate/route";
import { resetEnv } from "../../lib/config/env";
import { prisma } from "../../lib/db";
import { useApiTest } from "../helpers/api";
import { userWithKey } from "../helpers/factories";
import { call, errorPaths } from "../helpers/http";
import { insertAgent, insertSquad, insertSyndicate } from "./factory";

const TELEPORT = `OPENQASM 2.0;
include "qelib1.inc";
qreg q[3];
creg c0[1];
creg c1[1];
creg c2[1];
u3(0.3, 0.2, 0.1) q[0];
h q[1];
cx q[1], q[2];
barrier q;
cx q[0], q[1];
h q[0];
measure q[0] -> c0[0];
measure q[1] -> c1[0];
if (c0 == 1) z q[2];
if (c1 == 1) x q[2];
measure q[2] -> c2[0];
`;

let agent: string;
let squad: string;
let syndicate: string;
let key: string;
useApiTest({
  setup: async () => {
    agent = await insertAgent();
    squad = await insertSquad([agent]);
    syndicate = await insertSyndicate([squad]);
    ({ key } = await userWithKey("viewer"));
  },
});
afterEach(() => {
  delete process.env.API_PUBLIC_READS;
  resetEnv();
});

// A credential by default: drawing a submitted program needs one (docs/security.md).
const post = (body: unknown, query: Record<string, string> = {}, options: { key?: string } = { key }) =>
  call(diagramRoute.POST, "POST", "/quantum/diagram", { body, query, ...options });

describe("POST /quantum/diagram", () => {
  it("draws a program with mid-circuit measurement and if, without running or storing it", async () => {
    const before = await prisma.quantumRun.count();
    const response = await post({ qasm: TELEPORT, title: "Teleportation" });
    expect(response.status).toBe(200);
    const body = response.json;
    expect(body).toMatchObject({ qubits: 3, clbits: 3, operations: 11, drawn: 11, truncated: false, rows: 1 });
    expect(body.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+"/);
    expect(body.svg).toContain(">Teleportation</text>");
    expect(body.svg).toContain(">c[0]=1</text>");
    expect(body.svg).toContain(">c[1]=1</text>");
    expect(body.svg.match(/>q\[\d\]</g)).toEqual([">q[0]<", ">q[1]<", ">q[2]<"]);
    expect(body.svg).toContain(">U3(0.3, 0.2, 0.1)</text>");
    expect(await prisma.quantumRun.count()).toBe(before);
  });

  it("answers the SVG itself with format=svg", async () => {
    const response = await post({ qasm: 'OPENQASM 3.0; include "stdgates.inc"; qubit[2] q; bit[2] c; h q[0]; cx q[0], q[1]; c = measure q;' }, { format: "svg" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(response.text.startsWith("<svg ")).toBe(true);
    expect(response.text).toContain(">H</text>");
  });

  it("draws the first operations of a long circuit and says how many it left out", async () => {
    const lines = Array.from({ length: 3000 }, (_, k) => `cx q[${k % 20}], q[${(k + 3) % 20}];`);
    const response = await post({ qasm: `OPENQASM 2.0; include "qelib1.inc"; qreg q[20];\n${lines.join("\n")}` });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ qubits: 20, operations: 3020, drawn: 500, truncated: true });
    expect(response.json.rows).toBeGreaterThan(1);
    expect(response.json.svg).toContain("2520 more operations not drawn");
  });

  it("answers 400 naming the line and column of a parse error", async () => {
    const response = await post({ qasm: 'OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg q[2];\nh q[0]\ncx q[0], q[1];' });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(errorPaths(response.json)).toEqual(["body.qasm"]);
    expect(response.json.errors[0].message).toMatch(/^line 5, column 1: expected ';'/);
  });

  it("answers 400 past a reading limit, and for a body or query that breaks the schema", async () => {
    const tooBig = await post({ qasm: 'OPENQASM 2.0; include "qelib1.inc"; qreg q[40]; h q[0];' });
    expect(tooBig.status).toBe(400);
    expect(tooBig.json.detail).toMatch(/40 qubits/);
    expect(errorPaths((await post({})).json)).toEqual(["body.qasm"]);
    expect(errorPaths((await post({ qasm: "qreg q[1];", title: "x".repeat(121) })).json)).toEqual(["body.title"]);
    expect(errorPaths((await post({ qasm: "qreg q[1];" }, { format: "png" })).json)).toEqual(["query.format"]);
    const malformed = await call(diagramRoute.POST, "POST", "/quantum/diagram", { body: "{not json", key });
    expect(malformed.status).toBe(400);
  });

  it("needs a credential even while reads are public (no anonymous program reaches a thread); other methods are 405", async () => {
    const anonymous = await post({ qasm: "qreg q[1]; h q[0];" }, {}, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("content-type")).toMatch(/problem\+json/);
    expect((await post({ qasm: "qreg q[1]; h q[0];" }, {}, { key })).status).toBe(200);
    const get = await call(diagramRoute.GET, "GET", "/quantum/diagram");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });
});

describe("GET /quantum/{agent,squad,syndicate}?format=svg", () => {
  it("answers the analysis circuit's diagram without running it", async () => {
    const before = await prisma.quantumRun.count();
    const response = await call(agentRoute.GET, "GET", "/quantum/agent", { key, query: { agentId: agent, format: "svg" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.text).toContain(`Agent Quantum ${agent}: reliability, delivery, growth`);
    expect(response.text.match(/>q\[\d\]</g)).toEqual([">q[0]<", ">q[1]<", ">q[2]<"]);
    expect(response.text).toMatch(/>RY\([\d.]+\)<\/text>/);
    expect(await prisma.quantumRun.count()).toBe(before);
    const squadSvg = await call(squadRoute.GET, "GET", "/quantum/squad", { query: { squadId: squad, format: "svg" } });
    expect(squadSvg.text).toContain(`Squad Squad ${squad}`);
    const syndicateSvg = await call(syndicateRoute.GET, "GET", "/quantum/syndicate", { query: { syndicateId: syndicate, format: "svg" } });
    expect(syndicateSvg.status).toBe(200);
    expect(syndicateSvg.text).toContain("coordination");
  });

  it("answers 404 for an unknown entity and 400 for an unknown format", async () => {
    expect((await call(agentRoute.GET, "GET", "/quantum/agent", { query: { agentId: "none", format: "svg" } })).status).toBe(404);
    expect(errorPaths((await call(agentRoute.GET, "GET", "/quantum/agent", { query: { agentId: agent, format: "png" } })).json)).toEqual(["query.format"]);
  });
});
