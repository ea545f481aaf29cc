// A simulated worker (`npm run agent`): it does no real work, and shows the shape of one. It says
// what it works on, looks the task's assignee up with a tool (a read every agent may make), reports
// three steps of SIMULATED_WORK_SECONDS (default 6) in all, and completes with a result. Useful to see
// runs, traces and measured figures move on the dashboard.
//
//   syndicate-agent --handler packages/agent/examples/simulated.mjs --credential ak_syn_…
import { setTimeout as sleep } from "node:timers/promises";

const workSeconds = Number(process.env.SIMULATED_WORK_SECONDS ?? 6);

/** @type {import("@syndicate/agent").Handler} */
export default async function simulated(task, context) {
  context.message(`Working on: ${task.description}`, { tokens: 120, cost: 0.0006 });
  const assignee = task.assignedEntity;
  if (assignee?.type === "Agent") {
    context.toolCall("getAgentDetails", { agentId: assignee.id });
    const details = await context.api.get(`/api/agents/${encodeURIComponent(assignee.id)}/details`);
    context.toolResult(`${details.name} (${details.metricsSource} figures)`);
  }
  const parts = 3;
  for (let part = 1; part <= parts; part += 1) {
    await sleep((workSeconds * 1000) / parts, undefined, { signal: context.signal });
    context.step({ kind: "log", text: `Step ${part} of ${parts} done`, tokens: 40, cost: 0.0002 });
  }
  return { summary: `Done by the simulated agent in ${workSeconds} s`, data: { parts, workSeconds }, usage: { tokens: 200, cost: 0.001 } };
}
