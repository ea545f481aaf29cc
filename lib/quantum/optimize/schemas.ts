// Schemas of the squad composition optimizer: POST /quantum/squad/{squadId}/optimize
// (docs/quantum-model.md, "Optimizer"). Client-safe.
import { z } from "zod";
import { MAX_SQUAD_MEMBERS } from "../../squads/schemas";
import { ZAssessment } from "../analyses/schemas";
import { SEED_MAX, ZId } from "../schemas";

export const OPTIMIZE_MAX_PROPOSALS = 5;
export const OPTIMIZE_DEFAULT_PROPOSALS = 3;
/** Most agent ids a body may list as candidates (and as members to keep). */
export const OPTIMIZE_MAX_CANDIDATES = 500;
export const OPTIMIZE_MAX_REQUIRED_ROLES = 20;
/** The optimizer's shots are only those of the final check of each proposal; risk is exact. */
export const OPTIMIZE_SHOTS_MAX = 10_000;
export const OPTIMIZE_DEFAULT_SHOTS = 256;
/** Largest squad size the optimizer searches: the squad's own member limit. */
export const OPTIMIZE_MAX_SIZE = MAX_SQUAD_MEMBERS;

const uniqueStrings = (what: string) => (items: string[], context: z.core.$RefinementCtx<string[]>) => {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item)) context.addIssue({ code: "custom", path: [index], message: `${what} '${item}' is listed twice` });
    seen.add(item);
  });
};

const ZAgentIds = (description: string) =>
  z
    .array(z.string().min(1, "must not be empty").max(128, "must be at most 128 characters"))
    .max(OPTIMIZE_MAX_CANDIDATES, `at most ${OPTIMIZE_MAX_CANDIDATES} agent ids`)
    .superRefine(uniqueStrings("agent"))
    .optional()
    .describe(description);

const ZSquadSize = z.number().int("must be a whole number").min(1, "must be at least 1").max(OPTIMIZE_MAX_SIZE, `must be at most ${OPTIMIZE_MAX_SIZE}`);

export const ZOptimizeSquadParams = z.object({ squadId: ZId("squadId") });

export const ZOptimizeSquadBody = z
  .object({
    candidates: ZAgentIds(
      "Agent ids the optimizer may add (each must exist, else 422). Absent: the best-scoring agents outside the squad by the model's inputs, plus the best few holding each core or required role (bounded)",
    ),
    size: z
      .object({
        min: ZSquadSize.optional().describe("Fewest members; default the current size − 1 (at least 1 and at least the kept members)"),
        max: ZSquadSize.optional().describe("Most members; default the current size + 1 (at least 3)"),
      })
      .strict()
      .optional()
      .describe("Bounds on the proposed squad's size; min above max is a 422"),
    requiredRoles: z
      .array(z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters"))
      .max(OPTIMIZE_MAX_REQUIRED_ROLES, `at most ${OPTIMIZE_MAX_REQUIRED_ROLES} roles`)
      .superRefine(uniqueStrings("role"))
      .optional()
      .describe("Role names (roleName, e.g. Scout, Builder, Defender, Healer) some member of every proposal must hold; a role no candidate or member holds is a 422"),
    keep: ZAgentIds("Current members every proposal keeps (each must be a member, else 422)"),
    maxProposals: z
      .number()
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(OPTIMIZE_MAX_PROPOSALS, `must be at most ${OPTIMIZE_MAX_PROPOSALS}`)
      .default(OPTIMIZE_DEFAULT_PROPOSALS)
      .describe(`How many proposals to answer at most, 1–${OPTIMIZE_MAX_PROPOSALS}; default ${OPTIMIZE_DEFAULT_PROPOSALS}`),
    shots: z
      .number()
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(OPTIMIZE_SHOTS_MAX, `must be at most ${OPTIMIZE_SHOTS_MAX}`)
      .default(OPTIMIZE_DEFAULT_SHOTS)
      .describe(`Shots of the final analysis run of each proposal, 1–${OPTIMIZE_SHOTS_MAX} (default ${OPTIMIZE_DEFAULT_SHOTS}); risk comes from the exact distribution, so it does not change the ranking`),
    seed: z
      .number()
      .int("must be a whole number")
      .min(0, "must be at least 0")
      .max(SEED_MAX, `must be at most ${SEED_MAX}`)
      .default(0)
      .describe("Seed of the search's move sampling and of the final runs; the same squad, pool, body and seed give the same answer (default 0)"),
  })
  .strict();
export type TOptimizeSquadBody = z.output<typeof ZOptimizeSquadBody>;

const ZOptimizeMember = z.object({ id: z.string().describe("Agent id"), name: z.string().describe("Agent name") });

export const ZSquadProposal = z.object({
  members: z.array(ZOptimizeMember).describe("The proposed membership, in order: the kept members as they stand, then the added ones"),
  added: z.array(ZOptimizeMember).describe("Agents the proposal adds"),
  removed: z.array(ZOptimizeMember).describe("Current members the proposal removes"),
  riskBefore: z.number().describe("The current squad's risk, 0–100 (as the squad analysis computes it)"),
  riskAfter: z.number().describe("The proposed squad's risk, 0–100; always strictly below riskBefore"),
  ratingAfter: z.string().describe("The proposed squad's risk level (Low, Moderate, High, Critical), as the squad analysis would answer"),
  reasons: z.array(z.string()).describe("What changes, dimension by dimension (scores and the metrics behind them)"),
});
export type TSquadProposal = z.infer<typeof ZSquadProposal>;

export const ZSquadOptimization = z.object({
  squadId: z.string(),
  current: z
    .object({
      members: z.array(ZOptimizeMember),
      risk: z.number().describe("Risk 0–100 of the squad as it stands"),
      rating: z.string().describe("Its risk level, or \"Insufficient data\" (the risk is then that of the unknowns simulated at 0.5)"),
      assessment: ZAssessment,
    })
    .describe("The squad as it stands"),
  constraints: z
    .object({
      size: z.object({ min: z.number().int(), max: z.number().int() }),
      requiredRoles: z.array(z.string()),
      keep: z.array(z.string()),
    })
    .describe("The constraints searched under, defaults filled in"),
  search: z
    .object({
      pool: z.number().int().describe("Agents outside the squad that were searched"),
      evaluations: z.number().int().describe("Memberships whose risk was computed"),
      complete: z.boolean().describe("false when the search stopped at its evaluation budget"),
    })
    .describe("How much was searched"),
  proposals: z.array(ZSquadProposal).describe("Up to maxProposals memberships with a strictly lower risk, lowest risk first; empty when none was found"),
  message: z.string().describe("A sentence summing up the answer (why the list is empty, when it is)"),
});
export type TSquadOptimization = z.infer<typeof ZSquadOptimization>;
