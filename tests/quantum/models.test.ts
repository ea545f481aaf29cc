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
} from "../../lib/quantum/analyses/rules";
import { distributeRoles } from "../../lib/quantum/analyses/rules/group";
import { errorScore, uptimeScore } from "../../lib/quantum/analyses/rules/scores";
import { toQasm3 } from "../../lib/quantum/qasm";

const RUNS = { seed: 424242, numRuns: 60 };
const ROLES = ["Scout", "Builder", "Defender", "Healer", "Analyst", "Trader", "Strategist"];

// Reported metrics: all four performance metrics at 0 is what an agent without metrics stores
// (no data, answered "insufficient data"), so the laws range over the others.
const arbitraryMetrics = fc
  .record({
    uptime: fc.double({ min: 0, max: 100, noNaN: true }),
    completionRate: fc.double({ min: 0, max: 100, noNaN: true }),
    averageResponseTime: fc.double({ min: 0, max: 10_000, noNaN: true }),
    errorRate: fc.double({ min: 0, max: 100, noNaN: true }),
    experiencePoints: fc.integer({ min: 0, max: 500_000 }),
    roles: fc.array(fc.constantFrom(...ROLES), { minLength: 5, maxLength: 5 }),
  })
  .filter((m) => m.uptime !== 0 || m.completionRate !== 0 || m.averageResponseTime !== 0 || m.errorRate !== 0);

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

  it("answers insufficient data, not a low risk, for an agent without performance metrics", () => {
    const silent = runAgentModel(agent({ uptime: 0, completionRate: 0, averageResponseTime: 0, errorRate: 0, experiencePoints: 0, roles: ["Scout", "Scout", "Scout", "Scout", "Scout"] }), options);
    expect(silent.result).toMatchObject({ quantumRiskScore: "insufficient data", predictedImprovement: "insufficient data", assessment: "insufficient-data" });
    expect(silent.result.coverage).toEqual({
      status: "insufficient",
      share: 0.25,
      measured: ["growth"],
      missing: ["reliability", "delivery"],
      detail: "25 % of the model's weight rests on measured data; nothing measured for reliability, delivery (no performance metrics reported).",
    });
    expect(silent.result.detailedMetrics.analysis).toMatch(/^Insufficient data for Test \(agent-1\): 25 %/);
    expect(silent.result.optimalRoleAdjustment).toMatch(/^None until the agent reports its performance metrics/);
    // Unknown dimensions are simulated at 0.5, not as a perfect error rate and an instant answer.
    expect(silent.dimensions.slice(0, 2).map((d) => d.score)).toEqual([0.5, 0.5]);
    expectDistribution(silent.result.detailedMetrics.bitstringProbabilities);
    // A real weak agent is scored.
    const weak = runAgentModel(agent({ uptime: 60, completionRate: 20, averageResponseTime: 5000, errorRate: 30, experiencePoints: 0, roles: ["Scout", "Scout", "Scout", "Scout", "Scout"] }), options);
    expect(weak.result.assessment).toBe("scored");
    expect(weak.result.quantumRiskScore).toMatch(/^\d+\.\d\/100$/);
  });

  it("tells every uptime and error rate apart: 90 %, 50 % and 0 % uptime give different risks", () => {
    const base = { completionRate: 80, averageResponseTime: 300, errorRate: 2, experiencePoints: 20_000, roles: ["Scout", "Builder", "Defender", "Healer", "Scout"] };
    const risks = [100, 99, 90, 50, 10, 0].map((uptime) => runAgentModel(agent({ ...base, uptime }), options).result.quantumRiskScore);
    // Strictly rising risk as uptime falls, each visible in the answer's one decimal.
    const values = risks.map((risk) => parseFloat(risk));
    for (let k = 1; k < values.length; k += 1) expect(values[k]).toBeGreaterThan(values[k - 1]);
    const errors = [0, 1, 10, 50, 100].map((errorRate) => parseFloat(runAgentModel(agent({ ...base, uptime: 99, errorRate }), options).result.quantumRiskScore));
    for (let k = 1; k < errors.length; k += 1) expect(errors[k]).toBeGreaterThan(errors[k - 1]);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }), (a, b) => {
        fc.pre(Math.abs(a - b) > 1e-9);
        expect(uptimeScore(a)).not.toBe(uptimeScore(b));
        expect(errorScore(a)).not.toBe(errorScore(b));
      }),
      RUNS,
    );
  });

  it("builds the documented circuit: ry per qubit, cry along the chain", () => {
    const qasm = toQasm3(chainCircuit([1, 0.5, 0]));
    expect(qasm).toContain(`ry(${Math.PI}) q[0];`);
    expect(qasm).toContain(`ry(${0.75 * Math.PI * 0.5}) q[1];`);
    expect(qasm).toContain(`cry(${0.25 * Math.PI * 0.5}) q[0], q[1];`);
    expect(qasm).toContain("cry(0) q[1], q[2];");
  });
});

const NO_METRICS: Metrics = { uptime: 0, completionRate: 0, averageResponseTime: 0, errorRate: 0, experiencePoints: 0, roles: ["Scout", "Scout", "Scout", "Scout", "Scout"] };

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
      fc.property(fc.array(arbitraryMetrics, { minLength: 1, maxLength: 6 }), (list) => {
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

  it("answer insufficient data for an empty squad, a syndicate without squads, and members without metrics", () => {
    const empty = runSquadModel({ id: "s", name: "S", members: [] }, options).result;
    expect(empty).toMatchObject({ quantumRiskLevel: "Insufficient data", predictedSquadImprovement: "insufficient data", optimalRoleDistribution: [], assessment: "insufficient-data" });
    expect(empty.coverage).toMatchObject({ status: "insufficient", share: 0, missing: ["reliability", "delivery", "cohesion"] });
    expect(empty.detailedMetrics.analysis).toMatch(/^Insufficient data for S \(s\), 0 agent\(s\): 0 % of the model's weight/);
    const none = runSyndicateModel({ id: "y", name: "Y", squads: [] }, options).result;
    expect(none.quantumRiskAnalysis).toMatch(/^Insufficient data: 0 % of the model's weight rests on measured data; nothing measured for reliability, delivery, coordination/);
    expect(none.assessment).toBe("insufficient-data");
    const silent = members([{ ...NO_METRICS, experiencePoints: 5000, roles: ["Scout", "Builder", "Defender", "Healer", "Scout"] }, NO_METRICS]);
    const squad = runSquadModel({ id: "s", name: "S", members: silent }, options).result;
    expect(squad).toMatchObject({ quantumRiskLevel: "Insufficient data", assessment: "insufficient-data", coverage: { share: 0.25, missing: ["reliability", "delivery"] } });
    const syndicate = runSyndicateModel({ id: "y", name: "Y", squads: [{ id: "s", name: "S", members: silent }] }, options).result;
    expect(syndicate.quantumRiskAnalysis).toMatch(/^Insufficient data: 15 % of the model's weight/);
  });

  it("average only the members that reported metrics, and say how much is measured", () => {
    const strong: Metrics = { uptime: 99.9, completionRate: 97, averageResponseTime: 120, errorRate: 0.3, experiencePoints: 50_000, roles: ["Scout", "Builder", "Defender", "Healer", "Scout"] };
    const alone = runSquadModel({ id: "s", name: "S", members: members([strong]) }, options);
    const withSilent = runSquadModel({ id: "s", name: "S", members: members([strong, { ...NO_METRICS, experiencePoints: 50_000 }]) }, options);
    // The silent member does not drag reliability and delivery to 0 % uptime and 0 % completion.
    expect(withSilent.dimensions[0].score).toBe(alone.dimensions[0].score);
    expect(withSilent.dimensions[1].score).toBe(alone.dimensions[1].score);
    expect(withSilent.result.assessment).toBe("scored");
    expect(withSilent.result.coverage).toMatchObject({ status: "sufficient", share: 0.625, missing: [] });
    expect(withSilent.result.coverage.detail).toContain("partly measured: reliability 50 %, delivery 50 %");
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

  it("gives a wallet with nothing stored no behaviour and no verdict, and no outcome that stands out", () => {
    const unseen = runWalletModel({ walletAddress: "0xabc", balanceUsd: 0, totalTransactions: 0, overview: { Low: 0, Moderate: 0, High: 0, Uncommon: 0 }, indexed: false }, { shots: 80_000, seed: 3 });
    expect(unseen.assessment).toBe("insufficient-data");
    expect(unseen.modelCoverage).toMatchObject({ status: "insufficient", share: 0 });
    expect(unseen.analysis).toMatch(/^Insufficient data for wallet 0xabc/);
    expect(unseen.analysis).not.toMatch(/dormant|Low|Moderate|High|Critical/);
    for (const entry of Object.values(unseen.mapped)) expect(entry.behavior).toMatch(/^Insufficient data/);
    // All three dimensions unknown (0.5): no outcome stands out (read as zeros, "010" took ~85 %).
    expect(Object.keys(unseen.probabilities)).toHaveLength(8);
    expect(Math.max(...Object.values(unseen.probabilities))).toBeLessThan(0.25);
    // The same zeros from an indexed wallet are facts: scored, with hygiene unknown (no counterparties).
    const empty = runWalletModel({ walletAddress: "0xabc", balanceUsd: 0, totalTransactions: 0, overview: { Low: 0, Moderate: 0, High: 0, Uncommon: 0 } }, options);
    expect(empty.assessment).toBe("scored");
    expect(empty.dimensions[1].score).toBe(0.5);
    expect(empty.modelCoverage.missing).toEqual(["counterparty hygiene"]);
  });
});

describe("distributeRoles", () => {
  it("splits the slots by need with the largest remainder, ties to the earlier role", () => {
    expect(distributeRoles([{ role: "Defender", need: 0.3 }, { role: "Builder", need: 0.1 }, { role: "Scout", need: 0.1 }], 5)).toEqual(["Defender: 3", "Builder: 1", "Scout: 1"]);
    expect(distributeRoles([{ role: "Defender", need: 0 }, { role: "Builder", need: 0 }, { role: "Scout", need: 0 }], 3)).toEqual(["Defender: 1", "Builder: 1", "Scout: 1"]);
    expect(distributeRoles([{ role: "Healer", need: 1 }, { role: "Healer", need: 1 }], 4)).toEqual(["Healer: 4"]);
  });
});
