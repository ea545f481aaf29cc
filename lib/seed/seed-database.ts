// The deterministic demo seed. The same options give the same rows, to the id and timestamp, on
// every machine: all values come from a seeded PRNG and all dates from `epoch`; every id and
// every default-now column is written explicitly. Only password hashes differ (random salt).
//
// Everything is written in one interactive transaction, so a failed seed leaves nothing behind;
// the default size takes a few seconds; the large tables go in set-based inserts of 10,000 rows
// a statement (generator/support.ts, bulkInsert), so 100,000 agents take well under a minute on a server.
import type { PrismaClient } from "../db";
import { seedAgents } from "./seed-agents";
import { seedDeployments, deploymentCountFor } from "./seed-deployments";
import { seedGroups } from "./seed-groups";
import { itemCountFor, seedMarketplace } from "./seed-marketplace";
import { Prng } from "./generator/prng";
import { seedRuns } from "./seed-runs";
import { formatCount, type SeedContext } from "./generator/support";
import { seedTasks, taskCountFor } from "./seed-tasks";
import { seedUseCases } from "./seed-usecases";
import { preparePasswordHashes, seedUsers } from "./seed-users";
import { demoWalletAddresses, seedWallets } from "./seed-wallets";


export type SeedOptions = {
  /** Number of agents (default 64); squads, syndicates, items, deployments and tasks scale with it. */
  agents?: number;
  /** PRNG seed (default 20261101). */
  seed?: number;
  /** The "now" every date is relative to (default 2026-11-01T00:00:00Z). */
  epoch?: Date;
  /** Default: ADMIN_EMAIL, else admin@syndicate.local. */
  adminEmail?: string;
  /** Password of the admin. Default: ADMIN_PASSWORD, else generated and logged once (the operator's and viewer's: OPERATOR_PASSWORD, VIEWER_PASSWORD, else generated). */
  adminPassword?: string;
  log?: (message: string) => void;
};

export const DEFAULT_AGENTS = 64;
export const DEFAULT_SEED = 20261101;
export const DEFAULT_EPOCH = new Date("2026-11-01T00:00:00.000Z");
export const MIN_AGENTS = 8;
export const MAX_AGENTS = 1_000_000;

const TRANSACTION_TIMEOUT_MS = 60 * 60 * 1000;
const LARGE_SEED = 10_000;

const validate = (options: SeedOptions) => {
  const agents = options.agents ?? DEFAULT_AGENTS;
  const seed = options.seed ?? DEFAULT_SEED;
  const epoch = options.epoch ?? DEFAULT_EPOCH;
  if (!Number.isInteger(agents) || agents < MIN_AGENTS || agents > MAX_AGENTS) {
    throw new RangeError(`agents must be an integer from ${MIN_AGENTS} to ${MAX_AGENTS}, got ${agents}`);
  }
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new RangeError(`seed must be an integer from 0 to ${0xffffffff}, got ${seed}`);
  }
  if (!(epoch instanceof Date) || Number.isNaN(epoch.getTime())) throw new RangeError("epoch must be a valid date");
  return { agents, seed, epoch };
};

/** Fills an empty, migrated database with demo data; returns a one-line summary. */
export const seedDatabase = async (prisma: PrismaClient, options: SeedOptions = {}): Promise<string> => {
  const { agents, seed, epoch } = validate(options);
  const log = options.log ?? (() => {});
  const passwords = await preparePasswordHashes(options, log);

  // Large seeds report how long each area took (timing only; it never feeds the data).
  const timed = async <T>(area: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    if (agents >= LARGE_SEED) log(`  ${area}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };

  return prisma.$transaction(
    async (db) => {
      // The generator starts inside the transaction: a transaction run again after a deadlock
      // (lib/db/retry.ts) draws the same values.
      const rng = new Prng(seed);
      const wallets = demoWalletAddresses(rng);
      const ctx: SeedContext = { db, rng, epoch, log };
      const useCases = await seedUseCases(ctx);
      const seededAgents = await timed("agents", () => seedAgents(ctx, agents, [...wallets, ...ownerPool(rng)]));
      const groups = await timed("squads and syndicates", () => seedGroups(ctx, seededAgents));
      const items = await timed("marketplace", () => seedMarketplace(ctx, itemCountFor(agents)));
      const deployments = await timed("deployments", () => seedDeployments(ctx, deploymentCountFor(agents)));
      const entities = { agents, squads: groups.squads, syndicates: groups.syndicates, items };
      const tasks = await timed("tasks", () => seedTasks(ctx, taskCountFor(agents), entities));
      const walletData = await timed("wallets", () => seedWallets(ctx, wallets));
      const users = await seedUsers(ctx, passwords, wallets);
      // After the users: the connected agents' credentials name the operator who issued them.
      const work = await timed("agents at work", () => seedRuns(ctx, seededAgents));
      return [
        `${formatCount(agents)} agents`,
        `${formatCount(groups.squads)} squads`,
        `${formatCount(groups.syndicates)} syndicates`,
        `${formatCount(items)} marketplace items`,
        `${formatCount(deployments)} deployments`,
        `${formatCount(tasks + work.tasks)} tasks`,
        `${work.agents.length} connected agents with ${formatCount(work.runs)} runs`,
        `${useCases} use cases`,
        `${users} users`,
        `${walletData.wallets} wallets on ${walletData.chains} chains with ${formatCount(walletData.transfers)} transfers`,
      ].join(", ");
    },
    { timeout: TRANSACTION_TIMEOUT_MS, maxWait: 60_000 },
  );
};

// Agents not owned by a demo wallet belong to a handful of other minting wallets.
const ownerPool = (rng: Prng) => {
  const stream = rng.fork("owners");
  return Array.from({ length: 9 }, () => stream.address());
};
