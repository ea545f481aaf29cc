// The analysis models' laws (fast-check, seeded): better metrics never give a worse risk, the same
// input and seed give the same output, and probabilities are non-negative and sum to 1.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chainCircuit,
  riskLevel,
  runAgentModel,
  runSquadModel,
  runSyndicateModel,
  runWalletModel,
  WALLET_BEHAVIORS,
  type AgentModelInput,
  type MemberMetrics,
} from "../../lib/quantum/models";
import { distributeRoles } from "../../lib/quantum/models/group";
import { toQasm3 } from "../../lib/quantum/qasm";

const RUNS = { seed: 424242, numRuns: 60 };
const ROLES = ["Scout", "Builder", "Defender", "Healer", "Analyst", "Trader", "Strategist"];

const arbitraryMetrics = fc.record({
  uptime: fc.double({ min: 0, max: 100, noNaN: true }),
  completionRate: fc.double({ min: 0, max: 100, noNaN: true }),
  averageResponseTime: fc.double({ min: 0, max: 10_000, noNaN: true }),
  errorRate: fc.double({ min: 0, max: 100, noNaN: true }),
  experiencePoints: fc.integer({ min: 0, max: 500_000 }),
  roles: fc.array(fc.constantFrom(...ROLES), { minLength: 5, maxLength: 5 }),
});

// A change that is no worse in any metric (and may be better in some).
const arbitraryGain = fc.record({
  uptime: fc.double({ min: 0, max: 20, noNaN: true }),
  completionRate: fc.double({ min: 0, max: 40, noNaN: true }),
  averageResponseTime: fc.double({ min: 0, max: 5000, noNaN: true }),
  errorRate: fc.double({ min: 0, max: 50, noNaN: true }),
  experiencePoints: fc.integer({ min: 0, max: 100_000 }),
});

type Metrics = Omit<MemberMetrics, "id">;
const improve = (m: Metrics, gain: typeof arbitraryGain extends fc.Arbitrary<infer G> ? G : never): Metrics => ({
  ...m,
  uptime: Math.min(100, m.uptime + gain.uptime),
  completionRate: Math.min(100, m.completionRate + gain.completionRate),
  averageResponseTime: Math.max(0, m.averageResponseTime - gain.averageResponseTime),
  errorRate: Math.max(0, m.errorRate - gain.errorRate),
  experiencePoints: m.experiencePoints + gain.experiencePoints,
});

const agent = (m: Metrics, id = "agent-1"): AgentModelInput => ({ id, name: "Test", ...m });
const options = { shots: 256, seed: 7 };

const expectDistribution = (probabilities: Record<string, number>, qubits = 3) => {
  const values = Object.values(probabilities);
  expect(values.every((p) => p >= 0)).toBe(true);
  expect(values.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  expect(Object.keys(probabilities).every((bits) => new RegExp(`^[01]{${qubits}}$`).test(bits))).toBe(true);
};

describe("agent model", () => {
  it("never gives a worse risk for better metrics", () => {
    fc.assert(
      fc.property(arbitraryMetrics, arbitraryGain, (metrics, gain) => {
        const before = runAgentModel(agent(metrics), options).evaluation.risk;
        const after = runAgentModel(agent(improve(metrics, gain)), options).evaluation.risk;
        expect(after).toBeLessThanOrEqual(before + 1e-12);
      }),
      RUNS,
    );
  });

  it("gives the same output for the same input and seed, and probabilities that sum to 1", () => {
    fc.assert(
      fc.property(arbitraryMetrics, fc.integer({ min: 0, max: 2 ** 40 }), (metrics, seed) => {
        const a = runAgentModel(agent(metrics), { shots: 300, seed }).result;
        const b = runAgentModel(agent(metrics), { shots: 300, seed }).result;
        expect({ ...a, simulationDuration: "" }).toEqual({ ...b, simulationDuration: "" });
        expectDistribution(a.detailedMetrics.bitstringProbabilities);
        expect(a.predictedImprovement).toMatch(/^-?\d+\.\d%$/);
        expect(a.quantumRiskScore).toMatch(/^\d+\.\d\/100$/);
        expect(a.simulationDuration).toMatch(/^\d+(\.\d+)? (ms|s)$/);
      }),
      RUNS,
    );
  });

  it("rates a strong agent low-risk and a failing one critical, and recommends the weakest dimension's role", () => {
    const strong = runAgentModel(agent({ uptime: 99.99, completionRate: 99, averageResponseTime: 50, errorRate: 0.1, experiencePoints: 400_000, roles: ["Scout", "Builder", "Defender", "Healer", "Scout"] }), options);
    expect(riskLevel(strong.evaluation.risk)).toBe("Low");
    const weak = runAgentModel(agent({ uptime: 80, completionRate: 10, averageResponseTime: 9000, errorRate: 40, experiencePoints: 0, roles: ["Scout", "Scout", "Scout", "Scout", "Scout"] }), options);
    expect(riskLevel(weak.evaluation.risk)).toBe("Critical");
    const noDefender = runAgentModel(agent({ uptime: 91, completionRate: 95, averageResponseTime: 100, errorRate: 9, experiencePoints: 300_000, roles: ["Scout", "Builder", "Builder", "Healer", "Scout"] }), options);
    expect(noDefender.result.optimalRoleAdjustment).toMatch(/^Assign one of the five role slots to Defender to strengthen reliability/);
  });

  it("builds the documented circuit: ry per qubit, cry along the chain", () => {
    const qasm = toQasm3(chainCircuit([1, 0.5, 0]));
    expect(qasm).toContain(`ry(${Math.PI}) q[0];`);
    expect(qasm).toContain(`ry(${0.75 * Math.PI * 0.5}) q[1];`);
    expect(qasm).toContain(`cry(${0.25 * Math.PI * 0.5}) q[0], q[1];`);
    expect(qasm).toContain("cry(0) q[1], q[2];");
  });
});

const members = (list: Metrics[]) => list.map((m, k) => ({ id: `m${k}`, ...m }));

describe("squad and syndicate models", () => {
  it("never give a worse risk when one member gets better", () => {
    fc.assert(
      fc.property(fc.array(arbitraryMetrics, { minLength: 1, maxLength: 6 }), fc.nat(), arbitraryGain, (list, pick, gain) => {
        const k = pick % list.length;
        const better = list.map((m, j) => (j === k ? improve(m, gain) : m));
        const squadBefore = runSquadModel({ id: "s", name: "S", members: members(list) }, options).evaluation.risk;
        const squadAfter = runSquadModel({ id: "s", name: "S", members: members(better) }, options).evaluation.risk;
        expect(squadAfter).toBeLessThanOrEqual(squadBefore + 1e-12);
        // Two squads sharing member 0: the syndicate counts every agent once.
        const split = (l: Metrics[]) => [
          { id: "a", name: "A", members: members(l).slice(0, Math.ceil(l.length / 2)) },
          { id: "b", name: "B", members: [members(l)[0], ...members(l).slice(Math.ceil(l.length / 2))] },
        ];
        const syndicateBefore = runSyndicateModel({ id: "y", name: "Y", squads: split(list) }, options).evaluation.risk;
        const syndicateAfter = runSyndicateModel({ id: "y", name: "Y", squads: split(better) }, options).evaluation.risk;
        expect(syndicateAfter).toBeLessThanOrEqual(syndicateBefore + 1e-12);
      }),
      RUNS,
    );
  });

  it("give the same output for the same input and seed, whatever the member order", () => {
    fc.assert(
      fc.property(fc.array(arbitraryMetrics, { minLength: 0, maxLength: 6 }), (list) => {
        const a = runSquadModel({ id: "s", name: "S", members: members(list) }, options).result;
        const b = runSquadModel({ id: "s", name: "S", members: members(list).reverse() }, options).result;
        expect({ ...a, simulationDuration: "" }).toEqual({ ...b, simulationDuration: "" });
        expectDistribution(a.detailedMetrics.aggregatedBitstringProbabilities);
        expect(a.optimalRoleDistribution.reduce((sum, entry) => sum + Number(entry.split(": ")[1]), 0)).toBe(Math.max(3, list.length));
        const y = runSyndicateModel({ id: "y", name: "Y", squads: [{ id: "s", name: "S", members: members(list) }] }, options).result;
        expectDistribution(y.detailedMetrics.aggregatedSyndicateProbabilities);
        expect(y.quantumRiskAnalysis).toMatch(/^(Low|Moderate|High|Critical) risk \(\d+\.\d\/100\)/);
      }),
      RUNS,
    );
  });

  it("rates an empty squad and a syndicate without squads as critical", () => {
    expect(runSquadModel({ id: "s", name: "S", members: [] }, options).result.quantumRiskLevel).toBe("Critical");
    expect(runSyndicateModel({ id: "y", name: "Y", squads: [] }, options).result.quantumRiskAnalysis).toMatch(/^Critical risk/);
  });
});

describe("wallet model", () => {
  const arbitraryWallet = fc.record({
    balanceUsd: fc.double({ min: 0, max: 1e7, noNaN: true }),
    totalTransactions: fc.integer({ min: 0, max: 10_000 }),
    overview: fc.record({ Low: fc.nat(50), Moderate: fc.nat(50), High: fc.nat(50), Uncommon: fc.nat(50) }),
  });

  it("never gives a worse risk for more balance, more activity or fewer uncommon counterparties", () => {
    fc.assert(
      fc.property(arbitraryWallet, fc.double({ min: 0, max: 1e6, noNaN: true }), fc.nat(100), fc.nat(50), (w, more, tx, cleaned) => {
        const moved = Math.min(cleaned, w.overview.Uncommon);
        const base = { walletAddress: "0xabc", ...w };
        const better = {
          ...base,
          balanceUsd: w.balanceUsd + more,
          totalTransactions: w.totalTransactions + tx,
          overview: { ...w.overview, Uncommon: w.overview.Uncommon - moved, Low: w.overview.Low + moved },
        };
        expect(runWalletModel(better, options).risk).toBeLessThanOrEqual(runWalletModel(base, options).risk + 1e-12);
      }),
      RUNS,
    );
  });

  it("maps every bitstring to a described behaviour and keeps probabilities a distribution", () => {
    fc.assert(
      fc.property(arbitraryWallet, (w) => {
        const result = runWalletModel({ walletAddress: "0xabc", ...w }, options);
        expectDistribution(result.probabilities);
        for (const [bits, entry] of Object.entries(result.mapped)) {
          expect(entry.probability).toBe(result.probabilities[bits]);
          expect(entry.behavior).toBe(WALLET_BEHAVIORS[bits]);
        }
      }),
      RUNS,
    );
    expect(Object.keys(WALLET_BEHAVIORS).sort()).toEqual(["000", "001", "010", "011", "100", "101", "110", "111"]);
  });
});

describe("distributeRoles", () => {
  it("splits the slots by need with the largest remainder, ties to the earlier role", () => {
    expect(distributeRoles([{ role: "Defender", need: 0.3 }, { role: "Builder", need: 0.1 }, { role: "Scout", need: 0.1 }], 5)).toEqual(["Defender: 3", "Builder: 1", "Scout: 1"]);
    expect(distributeRoles([{ role: "Defender", need: 0 }, { role: "Builder", need: 0 }, { role: "Scout", need: 0 }], 3)).toEqual(["Defender: 1", "Builder: 1", "Scout: 1"]);
    expect(distributeRoles([{ role: "Healer", need: 1 }, { role: "Healer", need: 1 }], 4)).toEqual(["Healer: 4"]);
  });
});
