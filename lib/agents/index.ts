// The agents area's public surface.
export * from "./schemas";
export * from "./operations";
export { createAgent } from "./create-agent";
export { getAgentDetails, findAgentDetails } from "./get-agent-details";
export { listAgents, listAgentFacets } from "./list-agents";
export { updateAgent } from "./update-agent";
export { deleteAgent } from "./delete-agent";
export { mintRoles, dominantRole } from "./mint-roles";
// For the areas built on agents (squads, syndicates, tasks): an agent's shape and SQL pieces.
export { AGENT_INCLUDE, toAgent, toRole } from "./agent-shape";
export { parsedJson, roleJson, rolesOfAgent } from "./agent-sql";
