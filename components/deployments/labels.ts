import type { DeploymentStatusValue } from "@/lib/deployments/status-machine";

/** What the button that moves a deployment to `status` says. */
export const MOVE_LABELS: Record<DeploymentStatusValue, string> = {
  queued: "Queue",
  in_progress: "Start deployment",
  deployed: "Mark deployed",
  failed: "Mark failed",
  rolled_back: "Roll back",
};

/** What a move to a final status asks first (a failed or rolled-back deployment never moves again). */
export const FINAL_MOVE_CONFIRMS: Partial<Record<DeploymentStatusValue, { title: string; question: (name: string) => string }>> = {
  failed: {
    title: "Mark deployment failed",
    question: (name) => `${name} will be marked failed. This is final: the deployment cannot move again; deploy it anew to retry.`,
  },
  rolled_back: {
    title: "Roll back deployment",
    question: (name) => `${name} will be rolled back. This is final: the deployment cannot move again; deploy it anew to bring it back.`,
  },
};

/** Suggestions for the network field (deploy and edit forms); any chain name is accepted. */
export const NETWORK_SUGGESTIONS = ["eth-mainnet", "arbitrum-mainnet", "base-mainnet", "optimism-mainnet", "matic-mainnet", "bsc-mainnet", "zksync-mainnet", "linea-mainnet"];

const MINUTE = 60_000;

/** How long since `since`, in the largest whole unit: "12 min", "5 h", "23 d". */
export const formatElapsed = (since: string, now: number) => {
  const elapsed = Math.max(0, now - Date.parse(since));
  if (elapsed < 60 * MINUTE) return `${Math.floor(elapsed / MINUTE)} min`;
  if (elapsed < 24 * 60 * MINUTE) return `${Math.floor(elapsed / (60 * MINUTE))} h`;
  return `${Math.floor(elapsed / (24 * 60 * MINUTE))} d`;
};
