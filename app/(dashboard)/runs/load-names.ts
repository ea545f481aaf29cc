import { entityNames, findTaskDescriptions } from "@/lib/tasks";

type Refs = readonly { agentId: string; taskId: string }[];

/**
 * The names a page of runs or approvals shows: its agents' names and its tasks' descriptions, keyed
 * by id; two queries for the whole page. An agent or task deleted since is absent (the id is shown).
 * `extra` adds ids the page names besides its rows (the agent or task it is filtered by).
 */
export const loadRunNames = async (rows: Refs, extra: { agentId?: string; taskId?: string } = {}) => {
  const agentIds = [...rows.map((row) => row.agentId), ...(extra.agentId ? [extra.agentId] : [])];
  const taskIds = [...rows.map((row) => row.taskId), ...(extra.taskId ? [extra.taskId] : [])];
  const [agents, taskDescriptions] = await Promise.all([entityNames(agentIds.map((id) => ({ type: "Agent" as const, id }))), findTaskDescriptions(taskIds)]);
  const agentNames = new Map([...agents].map(([key, name]) => [key.replace(/^Agent:/, ""), name]));
  return { agentNames, taskDescriptions };
};
