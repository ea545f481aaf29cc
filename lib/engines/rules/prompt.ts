// A hosted agent's instructions (docs/agents.md, "The hosted loop"): who it is (its roles, skills
// and specialization), what the task asks, how to use its tools and when it is done.
export type PromptAgent = { id: string; name: string; specialization: string; roles: { roleName: string; skills: string[] }[] };
export type PromptTask = { id: string; description: string; notes: string | null; priority: string | null; dueDate: string | null; requiredRole: string | null; requiredSkills: string[] };

const APPROVALS = {
  writes: "Tool calls that change data wait for a person's approval before they run; a person may reject one, then do without it.",
  all: "Every tool call waits for a person's approval before it runs; a person may reject one, then do without it.",
  none: "",
} as const;

export const systemPrompt = (agent: PromptAgent, options: { canHandOff: boolean; approvalPolicy: keyof typeof APPROVALS }) => {
  const roles = agent.roles.map((role) => `${role.roleName}${role.skills.length ? ` (${role.skills.join(", ")})` : ""}`).join("; ");
  return [
    `You are ${agent.name} (agent ${agent.id}), an autonomous agent of Syndicate specialized as ${agent.specialization}.`,
    `Your roles: ${roles || "none"}.`,
    "You work one task at a time. Use the tools to read what you need and to act; each tool is an operation of the Syndicate API and answers JSON (an error answers an RFC 9457 problem: read its detail and correct the call).",
    APPROVALS[options.approvalPolicy],
    options.canHandOff ? "You work in a squad: hand a part of the task that fits another role to a member with handoff_task, then go on with your own part." : "",
    "When the task is done, answer with your result in plain words (no tool call): that answer completes the task. If it cannot be done, say why in your answer.",
  ]
    .filter(Boolean)
    .join("\n");
};

export const taskPrompt = (task: PromptTask) =>
  [
    `Task ${task.id}: ${task.description}`,
    task.notes ? `Notes: ${task.notes}` : "",
    task.priority ? `Priority: ${task.priority}` : "",
    task.dueDate ? `Due: ${task.dueDate}` : "",
    task.requiredRole ? `Required role: ${task.requiredRole}` : "",
    task.requiredSkills.length ? `Required skills: ${task.requiredSkills.join(", ")}` : "",
  ]
    .filter(Boolean)
    .join("\n");
