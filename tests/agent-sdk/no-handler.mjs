// A handler file without a handler: the CLI refuses it (tests/agent-sdk/run-agent.test.ts).
export const nothing = 1;
