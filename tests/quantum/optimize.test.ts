// POST /quantum/squad/{squadId}/optimize on a real database, and the search's law: the optimizer
// never proposes a squad whose risk is not strictly below the current one (fast-check, seeded).
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import * as optimizeRoute from "../../app/quantum/squad/[squadId]/optimize/route";
import * as squadAnalysisRoute from "../../app/quantum/squad/route";
import * as squadRoute from "../../app/api/squads/[squadId]/route";
import * as runsRoute from "../../app/quantum/runs/route";
import { resetEnv } from "../../lib/config/env";
import { prisma } from "../../lib/db";
import { RISK_LEVELS, runSquadModel } from "../../lib/quantum/analyses/rules";
import { optimizeSquadSearch, SEARCH_LIMITS, type OptimizeMember } from "../../lib/quantum/optimize/rules/search";
import { useApiTest } from "../helpers/api";
import { call, errorPaths } from "../helpers/http";
import { insertAgent, insertSquad } from "./factory";

const GOOD = { uptime: 99.95, completionRate: 97, averageResponseTime: 150, errorRate: 0.2, experiencePoints: 150_000 };
const POOR = { uptime: 90, completionRate: 52, averageResponseTime: 2600, errorRate: 7, experiencePoints: 1_500 };

let strong: string;
let healer: string;
let weakA: string;
let weakB: string;
let silent: string;
let weakSquad: string;
let bestSquad: string;
let applySquad: string;
const api = useApiTest({
  withKeys: true,
  setup: async () => {
    strong = await insertAgent(GOOD, ["Scout", "Builder", "Defender", "Scout", "Builder"]);
    healer = await insertAgent({ ...GOOD, completionRate: 93, experiencePoints: 90_000 }, ["Healer", "Healer", "Defender", "Healer", "Healer"]);
    weakA = await insertAgent(POOR, ["Scout", "Scout", "Scout", "Scout", "Scout"]);
    weakB = await insertAgent({ ...POOR, uptime: 93, errorRate: 5 }, ["Builder", "Builder", "Builder", "Builder", "Builder"]);
    silent = await insertAgent({ uptime: 0, completionRate: 0, averageResponseTime: 0, errorRate: 0, experiencePoints: 0 }, ["Healer", "Healer", "Healer", "Healer", "Healer"]);
    weakSquad = await insertSquad([weakA, weakB]);
    bestSquad = await insertSquad([strong, healer]);
    applySquad = await insertSquad([weakA, weakB]);
  },
});
afterEach(() => {
  delete process.env.API_PUBLIC_READS;
  resetEnv();
});

const optimize = (squadId: string, body: unknown = {}, key?: string) =>
  call(optimizeRoute.POST, "POST", `/quantum/squad/${squadId}/optimize`, { params: { squadId }, body, key });

const ids = (members: { id: string }[]) => members.map((member) => member.id);

describe("POST /quantum/squad/{squadId}/optimize", () => {
  it("answers the current risk and proposals with a strictly lower risk, lowest first", async () => {
    const response = await optimize(weakSquad);
    expect(response.status).toBe(200);
    const body = response.json;
    expect(Object.keys(body).sort()).toEqual(["constraints", "current", "message", "proposals", "search", "squadId"]);
    expect(body.squadId).toBe(weakSquad);
    expect(ids(body.current.members)).toEqual([weakA, weakB]);
    expect(body.current.assessment).toBe("scored");
    expect(RISK_LEVELS).toContain(body.current.rating);
    expect(body.constraints).toEqual({ size: { min: 1, max: 3 }, requiredRoles: [], keep: [] });
    expect(body.search.evaluations).toBeGreaterThan(1);
    expect(body.search.evaluations).toBeLessThanOrEqual(SEARCH_LIMITS.evaluations);
    expect(body.proposals.length).toBeGreaterThan(0);
    expect(body.proposals.length).toBeLessThanOrEqual(3);
    expect(body.message).toMatch(/lower risk than the current/);
    for (const proposal of body.proposals) {
      expect(Object.keys(proposal).sort()).toEqual(["added", "members", "ratingAfter", "reasons", "removed", "riskAfter", "riskBefore"]);
      expect(proposal.riskBefore).toBe(body.current.risk);
      expect(proposal.riskAfter).toBeLessThan(proposal.riskBefore);
      expect(RISK_LEVELS).toContain(proposal.ratingAfter);
      expect(proposal.reasons.length).toBeGreaterThan(0);
      // The membership is the current one minus the removed plus the added, within the size bounds.
      const expected = [...[weakA, weakB].filter((id) => !ids(proposal.removed).includes(id)), ...ids(proposal.added)];
      expect(ids(proposal.members)).toEqual(expected);
      expect(proposal.members.length).toBeGreaterThanOrEqual(1);
      expect(proposal.members.length).toBeLessThanOrEqual(3);
      expect(proposal.members.every((member: { name: string }) => member.name.startsWith("Quantum "))).toBe(true);
    }
    const risks = body.proposals.map((proposal: { riskAfter: number }) => proposal.riskAfter);
    expect(risks).toEqual([...risks].sort((a, b) => a - b));
    // The strong agents are what makes the squad better.
    expect(ids(body.proposals[0].added)).toContain(strong);
    expect(body.proposals[0].reasons.join(" ")).toMatch(/reliability rises/);
  });

  it("gives the same answer to the same request", async () => {
    const body = { requiredRoles: ["Healer"], maxProposals: 5, seed: 9 };
    const first = await optimize(weakSquad, body);
    const second = await optimize(weakSquad, body);
    expect(first.status).toBe(200);
    expect(second.json).toEqual(first.json);
  });

  it("keeps to the constraints: candidates, size, required roles and kept members", async () => {
    const response = await optimize(weakSquad, { candidates: [healer, silent], size: { min: 2, max: 2 }, requiredRoles: ["Healer"], keep: [weakB], maxProposals: 5 });
    expect(response.status).toBe(200);
    const { proposals, constraints } = response.json;
    expect(constraints).toEqual({ size: { min: 2, max: 2 }, requiredRoles: ["Healer"], keep: [weakB] });
    expect(response.json.search.pool).toBe(2);
    expect(proposals.length).toBeGreaterThan(0);
    for (const proposal of proposals) {
      expect(proposal.members).toHaveLength(2);
      expect(ids(proposal.members)).toContain(weakB);
      expect(ids(proposal.added).every((id: string) => [healer, silent].includes(id))).toBe(true);
      // Some member holds Healer: only the healer or the silent agent do.
      expect(ids(proposal.members).some((id: string) => [healer, silent].includes(id))).toBe(true);
    }
    expect(ids(proposals[0].members)).toEqual([weakB, healer]);
  });

  it("answers an empty list with a message when the squad is already the best searched", async () => {
    const response = await optimize(bestSquad, { candidates: [weakA, weakB, silent] });
    expect(response.status).toBe(200);
    expect(response.json.proposals).toEqual([]);
    expect(response.json.message).toMatch(/^The current squad is already the best found/);
  });

  it("writes nothing, and the best proposal applied gives the analysis its riskAfter", async () => {
    const before = await prisma.squadMember.findMany({ where: { squadId: applySquad }, orderBy: { position: "asc" } });
    const { json } = await optimize(applySquad, {}, api.viewer);
    expect(await prisma.squadMember.findMany({ where: { squadId: applySquad }, orderBy: { position: "asc" } })).toEqual(before);
    expect(await prisma.quantumRun.count({ where: { entityId: applySquad } })).toBe(0);
    const best = json.proposals[0];

    const put = await call(squadRoute.PUT, "PUT", `/api/squads/${applySquad}`, {
      params: { squadId: applySquad },
      key: api.operator,
      body: { id: applySquad, name: "Applied squad", agents: best.members.map((member: { id: string }) => ({ id: member.id })) },
    });
    expect(put.status).toBe(200);

    const analysis = await call(squadAnalysisRoute.GET, "GET", "/quantum/squad", { key: api.viewer, query: { squadId: applySquad, seed: 1 } });
    expect(analysis.status).toBe(200);
    expect(analysis.json.quantumRiskLevel).toBe(best.ratingAfter);
    const runs = await call(runsRoute.GET, "GET", "/quantum/runs", { key: api.viewer, query: { entityType: "squad", entityId: applySquad } });
    expect(runs.json).toHaveLength(1);
    expect(runs.json[0].riskScore).toBeCloseTo(best.riskAfter, 9);
    expect(runs.json[0].riskScore).toBeLessThan(best.riskBefore);

    // Asked again, the squad now stands at that risk.
    const again = await optimize(applySquad);
    expect(again.json.current.risk).toBeCloseTo(best.riskAfter, 9);
    expect(ids(again.json.current.members)).toEqual(ids(best.members));
  });

  it("answers 200 while some agent outside the squad has the largest experience the column holds", async () => {
    // The pool's ranking added 20,000 to experiencePoints in integer arithmetic: past 2^31 − 20,001 XP
    // any agent outside the squad made every squad's optimization a 500 (integer out of range).
    const veteran = await insertAgent({ uptime: 0, completionRate: 0, averageResponseTime: 0, errorRate: 0, experiencePoints: 2_147_483_647 }, ["Scout", "Scout", "Scout", "Scout", "Scout"]);
    try {
      const response = await optimize(weakSquad);
      expect(response.status).toBe(200);
    } finally {
      await prisma.agent.delete({ where: { id: veteran } });
    }
  });

  it("answers 404 for an unknown squad", async () => {
    const response = await optimize("no-such-squad");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.json.detail).toBe("Squad 'no-such-squad' was not found.");
  });

  it("answers 422 naming an unknown candidate", async () => {
    const response = await optimize(weakSquad, { candidates: [strong, "ghost-agent"] });
    expect(response.status).toBe(422);
    expect(response.json.errors).toEqual([{ path: "body.candidates.1", message: "no agent with id 'ghost-agent'" }]);
    expect(response.json.detail).toContain("ghost-agent");
  });

  // Bodies are built when the test runs: the agents exist only once the database is set up.
  it.each([
    ["a kept agent that is not a member", () => ({ keep: [strong] }), ["body.keep.0"]],
    ["a required role nobody holds", () => ({ requiredRoles: ["Healer", "Oracle"] }), ["body.requiredRoles.1"]],
    ["size.min above size.max", () => ({ size: { min: 3, max: 2 } }), ["body.size.min"]],
    ["more members than can be searched", () => ({ candidates: [strong], size: { min: 4, max: 5 } }), ["body.size.min"]],
    ["more kept members than size.max", () => ({ keep: [weakA, weakB], size: { max: 1 } }), ["body.keep"]],
  ])("answers 422 for %s", async (_, body, paths) => {
    const response = await optimize(weakSquad, body());
    expect(response.status).toBe(422);
    expect(errorPaths(response.json)).toEqual(paths);
  });

  it.each([
    [{ maxProposals: 6 }, "body.maxProposals"],
    [{ maxProposals: 0 }, "body.maxProposals"],
    [{ size: { min: 0 } }, "body.size.min"],
    [{ size: { min: 1.5 } }, "body.size.min"],
    [{ candidates: "everyone" }, "body.candidates"],
    [{ candidates: ["a", "a"] }, "body.candidates.1"],
    [{ requiredRoles: [""] }, "body.requiredRoles.0"],
    [{ shots: 10_001 }, "body.shots"],
    [{ seed: -1 }, "body.seed"],
    [{ colour: "blue" }, "body"],
  ])("answers 400 for %j", async (body, path) => {
    const response = await optimize(weakSquad, body);
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual([path]);
  });

  it("answers 400 for a body that is not JSON", async () => {
    expect((await optimize(weakSquad, "{not json")).status).toBe(400);
  });

  it("answers 401 without a credential when public reads are off", async () => {
    process.env.API_PUBLIC_READS = "false";
    resetEnv();
    expect((await optimize(weakSquad)).status).toBe(401);
    expect((await optimize(weakSquad, {}, api.viewer)).status).toBe(200);
  });
});

// The law, on the pure search (what the worker runs), over small random squads and pools.
const ROLES = ["Scout", "Builder", "Defender", "Healer", "Strategist"];
const arbitraryAgent = fc.record({
  reporting: fc.boolean(),
  uptime: fc.double({ min: 50, max: 100, noNaN: true }),
  completionRate: fc.double({ min: 0, max: 100, noNaN: true }),
  averageResponseTime: fc.double({ min: 1, max: 5000, noNaN: true }),
  errorRate: fc.double({ min: 0, max: 40, noNaN: true }),
  experiencePoints: fc.integer({ min: 0, max: 300_000 }),
  roles: fc.array(fc.constantFrom(...ROLES), { minLength: 5, maxLength: 5 }),
});
type RandomAgent = typeof arbitraryAgent extends fc.Arbitrary<infer A> ? A : never;
const toMember = (prefix: string) => (agent: RandomAgent, k: number): OptimizeMember => ({
  id: `${prefix}${k}`,
  name: `${prefix}${k}`,
  uptime: agent.reporting ? agent.uptime : 0,
  completionRate: agent.reporting ? agent.completionRate : 0,
  averageResponseTime: agent.reporting ? agent.averageResponseTime : 0,
  errorRate: agent.reporting ? agent.errorRate : 0,
  experiencePoints: agent.experiencePoints,
  roles: agent.roles,
});

describe("the optimizer's search", () => {
  it("never proposes a squad whose risk is not strictly below the current one, and keeps to the constraints", () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryAgent, { minLength: 0, maxLength: 5 }),
        fc.array(arbitraryAgent, { minLength: 0, maxLength: 8 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.subarray(ROLES, { maxLength: 2 }),
        fc.integer({ min: 0, max: 1000 }),
        (current, pool, min, extra, requiredRoles, seed) => {
          const members = current.map(toMember("m"));
          const candidates = pool.map(toMember("c"));
          const keep = members.slice(0, 1).map((member) => member.id).filter(() => min >= 1 && seed % 2 === 0);
          const size = { min, max: min + extra };
          const result = optimizeSquadSearch(
            { squad: { id: "s", name: "s", members }, pool: candidates, keep, requiredRoles, size, maxProposals: 5 },
            { shots: 64, seed },
          );
          const analysed = runSquadModel({ id: "s", name: "s", members }, { shots: 64, seed });
          expect(result.current.risk).toBe(analysed.evaluation.risk * 100);
          for (const proposal of result.proposals) {
            expect(proposal.riskAfter).toBeLessThan(result.current.risk);
            const chosen = [...members, ...candidates].filter((agent) => proposal.memberIds.includes(agent.id));
            expect(proposal.memberIds.length).toBeGreaterThanOrEqual(size.min);
            expect(proposal.memberIds.length).toBeLessThanOrEqual(size.max);
            for (const id of keep) expect(proposal.memberIds).toContain(id);
            for (const role of requiredRoles) expect(chosen.some((agent) => agent.roles.includes(role))).toBe(true);
            // riskAfter is the analysis' own risk for that membership.
            const byId = new Map(chosen.map((agent) => [agent.id, agent]));
            const after = runSquadModel({ id: "s", name: "s", members: proposal.memberIds.map((id) => byId.get(id)!) }, { shots: 64, seed });
            expect(proposal.riskAfter).toBe(after.evaluation.risk * 100);
          }
          const risks = result.proposals.map((proposal) => proposal.riskAfter);
          expect(risks).toEqual([...risks].sort((a, b) => a - b));
        },
      ),
      { seed: 171717, numRuns: 60 },
    );
  });

  it("stays within its evaluation budget on a large squad and pool", () => {
    const agent = (prefix: string, k: number): OptimizeMember => ({
      id: `${prefix}${String(k).padStart(4, "0")}`,
      name: `${prefix}${k}`,
      uptime: 90 + (k % 10),
      completionRate: 40 + ((k * 7) % 60),
      averageResponseTime: 100 + ((k * 37) % 3000),
      errorRate: (k * 3) % 20,
      experiencePoints: (k * 977) % 100_000,
      roles: [ROLES[k % 5], ROLES[(k + 1) % 5], ROLES[k % 3], ROLES[k % 4], ROLES[k % 2]],
    });
    const members = Array.from({ length: 150 }, (_, k) => agent("m", k));
    const pool = Array.from({ length: 100 }, (_, k) => agent("c", k + 1000));
    const input = { squad: { id: "s", name: "s", members }, pool, keep: [], requiredRoles: [], size: { min: 140, max: 160 }, maxProposals: 3 };
    const first = optimizeSquadSearch(input, { shots: 16, seed: 3 });
    expect(first.complete).toBe(false);
    expect(first.evaluations * 140).toBeLessThanOrEqual(SEARCH_LIMITS.memberWork);
    expect(first.proposals.every((proposal) => proposal.riskAfter < first.current.risk)).toBe(true);
    expect(optimizeSquadSearch(input, { shots: 16, seed: 3 })).toEqual(first);
  });
});
