// Between the Deployment row and the API's deployment shape (nested configuration, metrics and
// metadata; absent values left out rather than sent as null).
import type { Deployment } from "../db/generated/client";
import type { TDeployBody, TDeployment } from "./schemas";
import type { Staleness } from "./rules";

const present = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== undefined)) as {
    [K in keyof T]?: NonNullable<T[K]>;
  };

/** The API's deployment, with its staleness as the operation judged it (rules.ts, `staleness`). */
export const toDeployment = (row: Deployment, { stale, staleSince }: Staleness): TDeployment => {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    industry: row.industry,
    useCase: row.useCase,
    deployedBy: row.deployedBy,
    deploymentStatus: row.status,
    ...(row.deploymentDate ? { deploymentDate: row.deploymentDate.toISOString() } : {}),
    configuration: present({ network: row.network, networkLayer: row.networkLayer, contractAddress: row.contractAddress }),
    deploymentMetrics: present({ deploymentTime: row.deploymentTime, gasUsed: row.gasUsed, securityScore: row.securityScore }),
    metadata: present({ notes: row.notes }),
    stale,
    ...(staleSince ? { staleSince: staleSince.toISOString() } : {}),
  };
};

/**
 * The columns of a new deployment. `deploymentDate` is when it started: as sent, else now for a
 * deployment that is already past `queued`, else unset until it moves to in_progress.
 */
export const toDeploymentColumns = (body: TDeployBody, now: Date) => ({
  id: body.id,
  name: body.name,
  version: body.version,
  industry: body.industry,
  useCase: body.useCase,
  deployedBy: body.deployedBy,
  status: body.deploymentStatus,
  deploymentDate: body.deploymentDate ? new Date(body.deploymentDate) : body.deploymentStatus === "queued" ? null : now,
  network: body.configuration?.network ?? null,
  networkLayer: body.configuration?.networkLayer ?? null,
  contractAddress: body.configuration?.contractAddress ?? null,
  deploymentTime: body.deploymentMetrics?.deploymentTime ?? null,
  gasUsed: body.deploymentMetrics?.gasUsed ?? null,
  securityScore: body.deploymentMetrics?.securityScore ?? null,
  notes: body.metadata?.notes || null,
});
