// POST /quantum/squad/{squadId}/optimize: reads the squad and the candidate pool, checks the
// constraints (422 naming what cannot be met), runs the search on the simulation pool (never on
// the request thread) and answers the current squad's risk with the best few proposals.
import { AppError, type FieldError } from "../../core/errors";
import { formatRiskScore } from "../analyses/rules";
import { loadAgentInputs, loadSquadInput } from "../analyses";
import { runSimulation } from "../pool";
import { OPTIMIZE_MAX_SIZE, type TOptimizeSquadBody, type TSquadOptimization } from "./schemas";
import { defaultCandidateIds } from "./find-candidates";

const unprocessable = (errors: FieldError[]) => new AppError("unprocessable", `The constraints cannot be met: ${errors.map((e) => `${e.path} ${e.message}`).join("; ")}.`, { errors });

/** The size bounds, defaults filled in around the current size (docs/quantum-model.md, "Optimizer"). */
export const sizeBounds = (current: number, kept: number, size: TOptimizeSquadBody["size"]) => {
  const defaultMin = Math.max(1, current - 1, kept);
  const defaultMax = Math.min(OPTIMIZE_MAX_SIZE, Math.max(current + 1, 3));
  const min = size?.min ?? (size?.max !== undefined ? Math.min(defaultMin, size.max) : defaultMin);
  const max = size?.max ?? Math.max(defaultMax, min);
  return { min, max };
};

export const optimizeSquad = async (squadId: string, body: TOptimizeSquadBody, signal?: AbortSignal): Promise<TSquadOptimization> => {
  const squad = await loadSquadInput(squadId);
  const memberIds = new Set(squad.members.map((member) => member.id));
  const keep = body.keep ?? [];
  const requiredRoles = body.requiredRoles ?? [];
  const errors: FieldError[] = [];
  keep.forEach((id, index) => {
    if (!memberIds.has(id)) errors.push({ path: `body.keep.${index}`, message: `'${id}' is not a member of squad '${squad.id}'` });
  });
  let pool;
  if (body.candidates) {
    pool = await loadAgentInputs(body.candidates);
    const found = new Set(pool.map((agent) => agent.id));
    body.candidates.forEach((id, index) => {
      if (!found.has(id)) errors.push({ path: `body.candidates.${index}`, message: `no agent with id '${id}'` });
    });
    pool = pool.filter((agent) => !memberIds.has(agent.id));
  } else {
    pool = await loadAgentInputs(await defaultCandidateIds(squad.id, requiredRoles));
  }
  if (errors.length > 0) throw unprocessable(errors);

  const size = sizeBounds(squad.members.length, keep.length, body.size);
  const searchable = squad.members.length + pool.length;
  if (size.min > size.max) errors.push({ path: "body.size.min", message: `must not exceed size.max (${size.max})` });
  else if (searchable < size.min) errors.push({ path: "body.size.min", message: `only ${searchable} agents (members and candidates) can be searched` });
  if (keep.length > size.max) errors.push({ path: "body.keep", message: `keeps ${keep.length} members but size.max is ${size.max}` });
  const held = new Set([...squad.members, ...pool].flatMap((agent) => agent.roles));
  requiredRoles.forEach((role, index) => {
    if (!held.has(role)) errors.push({ path: `body.requiredRoles.${index}`, message: `no member or candidate holds the role '${role}'` });
  });
  if (errors.length > 0) throw unprocessable(errors);

  const result = await runSimulation(
    { kind: "squad-optimize", input: { squad, pool, keep, requiredRoles, size, maxProposals: body.maxProposals }, shots: body.shots, seed: body.seed },
    signal,
  );
  const names = new Map([...squad.members, ...pool].map((agent) => [agent.id, agent.name]));
  const named = (ids: string[]) => ids.map((id) => ({ id, name: names.get(id) ?? id }));
  const now = `${formatRiskScore(result.current.risk / 100)} (${result.current.rating})`;
  const best = result.proposals[0];
  const message = best
    ? `${result.proposals.length} membership${result.proposals.length === 1 ? "" : "s"} with a lower risk than the current ${now}; the best reaches ${formatRiskScore(best.riskAfter / 100)} (${best.ratingAfter}).`
    : `The current squad is already the best found: none of the ${result.evaluations} memberships searched (from ${pool.length} candidates, under these constraints) has a risk below its ${now}` +
      (result.complete ? "." : "; the search stopped at its evaluation budget.");
  return {
    squadId: squad.id,
    current: { members: named(squad.members.map((member) => member.id)), risk: result.current.risk, rating: result.current.rating, assessment: result.current.assessment },
    constraints: { size, requiredRoles, keep },
    search: { pool: pool.length, evaluations: result.evaluations, complete: result.complete },
    proposals: result.proposals.map((proposal) => ({
      members: named(proposal.memberIds),
      added: named(proposal.added),
      removed: named(proposal.removed),
      riskBefore: proposal.riskBefore,
      riskAfter: proposal.riskAfter,
      ratingAfter: proposal.ratingAfter,
      reasons: proposal.reasons,
    })),
    message,
  };
};
