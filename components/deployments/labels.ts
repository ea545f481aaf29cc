import type { DeploymentStatusValue } from "@/lib/deployments/status-machine";

/** What the button that moves a deployment to `status` says. */
export const MOVE_LABELS: Record<DeploymentStatusValue, string> = {
  queued: "Queue",
  in_progress: "Start deployment",
  deployed: "Mark deployed",
  failed: "Mark failed",
  rolled_back: "Roll back",
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
