// The squad optimizer's search, pure computation on plain data (it runs on a simulation worker
// thread, like the analyses): a bounded beam search over memberships with add, remove and swap
// moves, each membership scored by the squad model's own risk. The few best memberships found are
// then run through the squad analysis itself (runSquadModel), and only those whose risk is
// strictly below the current squad's are answered. Bounded by evaluations and member work (never
// by the clock), so the same input always gives the same answer. docs/quantum-model.md, "Optimizer".
import { splitmix32 } from "../../../core/mix";
import { chainRisk, runSquadModel, squadDimensions, type MemberMetrics, type SquadModelInput } from "../../analyses/rules";
import { assessCoverage } from "../../analyses/rules/coverage";
import { CORE_ROLES, deliveryScore, experienceScore, hasPerformanceMetrics, reliabilityScore, roleCoverage } from "../../analyses/rules/scores";
import { describeChanges } from "./reasons";

export type OptimizeMember = MemberMetrics & { name: string };

export type OptimizeSearchInput = {
  squad: { id: string; name: string; members: OptimizeMember[] };
  /** Agents outside the squad the search may add (already validated and pre-filtered). */
  pool: OptimizeMember[];
  keep: string[];
  requiredRoles: string[];
  size: { min: number; max: number };
  maxProposals: number;
};

export type OptimizeProposal = {
  memberIds: string[];
  added: string[];
  removed: string[];
  /** Risk 0–100, as the squad analysis computes it. */
  riskBefore: number;
  riskAfter: number;
  ratingAfter: string;
  reasons: string[];
};

export type OptimizeSearchResult = {
  current: { risk: number; rating: string; assessment: "scored" | "insufficient-data" };
  proposals: OptimizeProposal[];
  evaluations: number;
  complete: boolean;
};

/** The search's bounds (exported for the tests and the docs). */
export const SEARCH_LIMITS = {
  /** Memberships whose risk is computed, at most. */
  evaluations: 3000,
  /** Σ members over the evaluated memberships, at most (a large squad costs more per evaluation). */
  memberWork: 150_000,
  /** Memberships kept from one round to the next. */
  beamWidth: 4,
  rounds: 30,
  /** Agents outside a membership tried as additions (best by the model's inputs), plus a few holders of each missing role. */
  additions: 12,
  holdersPerMissingRole: 2,
  /** Members tried as removals in swaps (the weakest by the model's inputs). */
  swapOut: 8,
  /** Moves tried from one membership; more are sampled with the seed. */
  movesPerState: 160,
  /** Best memberships run through the analysis for the final check, per proposal asked for. */
  finalistsPerProposal: 3,
};

/** Below this the risks of two memberships count as equal (float noise, not an improvement). */
const EPSILON = 1e-12;

/**
 * A cheap per-agent stand-in for the model's inputs, used only to order candidates: the
 * dimension scores an agent alone would have, weighted as in the squad model. An agent without
 * reported metrics adds nothing to reliability or delivery (the model averages over reporters).
 */
export const agentPromise = (m: MemberMetrics) =>
  (hasPerformanceMetrics(m) ? 0.4 * reliabilityScore(m.uptime, m.errorRate) + 0.35 * deliveryScore(m.completionRate, m.averageResponseTime) : 0) +
  0.25 * (0.6 * roleCoverage(m.roles) + 0.4 * experienceScore(m.experiencePoints));

type Evaluated = { key: string; set: number[]; risk: number; scored: boolean; feasible: boolean; objective: number };

const keyOf = (set: readonly number[]) => set.join(",");

export const optimizeSquadSearch = (input: OptimizeSearchInput, options: { shots: number; seed: number }): OptimizeSearchResult => {
  const { squad, size, requiredRoles, maxProposals } = input;
  // The universe: current members first (in their order), then the pool; ranked once by promise.
  const memberIds = new Set(squad.members.map((member) => member.id));
  const universe: OptimizeMember[] = [...squad.members, ...input.pool.filter((agent) => !memberIds.has(agent.id))];
  const promise = universe.map(agentPromise);
  const ranked = universe.map((_, k) => k).sort((a, b) => promise[b] - promise[a] || (universe[a].id < universe[b].id ? -1 : universe[a].id > universe[b].id ? 1 : 0));
  const rank = new Array<number>(universe.length);
  ranked.forEach((k, r) => (rank[k] = r));
  const roleSets = universe.map((agent) => new Set(agent.roles));
  const keep = new Set(universe.map((agent, k) => (input.keep.includes(agent.id) ? k : -1)).filter((k) => k >= 0));
  const currentSet = squad.members.map((_, k) => k);
  const holds = (set: readonly number[], role: string) => set.some((k) => roleSets[k].has(role));
  const missingRequired = (set: readonly number[]) => requiredRoles.filter((role) => !holds(set, role));
  const modelInput = (set: readonly number[]): SquadModelInput => ({ id: squad.id, name: squad.name, members: set.map((k) => universe[k]) });

  // Every membership evaluated, by key; the budget counts evaluations and members.
  const seen = new Map<string, Evaluated>();
  let evaluations = 0;
  let work = 0;
  let exhausted = false;
  const evaluate = (members: readonly number[]): Evaluated | undefined => {
    const set = [...members].sort((a, b) => a - b);
    const key = keyOf(set);
    const known = seen.get(key);
    if (known) return known;
    if (evaluations >= SEARCH_LIMITS.evaluations || work + set.length > SEARCH_LIMITS.memberWork) {
      exhausted = true;
      return undefined;
    }
    evaluations += 1;
    work += set.length;
    const dimensions = squadDimensions(modelInput(set));
    const risk = chainRisk(dimensions);
    const scored = set.length > 0 && assessCoverage(dimensions, "").status === "sufficient";
    const feasible = set.length >= size.min && set.length <= size.max && [...keep].every((k) => set.includes(k)) && missingRequired(set).length === 0;
    // The beam prefers memberships that could be proposed; the others only lead the way to them.
    const entry = { key, set, risk, scored, feasible, objective: risk + (feasible ? 0 : 1) + (scored ? 0 : 1) };
    seen.set(key, entry);
    return entry;
  };

  // Best first among those not in the set: by promise, plus the best holders of each missing role.
  const additions = (set: readonly number[]) => {
    const inSet = new Set(set);
    const outside = ranked.filter((k) => !inSet.has(k));
    const chosen = outside.slice(0, SEARCH_LIMITS.additions);
    const roles = [...new Set([...requiredRoles, ...CORE_ROLES])].filter((role) => !holds(set, role));
    for (const role of roles) chosen.push(...outside.filter((k) => roleSets[k].has(role)).slice(0, SEARCH_LIMITS.holdersPerMissingRole));
    return [...new Set(chosen)];
  };
  const removable = (set: readonly number[]) => set.filter((k) => !keep.has(k)).sort((a, b) => rank[b] - rank[a]);

  const moves = (set: readonly number[], round: number, index: number): number[][] => {
    const add = additions(set);
    const remove = removable(set);
    const out: number[][] = [];
    if (set.length > size.min) for (const k of remove) out.push(set.filter((j) => j !== k));
    if (set.length < size.max) for (const k of add) out.push([...set, k]);
    for (const k of remove.slice(0, SEARCH_LIMITS.swapOut)) for (const j of add) out.push([...set.filter((m) => m !== k), j]);
    if (out.length <= SEARCH_LIMITS.movesPerState) return out;
    // Too many moves from a large membership: a seeded sample of them (partial Fisher–Yates).
    const next = splitmix32((options.seed ^ Math.imul(round + 1, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) | 0);
    for (let i = 0; i < SEARCH_LIMITS.movesPerState; i += 1) {
      const j = i + (next() % (out.length - i));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out.slice(0, SEARCH_LIMITS.movesPerState);
  };

  // Starting points: the current squad brought within the constraints, and a greedy squad built
  // from the kept members, the best holder of each required role and the most promising agents.
  const repair = (start: number[]) => {
    const set = [...start];
    for (const role of missingRequired(set)) {
      const holder = ranked.find((k) => !set.includes(k) && roleSets[k].has(role));
      if (holder !== undefined) set.push(holder);
    }
    for (const k of [...removable(set)]) {
      if (set.length <= size.max) break;
      const without = set.filter((j) => j !== k);
      if (missingRequired(without).length === 0) set.splice(set.indexOf(k), 1);
    }
    for (const k of ranked) {
      if (set.length >= size.min) break;
      if (!set.includes(k)) set.push(k);
    }
    return set;
  };
  const target = Math.min(size.max, Math.max(size.min, squad.members.length));
  const greedy = repair([...keep]);
  for (const k of ranked) {
    if (greedy.length >= target) break;
    if (!greedy.includes(k)) greedy.push(k);
  }

  const current = evaluate(currentSet)!;
  const order = (a: Evaluated, b: Evaluated) => a.objective - b.objective || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  let beam = [evaluate(repair(currentSet)), evaluate(greedy)].filter((entry): entry is Evaluated => entry !== undefined);
  for (let rounds = 0; rounds < SEARCH_LIMITS.rounds && !exhausted; rounds += 1) {
    const pool = new Map(beam.map((entry) => [entry.key, entry]));
    beam.forEach((entry, index) => {
      for (const move of moves(entry.set, rounds, index)) {
        const evaluated = evaluate(move);
        if (evaluated) pool.set(evaluated.key, evaluated);
      }
    });
    const next = [...pool.values()].sort(order).slice(0, SEARCH_LIMITS.beamWidth);
    // Converged: no move found anything better than the memberships already held.
    if (next.length === beam.length && next.every((entry, k) => entry.key === beam[k].key)) break;
    beam = next;
  }

  // The final check: the current squad and the best few run through the squad analysis itself.
  const analyse = (set: readonly number[]) => runSquadModel(modelInput(set), options);
  const before = analyse(currentSet);
  const riskBefore = before.evaluation.risk * 100;
  // Current members are the indices below squad.members.length, so the changes count without lookups.
  const n = currentSet.length;
  const changes = (set: readonly number[]) => {
    const kept = set.filter((k) => k < n).length;
    return set.length - kept + (n - kept);
  };
  const finalists = [...seen.values()]
    .filter((entry) => entry.feasible && entry.scored && entry.risk < current.risk - EPSILON)
    .map((entry) => ({ entry, changes: changes(entry.set) }))
    .sort((a, b) => a.entry.risk - b.entry.risk || a.changes - b.changes || (a.entry.key < b.entry.key ? -1 : 1))
    .slice(0, maxProposals * SEARCH_LIMITS.finalistsPerProposal);
  const proposals: OptimizeProposal[] = [];
  for (const { entry } of finalists) {
    if (proposals.length >= maxProposals) break;
    const inSet = new Set(entry.set);
    // Kept members in their current order, then the added ones by promise.
    const added = entry.set.filter((k) => k >= n).sort((a, b) => rank[a] - rank[b]);
    const members = [...currentSet.filter((k) => inSet.has(k)), ...added];
    const after = analyse(members);
    const riskAfter = after.evaluation.risk * 100;
    if (!(riskAfter < riskBefore - EPSILON * 100) || after.result.assessment !== "scored") continue;
    proposals.push({
      memberIds: members.map((k) => universe[k].id),
      added: added.map((k) => universe[k].id),
      removed: currentSet.filter((k) => !inSet.has(k)).map((k) => universe[k].id),
      riskBefore,
      riskAfter,
      ratingAfter: after.result.quantumRiskLevel,
      reasons: describeChanges(modelInput(currentSet), before.dimensions, modelInput(members), after.dimensions),
    });
  }
  proposals.sort((a, b) => a.riskAfter - b.riskAfter);
  return {
    current: { risk: riskBefore, rating: before.result.quantumRiskLevel, assessment: before.result.assessment },
    proposals,
    evaluations,
    complete: !exhausted,
  };
};
