// Who may claim a task, and who is offered it first (docs/agents-at-work.md, "Routing"). Pure.
//
// A task assigned to an agent is that agent's; to a squad, its members'; to a syndicate, the members
// of its squads'. A task that names a required role (or skills) is only for agents whose roles match.
// Among a group's members the best match is offered it first: most roles of the required role, then
// the required role as specialization, then the lowest current load (open runs), then the id. It is
// kept for the best live member (one in contact within its lease) for a while
// (RUN_OFFER_PREFERENCE_SECONDS); after that any member that fits may claim it.

export type AgentFit = {
  agentId: string;
  roles: { roleName: string; skills: string[] }[];
  specialization: string;
  /** Runs it holds open now. */
  load: number;
  /** In contact within its lease (claiming, heartbeating or reporting). */
  live: boolean;
};

export type Offer = {
  taskId: string;
  entityType: "Agent" | "Squad" | "Syndicate" | "MarketplaceItem";
  requiredRole: string | null;
  requiredSkills: string[];
  claimableAt: Date;
};

/** Whether the agent's roles satisfy the task's required role and skills. */
export const fits = (agent: Pick<AgentFit, "roles">, offer: Pick<Offer, "requiredRole" | "requiredSkills">) => {
  if (offer.requiredRole !== null && !agent.roles.some((role) => role.roleName === offer.requiredRole)) return false;
  const skills = new Set(agent.roles.flatMap((role) => role.skills.map((skill) => skill.toLowerCase())));
  return offer.requiredSkills.every((skill) => skills.has(skill.toLowerCase()));
};

/** Orders members best match first (see above). */
export const rankMembers = (members: AgentFit[], offer: Pick<Offer, "requiredRole">): AgentFit[] => {
  const roleCount = (member: AgentFit) => (offer.requiredRole === null ? 0 : member.roles.filter((role) => role.roleName === offer.requiredRole).length);
  const specialized = (member: AgentFit) => (offer.requiredRole !== null && member.specialization === offer.requiredRole ? 1 : 0);
  return [...members].sort(
    (a, b) => roleCount(b) - roleCount(a) || specialized(b) - specialized(a) || a.load - b.load || (a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : 0),
  );
};

/**
 * Whether `agentId` may claim `offer` at `now`. `members`: the agents the task is for (for a task of
 * the agent itself, that agent), with `agentId` among them.
 */
export const mayClaim = (agentId: string, offer: Offer, members: AgentFit[], now: Date, preferenceMs: number): boolean => {
  if (offer.entityType === "MarketplaceItem") return false;
  const self = members.find((member) => member.agentId === agentId);
  if (!self || !fits(self, offer)) return false;
  if (offer.entityType === "Agent") return true;
  if (now.getTime() - offer.claimableAt.getTime() >= preferenceMs) return true;
  const [best] = rankMembers(
    members.filter((member) => (member.live || member.agentId === agentId) && fits(member, offer)),
    offer,
  );
  return best?.agentId === agentId;
};
