// Which tool calls of a hosted agent wait for a person (docs/agents.md, "Approvals"): its policy
// says writes (the default: every tool that changes data), all, or none.
export type ApprovalPolicy = "writes" | "all" | "none";

export const needsApproval = (policy: ApprovalPolicy, tool: { write: boolean }): boolean =>
  policy === "all" ? true : policy === "writes" ? tool.write : false;
