// The OpenQASM 3 that `?format=qasm` answers runs unchanged through POST /quantum/run, for every
// entity kind, and gives the distribution the analysis itself reports.
import { describe, expect, it } from "vitest";
import * as agentRoute from "../../app/quantum/agent/route";
import * as runRoute from "../../app/quantum/run/route";
import * as squadRoute from "../../app/quantum/squad/route";
import * as syndicateRoute from "../../app/quantum/syndicate/route";
import { userWithKey } from "../helpers/factories";
import { useApiTest } from "../helpers/api";
import { call } from "../helpers/http";
import { insertAgent, insertSquad, insertSyndicate } from "./factory";

let key: string;
const ids: Record<string, string> = {};

useApiTest({
  setup: async () => {
    key = (await userWithKey("viewer")).key;
    ids.agent = await insertAgent({ uptime: 97, completionRate: 81, averageResponseTime: 650, errorRate: 2.2, experiencePoints: 12_000 });
    const other = await insertAgent({ uptime: 91, completionRate: 55, averageResponseTime: 2400, errorRate: 6, experiencePoints: 900 });
    ids.squad = await insertSquad([ids.agent, other]);
    ids.syndicate = await insertSyndicate([ids.squad, await insertSquad([other])]);
  },
});

type Body = { detailedMetrics: Record<string, Record<string, number>> };
const ROUTES = {
  agent: { route: agentRoute, path: "/quantum/agent", id: "agentId", probabilities: (body: Body) => body.detailedMetrics.bitstringProbabilities },
  squad: { route: squadRoute, path: "/quantum/squad", id: "squadId", probabilities: (body: Body) => body.detailedMetrics.aggregatedBitstringProbabilities },
  syndicate: { route: syndicateRoute, path: "/quantum/syndicate", id: "syndicateId", probabilities: (body: Body) => body.detailedMetrics.aggregatedSyndicateProbabilities },
};

describe("?format=qasm → POST /quantum/run", () => {
  it.each(Object.keys(ROUTES) as (keyof typeof ROUTES)[])("runs the %s export unchanged and matches the analysis", async (kind) => {
    const { route, path, id, probabilities } = ROUTES[kind];
    const exported = await call(route.GET, "GET", path, { query: { [id]: ids[kind], format: "qasm" } });
    expect(exported.status).toBe(200);
    expect(exported.text).toContain("OPENQASM 3.0;");
    const run = await call(runRoute.POST, "POST", "/quantum/run", { key, body: { qasm: exported.text, shots: 8192, seed: 21 } });
    expect(run.status).toBe(200);
    expect(run.json.qubits).toBe(3);
    const analysis = await call(route.GET, "GET", path, { query: { [id]: ids[kind], shots: 8192, seed: 21 } });
    const expected = probabilities(analysis.json);
    for (const bits of new Set([...Object.keys(expected), ...Object.keys(run.json.probabilities)])) {
      expect(Math.abs((run.json.probabilities[bits] ?? 0) - (expected[bits] ?? 0)), bits).toBeLessThan(0.03);
    }
  });
});
