// @syndicate/agent: run a connected Syndicate agent (../README.md).
export { runAgent, type Handler, type RunAgentOptions, type RunAgentSummary, type RunContext } from "./run-agent.js";
export { ApiError, createAgentApi, type AgentApi, type AgentApiOptions, type BackOff, type Problem, type Query } from "./api.js";
export type * from "./protocol.js";
