// GET /quantum/agent, /quantum/squad, /quantum/syndicate and /quantum/runs on a real database.
import { afterEach, describe, expect, it } from "vitest";
import * as agentRoute from "../../app/quantum/agent/route";
import * as squadRoute from "../../app/quantum/squad/route";
import * as syndicateRoute from "../../app/quantum/syndicate/route";
import * as runsRoute from "../../app/quantum/runs/route";
import * as agentsRoute from "../../app/api/agents/route";
import { resetEnv } from "../../lib/config/env";
import { prisma } from "../../lib/db";
import { useApiTest } from "../helpers/api";
import { userWithKey } from "../helpers/factories";
import { call, errorPaths } from "../helpers/http";
import { insertAgent, insertSquad, insertSyndicate } from "./factory";
import { decodePng, PNG_SIGNATURE } from "./png";

let strong: string;
let weak: string;
let squad: string;
let syndicate: string;
let key: string;
useApiTest({
  setup: async () => {
    strong = await insertAgent({ uptime: 99.9, completionRate: 97, averageResponseTime: 120, errorRate: 0.3, experiencePoints: 180_000 });
    weak = await insertAgent({ uptime: 91, completionRate: 55, averageResponseTime: 2400, errorRate: 6, experiencePoints: 900 }, ["Scout", "Scout", "Scout", "Builder", "Scout"]);
    squad = await insertSquad([strong, weak]);
    const other = await insertSquad([weak]);
    syndicate = await insertSyndicate([squad, other]);
    ({ key } = await userWithKey("viewer"));
  },
});
afterEach(() => {
  delete process.env.SHOTS_MAX;
  delete process.env.API_PUBLIC_READS;
  resetEnv();
});

const sum = (probabilities: Record<string, number>) => Object.values(probabilities).reduce((a, b) => a + b, 0);

const expectHistogram = (base64: string) => {
  const png = Buffer.from(base64, "base64");
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(decodePng(png).width).toBeGreaterThan(100);
};

describe("GET /quantum/agent", () => {
  it("answers the contract's fields (and the documented additions) and keeps the run of a credential", async () => {
    const response = await call(agentRoute.GET, "GET", "/quantum/agent", { key, query: { agentId: strong, shots: 2048, seed: 11 } });
    expect(response.status).toBe(200);
    const body = response.json;
    expect(Object.keys(body).sort()).toEqual(
      ["agentId", "assessment", "backend", "coverage", "detailedMetrics", "histogram", "optimalRoleAdjustment", "predictedImprovement", "quantumRiskScore", "seed", "shots", "simulationDuration"].sort(),
    );
    expect(Object.keys(body.detailedMetrics).sort()).toEqual(["analysis", "bitstringProbabilities"]);
    expect(body).toMatchObject({ agentId: strong, seed: 11, shots: 2048, backend: "aer", assessment: "scored" });
    expect(body.coverage).toMatchObject({ status: "sufficient", share: 1, measured: ["reliability", "delivery", "growth"], missing: [] });
    expect(body.predictedImprovement).toMatch(/^-?\d+\.\d%$/);
    expect(body.quantumRiskScore).toMatch(/^\d+\.\d\/100$/);
    expect(body.simulationDuration).toMatch(/^\d+(\.\d+)? (ms|s)$/);
    expect(Object.keys(body.detailedMetrics.bitstringProbabilities).every((bits) => /^[01]{3}$/.test(bits))).toBe(true);
    expect(sum(body.detailedMetrics.bitstringProbabilities)).toBeCloseTo(1, 12);
    expect(body.detailedMetrics.analysis).toContain(strong);
    expectHistogram(body.histogram);
    const runs = await prisma.quantumRun.findMany({ where: { entityType: "agent", entityId: strong } });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ backend: "aer", qubits: 3, shots: 2048, seed: "11" });
  });

  it("gives the same answer for the same seed, and a better agent a lower risk", async () => {
    const a = (await call(agentRoute.GET, "GET", "/quantum/agent", { query: { agentId: weak, seed: 5 } })).json;
    const b = (await call(agentRoute.GET, "GET", "/quantum/agent", { query: { agentId: weak, seed: 5 } })).json;
    expect({ ...a, simulationDuration: "" }).toEqual({ ...b, simulationDuration: "" });
    expect(a.shots).toBe(1024);
    const good = (await call(agentRoute.GET, "GET", "/quantum/agent", { query: { agentId: strong, seed: 5 } })).json;
    expect(parseFloat(good.quantumRiskScore)).toBeLessThan(parseFloat(a.quantumRiskScore));
    expect(a.optimalRoleAdjustment).toMatch(/Defender/);
  });

  it("answers the circuit as OpenQASM 3 with format=qasm, without running it", async () => {
    const before = await prisma.quantumRun.count();
    const response = await call(agentRoute.GET, "GET", "/quantum/agent", { query: { agentId: strong, format: "qasm" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.text).toMatch(/OPENQASM 3\.0;\ninclude "stdgates\.inc";/);
    expect(response.text).toMatch(/ry\([\d.e-]+\) q\[0\];/);
    expect(response.text).toContain("cry(");
    expect(response.text).toContain("c[2] = measure q[2];");
    expect(await prisma.quantumRun.count()).toBe(before);
  });

  it("answers 404 for an unknown agent", async () => {
    const response = await call(agentRoute.GET, "GET", "/quantum/agent", { query: { agentId: "nobody" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.json.detail).toBe("Agent 'nobody' was not found.");
  });

  it.each([
    [{ shots: 0 }, "shots must be between 1 and 1000000"],
    [{ shots: 1_000_001 }, "shots must be between 1 and 1000000"],
    [{ shots: 2.5 }, "shots must be a whole number"],
    [{ shots: "many" }, "Invalid input: expected number, received NaN"],
    [{ seed: -1 }, "seed must be at least 0"],
    [{ format: "svg" }, undefined],
  ])("answers 400 for %j", async (query, message) => {
    const response = await call(agentRoute.GET, "GET", "/quantum/agent", { query: { agentId: strong, ...query } as Record<string, string | number> });
    expect(response.status).toBe(400);
    const [name] = Object.keys(query);
    expect(errorPaths(response.json)).toEqual([`query.${name}`]);
    if (message) expect(response.json.errors[0].message).toBe(message);
  });

  it("answers 400 without agentId, and follows SHOTS_MAX", async () => {
    expect(errorPaths((await call(agentRoute.GET, "GET", "/quantum/agent")).json)).toEqual(["query.agentId"]);
    process.env.SHOTS_MAX = "5000";
    resetEnv();
    const over = await call(agentRoute.GET, "GET", "/quantum/agent", { query: { agentId: strong, shots: 5001 } });
    expect(over.json.errors).toEqual([{ path: "query.shots", message: "shots must be between 1 and 5000" }]);
    expect((await call(agentRoute.GET, "GET", "/quantum/agent", { query: { agentId: strong, shots: 5000 } })).status).toBe(200);
  });

  it("needs a credential when public reads are off, and answers 405 for other methods", async () => {
    process.env.API_PUBLIC_READS = "false";
    resetEnv();
    expect((await call(agentRoute.GET, "GET", "/quantum/agent", { query: { agentId: strong } })).status).toBe(401);
    const post = await call(agentRoute.POST, "POST", "/quantum/agent");
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
  });
});

describe("GET /quantum/squad and /quantum/syndicate", () => {
  it("answers a squad's contract fields", async () => {
    const response = await call(squadRoute.GET, "GET", "/quantum/squad", { query: { squadId: squad, shots: 500, seed: 3 } });
    expect(response.status).toBe(200);
    const body = response.json;
    expect(Object.keys(body).sort()).toEqual(
      ["assessment", "backend", "coverage", "detailedMetrics", "histogram", "optimalRoleDistribution", "predictedSquadImprovement", "quantumRiskLevel", "seed", "shots", "simulationDuration", "squadId"].sort(),
    );
    expect(Object.keys(body.detailedMetrics).sort()).toEqual(["aggregatedBitstringProbabilities", "analysis"]);
    expect(body.squadId).toBe(squad);
    expect(["Low", "Moderate", "High", "Critical"]).toContain(body.quantumRiskLevel);
    expect(body.optimalRoleDistribution.every((entry: string) => /^[A-Za-z]+: \d+$/.test(entry))).toBe(true);
    expect(sum(body.detailedMetrics.aggregatedBitstringProbabilities)).toBeCloseTo(1, 12);
    expectHistogram(body.histogram);
  });

  it("answers a syndicate's contract fields", async () => {
    const response = await call(syndicateRoute.GET, "GET", "/quantum/syndicate", { query: { syndicateId: syndicate, seed: 3 } });
    expect(response.status).toBe(200);
    const body = response.json;
    expect(Object.keys(body).sort()).toEqual(
      ["assessment", "backend", "coverage", "detailedMetrics", "histogram", "predictedSyndicateImprovement", "quantumRiskAnalysis", "seed", "shots", "simulationDuration", "syndicateId"].sort(),
    );
    expect(Object.keys(body.detailedMetrics).sort()).toEqual(["aggregatedSyndicateProbabilities", "analysis"]);
    expect(body.quantumRiskAnalysis).toMatch(/^(Low|Moderate|High|Critical) risk \(\d+\.\d\/100\): .*2 squad\(s\), 2 agent\(s\)\. 100 % of the model's weight rests on measured data\.$/);
    expect(sum(body.detailedMetrics.aggregatedSyndicateProbabilities)).toBeCloseTo(1, 12);
  });

  it("answers 404 for unknown ids, 400 for bad shots, and QASM on request", async () => {
    expect((await call(squadRoute.GET, "GET", "/quantum/squad", { query: { squadId: "none" } })).json.detail).toBe("Squad 'none' was not found.");
    expect((await call(syndicateRoute.GET, "GET", "/quantum/syndicate", { query: { syndicateId: "none" } })).status).toBe(404);
    expect(errorPaths((await call(syndicateRoute.GET, "GET", "/quantum/syndicate", { query: { syndicateId: syndicate, shots: -4 } })).json)).toEqual(["query.shots"]);
    expect(errorPaths((await call(squadRoute.GET, "GET", "/quantum/squad", {})).json)).toEqual(["query.squadId"]);
    const qasm = await call(syndicateRoute.GET, "GET", "/quantum/syndicate", { query: { syndicateId: syndicate, format: "qasm" } });
    expect(qasm.text).toContain("coordination");
  });
});

describe("missing data is not good data", () => {
  it("answers insufficient data for an agent created without metrics, where a real weak agent gets a risk", async () => {
    const operator = await userWithKey("operator");
    const id = "quantum-no-metrics";
    const created = await call(agentsRoute.POST, "POST", "/api/agents", { key: operator.key, body: { id, name: "Fresh agent", aiEngine: "GPT-4o" } });
    expect(created.status).toBe(201);
    const fresh = (await call(agentRoute.GET, "GET", "/quantum/agent", { key, query: { agentId: id, seed: 2 } })).json;
    expect(fresh).toMatchObject({ agentId: id, assessment: "insufficient-data", quantumRiskScore: "insufficient data", predictedImprovement: "insufficient data" });
    expect(fresh.coverage).toMatchObject({ status: "insufficient", share: 0.25, missing: ["reliability", "delivery"] });
    expect(fresh.detailedMetrics.analysis).toMatch(/^Insufficient data for Fresh agent \(quantum-no-metrics\)/);
    expect(sum(fresh.detailedMetrics.bitstringProbabilities)).toBeCloseTo(1, 12);
    expectHistogram(fresh.histogram);
    const stored = await call(runsRoute.GET, "GET", "/quantum/runs", { query: { entityType: "agent", entityId: id } });
    expect(stored.json[0].riskScore).toBeNull();
    expect(stored.json[0].improvementPercent).toBeNull();
    const qasm = (await call(agentRoute.GET, "GET", "/quantum/agent", { query: { agentId: id, format: "qasm" } })).text;
    expect(qasm).toContain("// q[0] reliability: score 0.500000 from uptime and error rate (nothing measured: unknown, 0.5)");
    expect(qasm).not.toContain("growth: score 0.000000 from experience points (nothing");
    const real = (await call(agentRoute.GET, "GET", "/quantum/agent", { query: { agentId: weak, seed: 2 } })).json;
    expect(real.assessment).toBe("scored");
    expect(real.quantumRiskScore).toMatch(/^\d+\.\d\/100$/);
  });

  it("answers insufficient data for an empty squad, a squad of agents without metrics and their syndicate", async () => {
    const silent = await insertAgent({ uptime: 0, completionRate: 0, averageResponseTime: 0, errorRate: 0 });
    const empty = (await call(squadRoute.GET, "GET", "/quantum/squad", { query: { squadId: await insertSquad([]), seed: 1 } })).json;
    expect(empty).toMatchObject({ quantumRiskLevel: "Insufficient data", optimalRoleDistribution: [], assessment: "insufficient-data", coverage: { share: 0 } });
    const quietSquad = await insertSquad([silent]);
    const quiet = (await call(squadRoute.GET, "GET", "/quantum/squad", { query: { squadId: quietSquad, seed: 1 } })).json;
    expect(quiet).toMatchObject({ quantumRiskLevel: "Insufficient data", assessment: "insufficient-data", coverage: { status: "insufficient", missing: ["reliability", "delivery"] } });
    const quietSyndicate = (await call(syndicateRoute.GET, "GET", "/quantum/syndicate", { query: { syndicateId: await insertSyndicate([quietSquad]), seed: 1 } })).json;
    expect(quietSyndicate.quantumRiskAnalysis).toMatch(/^Insufficient data: /);
    expect(quietSyndicate.assessment).toBe("insufficient-data");
    // One reporting member is enough for half the squad's data: scored, and partial coverage said.
    const mixed = (await call(squadRoute.GET, "GET", "/quantum/squad", { query: { squadId: await insertSquad([strong, silent]), seed: 1 } })).json;
    expect(["Low", "Moderate", "High", "Critical"]).toContain(mixed.quantumRiskLevel);
    expect(mixed.coverage).toMatchObject({ status: "sufficient", share: 0.625 });
  });
});

describe("GET /quantum/runs", () => {
  it("lists an entity's runs newest first, paged", async () => {
    const entity = await insertAgent();
    for (const seed of [1, 2, 3]) await call(agentRoute.GET, "GET", "/quantum/agent", { key, query: { agentId: entity, seed } });
    const first = await call(runsRoute.GET, "GET", "/quantum/runs", { query: { entityType: "agent", entityId: entity, limit: 2 } });
    expect(first.status).toBe(200);
    expect(first.headers.get("x-total-count")).toBe("3");
    expect(first.json.map((run: { seed: string }) => run.seed)).toEqual(["3", "2"]);
    expect(first.json[0]).toMatchObject({ entityType: "agent", entityId: entity, backend: "aer", qubits: 3, shots: 1024 });
    expect(typeof first.json[0].riskScore).toBe("number");
    expect(sum(first.json[0].probabilities)).toBeCloseTo(1, 12);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get("link") ?? "")![1];
    const url = new URL(next, "http://localhost");
    const second = await call(runsRoute.GET, "GET", url.pathname, { query: Object.fromEntries(url.searchParams) });
    expect(second.json.map((run: { seed: string }) => run.seed)).toEqual(["1"]);
    expect(second.headers.get("link")).toBeNull();
  });

  it("answers 400 for an unknown entity type or limit", async () => {
    const response = await call(runsRoute.GET, "GET", "/quantum/runs", { query: { entityType: "planet", limit: 0 } });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["query.entityType", "query.limit"]);
  });
});
