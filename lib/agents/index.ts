// The agents area's public surface.
export * from "./schemas";
export * from "./operations";
export { createAgent } from "./create-agent";
export { getAgentDetails, findAgentDetails, readAgents } from "./get-agent-details";
export { listAgents, listAgentFacets } from "./list-agents";
export { updateAgent } from "./update-agent";
export { deleteAgent } from "./delete-agent";
export { mintRoles, dominantRole } from "./mint-roles";
