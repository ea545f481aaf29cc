// Demo dApp deployments in every status, each with a status history that only takes the legal
// moves (queued→in_progress→deployed|failed, deployed→rolled_back).
//
// Fields: deploymentDate is when the deployment started (its move to in_progress; null while
// queued). deploymentTime is seconds from start to deployed/failed; gasUsed is gas units;
// securityScore is 0–100 from the pre-deployment audit (null while queued).
import type { DeploymentStatus, Prisma } from "../db";
import { chainBySlug } from "./chain-catalog";
import type { Prng } from "./generator/prng";
import { DAY, HOUR, MINUTE, after, before, bulkInsert, serialId, type SeedContext } from "./generator/support";
import type { Industry } from "./seed-usecases";

const DAPPS: readonly { name: string; industry: Industry; useCases: readonly string[] }[] = [
  { name: "YieldPilot Vaults", industry: "Financial", useCases: ["Auto-compounding stablecoin vault", "Treasury rebalancing"] },
  { name: "PayStream Payroll", industry: "Financial", useCases: ["Streaming salary payments", "Contractor invoicing"] },
  { name: "MediChain Records", industry: "Healthcare", useCases: ["Consented record sharing", "Claims pre-validation"] },
  { name: "FreightTrace", industry: "Logistics", useCases: ["Proof of delivery", "Customs milestone tracking"] },
  { name: "SupplySeal", industry: "Supply Chain", useCases: ["Provenance certificates", "Recall coordination"] },
  { name: "Carbon Ledger", industry: "Supply Chain", useCases: ["Carbon credit retirement", "Supplier emissions reporting"] },
  { name: "LoyaltyLoop", industry: "Social Media", useCases: ["Creator rewards", "Community badges"] },
  { name: "Quest Engine", industry: "Gaming", useCases: ["Seasonal quest rewards", "In-game item marketplace"] },
  { name: "EduCred", industry: "Education", useCases: ["Verifiable certificates", "Scholarship disbursement"] },
  { name: "CivicID Registry", industry: "Public Services", useCases: ["Permit issuance", "Public spending transparency"] },
];

const DEPLOYERS = ["alice.chen", "m.okafor", "s.ivanova", "j.martinez", "release-pipeline", "devops-bot"] as const;
const NETWORKS = ["eth-mainnet", "arbitrum-mainnet", "base-mainnet", "optimism-mainnet", "matic-mainnet", "bsc-mainnet", "zksync-mainnet", "linea-mainnet"] as const;
const NETWORK_WEIGHTS = NETWORKS.map((slug, index) => [slug, [4, 4, 4, 3, 2, 1, 1, 1][index]] as const);

const NOTES: Record<DeploymentStatus, readonly string[]> = {
  queued: ["Waiting for the change-approval window.", "Queued behind a higher-priority release.", "Awaiting multisig sign-off."],
  in_progress: ["Broadcasting deployment transactions.", "Contracts deployed; running post-deploy verification.", "Initialising proxy and transferring ownership to the multisig."],
  deployed: ["Verified on the block explorer; ownership moved to the multisig.", "Deployed behind a UUPS proxy; monitoring enabled.", "Smoke tests passed; traffic switched over."],
  failed: ["Constructor reverted: initializer already called.", "Out of gas during library linking.", "Post-deploy verification failed: bytecode mismatch."],
  rolled_back: ["Rolled back after an elevated error rate in the first hour.", "Rolled back: oracle misconfiguration found by the audit agent.", "Rolled back to the previous version after a storage-layout mismatch."],
};

const STATUS_WEIGHTS = [["deployed", 45], ["in_progress", 10], ["queued", 10], ["failed", 15], ["rolled_back", 10]] as const;
const EVERY_STATUS: readonly DeploymentStatus[] = ["deployed", "in_progress", "queued", "failed", "rolled_back"];

export const deploymentCountFor = (agents: number) => Math.max(32, Math.round(agents / 4));

// The moves that lead to `status`, each with the time it takes to happen.
const pathTo = (rng: Prng, status: DeploymentStatus): { status: DeploymentStatus; gap: number }[] => {
  const steps: { status: DeploymentStatus; gap: number }[] = [];
  const queuedFirst = status !== "in_progress" || rng.chance(0.7);
  if (queuedFirst) steps.push({ status: "queued", gap: 0 });
  if (status === "queued") return steps;
  steps.push({ status: "in_progress", gap: queuedFirst ? rng.int(1, 30) * MINUTE : 0 });
  if (status === "in_progress") return steps;
  const runSeconds = status === "failed" ? rng.int(20, 400) : rng.int(45, 900);
  steps.push({ status: status === "failed" ? "failed" : "deployed", gap: runSeconds * 1000 });
  if (status === "rolled_back") steps.push({ status: "rolled_back", gap: rng.int(20, 60 * 24 * 5) * MINUTE });
  return steps;
};

export const seedDeployments = async (ctx: SeedContext, count: number): Promise<number> => {
  const rng = ctx.rng.fork("deployments");
  const rows: Prisma.DeploymentCreateManyInput[] = [];
  const changes: Prisma.DeploymentStatusChangeCreateManyInput[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = serialId("deployment", index);
    const status = index < EVERY_STATUS.length ? EVERY_STATUS[index] : rng.weighted(STATUS_WEIGHTS);
    const dapp = rng.pick(DAPPS);
    const steps = pathTo(rng, status);
    const span = steps.reduce((sum, step) => sum + step.gap, 0);
    // Finished deployments happened any time in the last half year; active ones just now.
    const active = status === "queued" || status === "in_progress";
    const margin = active ? rng.int(1, 20) * MINUTE : rng.int(0, 180) * DAY + rng.int(0, 23) * HOUR;
    const createdAt = before(ctx.epoch, span + margin);
    let at = createdAt;
    let previous: DeploymentStatus | null = null;
    let startedAt: Date | null = null;
    let finishedAt: Date | null = null;
    for (const [position, step] of steps.entries()) {
      at = after(at, step.gap);
      if (step.status === "in_progress") startedAt = at;
      if (step.status === "deployed" || step.status === "failed") finishedAt = at;
      changes.push({ id: `${id}:s:${position}`, deploymentId: id, fromStatus: previous, toStatus: step.status, changedAt: at });
      previous = step.status;
    }
    const network = chainBySlug(rng.weighted(NETWORK_WEIGHTS));
    const reachedChain = status === "in_progress" || status === "deployed" || status === "rolled_back";
    const weak = status === "failed" || status === "rolled_back";
    rows.push({
      id,
      name: dapp.name,
      version: `${rng.int(1, 3)}.${rng.int(0, 9)}.${rng.int(0, 15)}`,
      industry: dapp.industry,
      useCase: rng.pick(dapp.useCases),
      deployedBy: rng.pick(DEPLOYERS),
      status,
      deploymentDate: startedAt,
      network: network.slug,
      networkLayer: network.layer,
      contractAddress: reachedChain ? rng.address() : null,
      deploymentTime: startedAt && finishedAt ? (finishedAt.getTime() - startedAt.getTime()) / 1000 : null,
      gasUsed: finishedAt ? (status === "failed" ? rng.int(90_000, 900_000) : rng.int(1_200_000, 6_500_000)) : null,
      securityScore: status === "queued" ? null : weak ? rng.int(48, 85) : rng.int(72, 99),
      notes: rng.pick(NOTES[status]),
      createdAt,
      updatedAt: at,
      // The last move: an in_progress deployment started long before the present is stale.
      statusChangedAt: at,
    });
  }
  await bulkInsert(ctx.db, "Deployment", rows);
  await bulkInsert(ctx.db, "DeploymentStatusChange", changes);
  return rows.length;
};
