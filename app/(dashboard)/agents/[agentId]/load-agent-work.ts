import { listAgentCredentials } from "@/lib/auth";
import { hasRole } from "@/lib/auth/rules";
import { currentUser } from "@/lib/auth/get-current-user";
import { findTaskDescriptions } from "@/lib/tasks";
import { listRuns } from "@/lib/runs";

/** How many of an agent's runs its page shows. */
const LATEST = 10;
/** The run list's largest page: the latest runs are the end of it (the list is ordered oldest claim first). */
const READ = 1000;

/**
 * What the agent page shows of the agent at work, by who is looking: its latest runs and its hosting
 * for anyone signed in (both need a credential), its credentials and the hosting's approval policy
 * control for operators and admins. Read in parallel.
 */
export const loadAgentWork = async (agentId: string) => {
  const user = await currentUser();
  if (!user) return { signedIn: false, canWrite: false, runs: undefined, credentials: undefined };
  const operator = hasRole(user.role, "operator");
  const [page, credentials] = await Promise.all([listRuns({ agentId, limit: READ }), operator ? listAgentCredentials(agentId) : undefined]);
  const latest = page.items.slice(-LATEST).reverse();
  const taskDescriptions = await findTaskDescriptions(latest.map((run) => run.taskId));
  return { signedIn: true, canWrite: operator, runs: { latest, total: page.total, taskDescriptions }, credentials };
};
