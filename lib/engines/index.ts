// The engines area's surface (docs/agents.md): the engines hosted agents run on, the hosted loop
// and its jobs, the toolbox the API layer provides, and an agent's hosting.
export * from "./schemas";
export * from "./operations";
export { listEngines, getEngine, createEngine, updateEngine, deleteEngine } from "./manage-engines";
export { testEngine } from "./test-engine";
export { getAgentHosting, setApprovalPolicy } from "./get-agent-hosting";
export { provideToolbox, toolbox, type Toolbox, type ToolSpec, type ToolResult } from "./provide-toolbox";
export { hostedWorkSubscriber, DISPATCH_KIND, HOSTED_RUN_KIND } from "./queue-hosted-work";
export { hostedRunJob } from "./hosted-run-job";
export { dispatchJobKind, dispatchHostedWork } from "./dispatch-job";
export { workHostedRun, HANDOFF_TOOL } from "./work-hosted-run";
export { enginesConfig, resetEnginesConfig } from "./config";
export { needsApproval } from "./rules/approval";
