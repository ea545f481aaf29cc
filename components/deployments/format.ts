// Display helpers shared by server and client components: deterministic (UTC, fixed locale), so
// a server-rendered date never differs from the one the browser renders.
import type { DeploymentStatusValue } from "@/lib/deployments/status-machine";

export const statusLabel = (status: string) => status.replace(/_/g, " ");

/** "2026-11-01 09:15 UTC" */
export const formatDateTime = (iso: string | undefined) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : "—");

/** "2026-11-01 09:15:42 UTC" */
export const formatTimestamp = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
export const formatNumber = (value: number | undefined, unit = "") => (value === undefined ? "—" : `${number.format(value)}${unit}`);

/** What the button that moves a deployment to `status` says. */
export const MOVE_LABELS: Record<DeploymentStatusValue, string> = {
  queued: "Queue",
  in_progress: "Start deployment",
  deployed: "Mark deployed",
  failed: "Mark failed",
  rolled_back: "Roll back",
};
