// The demo seed: deterministic to the row, big enough to look real, consistent with the domain
// rules. Runs on the embedded database, or on the server at DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../auth/hash-password";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/db";
import { measureAgents } from "../runs";
import { ADMIN_USER_ID, dominantRole, seedDatabase } from "./index";
import { connectedCountFor, MEASURE_WINDOW_DAYS } from "./seed-runs";

const PASSWORD = "seed-test-password";
let first: TestDatabase;
let second: TestDatabase;
let other: TestDatabase;

beforeAll(async () => {
  [first, second, other] = await Promise.all([createTestDatabase(), createTestDatabase(), createTestDatabase()]);
  await seedDatabase(first.prisma, { adminPassword: PASSWORD });
  await seedDatabase(second.prisma, { adminPassword: PASSWORD });
  await seedDatabase(other.prisma, { adminPassword: PASSWORD, seed: 7 });
}, 120_000);

afterAll(async () => {
  await Promise.all([first, second, other].map((db) => db?.dispose()));
});

const tablesOf = async (db: TestDatabase) =>
  (
    await db.sql.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'
       ORDER BY table_name`,
    )
  ).map((row) => row.table_name);

const primaryKeyOf = async (db: TestDatabase, table: string) =>
  (
    await db.sql.query<{ column: string }>(
      `SELECT a.attname AS column FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
       WHERE i.indrelid = format('%I', $1::text)::regclass AND i.indisprimary
       ORDER BY array_position(i.indkey::int2[], a.attnum)`,
      [table],
    )
  ).map((row) => row.column);

const rowsOf = async (db: TestDatabase, table: string): Promise<Record<string, unknown>[]> => {
  const key = await primaryKeyOf(db, table);
  const order = key.length > 0 ? key.map((column) => `"${column}"`).join(", ") : "1";
  const rows = await db.sql.query(`SELECT * FROM "${table}" ORDER BY ${order}`);
  // Password hashes are salted at random: the one value allowed to differ.
  return table === "User" ? rows.map(({ passwordHash, ...rest }) => ({ ...rest, hasHash: typeof passwordHash === "string" })) : rows;
};

const count = async (db: TestDatabase, sql: string, params: unknown[] = []) => Number((await db.sql.query<{ n: number | string }>(sql, params))[0].n);

describe("determinism", () => {
  it("gives identical rows in every table for the same options", async () => {
    const tables = await tablesOf(first);
    expect(tables).toEqual(await tablesOf(second));
    expect(tables).toEqual(expect.arrayContaining(["Agent", "WalletTransfer", "User", "TaskStatusChange"]));
    for (const table of tables) {
      const [a, b] = await Promise.all([rowsOf(first, table), rowsOf(second, table)]);
      expect(b.length, table).toBe(a.length);
      expect(b, table).toEqual(a);
    }
  });

  it("gives different data for a different seed", async () => {
    const [a, b] = await Promise.all([rowsOf(first, "Agent"), rowsOf(other, "Agent")]);
    expect(a.map((row) => row.name)).not.toEqual(b.map((row) => row.name));
    const [x, y] = await Promise.all([rowsOf(first, "WalletTransfer"), rowsOf(other, "WalletTransfer")]);
    expect(x.map((row) => row.txHash)).not.toEqual(y.map((row) => row.txHash));
  });
});

describe("size and shape", () => {
  it("has at least 60 agents, each with five roles at positions 0–4 and twelve monthly history points", async () => {
    expect(await count(first, `SELECT count(*) AS n FROM "Agent"`)).toBeGreaterThanOrEqual(60);
    expect(await count(first, `SELECT count(*) AS n FROM "Agent" a WHERE (SELECT count(*) FROM "AgentRole" r WHERE r."agentId" = a.id AND r.position BETWEEN 0 AND 4) <> 5`)).toBe(0);
    expect(await count(first, `SELECT count(*) AS n FROM "AgentRole" r WHERE cardinality(r.skills) NOT BETWEEN 2 AND 4`)).toBe(0);
    expect(await count(first, `SELECT count(*) AS n FROM "Agent" a WHERE (SELECT count(*) FROM "AgentHistoryPoint" h WHERE h."agentId" = a.id) < 12`)).toBe(0);
    // XP equals the last history point, and totals never shrink from one month to the next.
    expect(await count(first, `SELECT count(*) AS n FROM "Agent" a WHERE a."experiencePoints" <> (SELECT h."experiencePoints" FROM "AgentHistoryPoint" h WHERE h."agentId" = a.id ORDER BY h.timestamp DESC LIMIT 1)`)).toBe(0);
    expect(
      await count(
        first,
        `SELECT count(*) AS n FROM (SELECT "tasksCompleted" - lag("tasksCompleted") OVER w AS dt, "experiencePoints" - lag("experiencePoints") OVER w AS dx
         FROM "AgentHistoryPoint" WINDOW w AS (PARTITION BY "agentId" ORDER BY timestamp)) d WHERE d.dt < 0 OR d.dx < 0`,
      ),
    ).toBe(0);
    expect(await count(first, `SELECT count(DISTINCT "aiEngine") AS n FROM "Agent"`)).toBeGreaterThanOrEqual(5);
    expect(await count(first, `SELECT count(*) AS n FROM "Agent" WHERE uptime NOT BETWEEN 90 AND 99.99 OR "completionRate" NOT BETWEEN 60 AND 100`)).toBe(0);
  });

  it("has squads of 3–7 agents and syndicates of 2–4 squads, with and without stacked roles", async () => {
    expect(await count(first, `SELECT count(*) AS n FROM "Squad"`)).toBeGreaterThanOrEqual(12);
    expect(await count(first, `SELECT count(*) AS n FROM "Squad" s WHERE (SELECT count(*) FROM "SquadMember" m WHERE m."squadId" = s.id) NOT BETWEEN 3 AND 7`)).toBe(0);
    expect(await count(first, `SELECT count(*) AS n FROM "Syndicate"`)).toBeGreaterThanOrEqual(4);
    expect(await count(first, `SELECT count(*) AS n FROM "Syndicate" y WHERE (SELECT count(*) FROM "SyndicateSquad" l WHERE l."syndicateId" = y.id) NOT BETWEEN 2 AND 4`)).toBe(0);
    expect(await count(first, `SELECT count(DISTINCT "squadId") AS n FROM "StackedRole"`)).toBeGreaterThan(0);
    expect(await count(first, `SELECT count(*) AS n FROM "Squad" s WHERE NOT EXISTS (SELECT 1 FROM "StackedRole" r WHERE r."squadId" = s.id)`)).toBeGreaterThan(0);
  });

  it("has marketplace items of every type with both commerce shapes", async () => {
    expect(await count(first, `SELECT count(*) AS n FROM "MarketplaceItem"`)).toBeGreaterThanOrEqual(15);
    expect(await count(first, `SELECT count(DISTINCT "itemType") AS n FROM "MarketplaceItem"`)).toBe(7);
    expect(await count(first, `SELECT count(*) AS n FROM "MarketplaceItem" WHERE "commerceKind" = 'price' AND price IS NOT NULL AND "leasePrice" IS NULL`)).toBeGreaterThan(0);
    expect(
      await count(first, `SELECT count(*) AS n FROM "MarketplaceItem" WHERE "commerceKind" = 'lease_sale' AND "leasePrice" IS NOT NULL AND "salePrice" IS NOT NULL AND cardinality("supportedIndustries") > 0 AND price IS NULL`),
    ).toBeGreaterThan(0);
  });

  it("has the eight use cases in the contract's order", async () => {
    const rows = await first.sql.query<{ industry: string }>(`SELECT industry FROM "UseCase" ORDER BY position`);
    expect(rows.map((row) => row.industry)).toEqual(["Financial", "Healthcare", "Logistics", "Supply Chain", "Social Media", "Gaming", "Education", "Public Services"]);
  });

  it("seeds the admin, an operator and a viewer, each with a default demo wallet", async () => {
    const users = await first.prisma.user.findMany({ orderBy: { id: "asc" }, include: { wallets: true } });
    expect(users.map((user) => user.role)).toEqual(["admin", "operator", "viewer"]);
    expect(users[0].id).toBe(ADMIN_USER_ID);
    expect(await verifyPassword(PASSWORD, users[0].passwordHash)).toBe(true);
    for (const user of users) expect(user.wallets).toEqual([expect.objectContaining({ isDefault: true, address: expect.stringMatching(/^0x[0-9a-f]{40}$/) })]);
  });
});

const LEGAL_DEPLOYMENT_MOVES = new Set(["null>queued", "null>in_progress", "queued>in_progress", "in_progress>deployed", "in_progress>failed", "deployed>rolled_back"]);
const LEGAL_TASK_MOVES = new Set([
  "null>pending",
  "pending>assigned",
  "assigned>in_progress",
  "in_progress>completed",
  "in_progress>failed",
  "pending>cancelled",
  "assigned>cancelled",
  "in_progress>cancelled",
  "in_progress>assigned",
]);

const checkHistories = async (db: TestDatabase, table: string, changes: string, key: string, legal: Set<string>) => {
  const owners = await db.sql.query<{ id: string; status: string; updatedAt: Date }>(`SELECT id, status, "updatedAt" FROM "${table}"`);
  const rows = await db.sql.query<{ owner: string; fromStatus: string | null; toStatus: string; changedAt: Date }>(
    `SELECT "${key}" AS owner, "fromStatus", "toStatus", "changedAt" FROM "${changes}" ORDER BY "${key}", "changedAt", id`,
  );
  const byOwner = new Map<string, typeof rows>();
  for (const row of rows) byOwner.set(row.owner, [...(byOwner.get(row.owner) ?? []), row]);
  for (const owner of owners) {
    const history = byOwner.get(owner.id) ?? [];
    expect(history.length, owner.id).toBeGreaterThan(0);
    history.forEach((change, index) => {
      expect(change.fromStatus, owner.id).toBe(index === 0 ? null : history[index - 1].toStatus);
      expect(legal.has(`${change.fromStatus}>${change.toStatus}`), `${owner.id}: ${change.fromStatus}>${change.toStatus}`).toBe(true);
    });
    expect(history.at(-1)!.toStatus, owner.id).toBe(owner.status);
    expect(new Date(history.at(-1)!.changedAt).getTime(), owner.id).toBe(new Date(owner.updatedAt).getTime());
  }
};

describe("domain rules", () => {
  it("gives deployments every status, with histories of legal moves", async () => {
    expect(await count(first, `SELECT count(*) AS n FROM "Deployment"`)).toBeGreaterThanOrEqual(24);
    expect(await count(first, `SELECT count(DISTINCT status) AS n FROM "Deployment"`)).toBe(5);
    await checkHistories(first, "Deployment", "DeploymentStatusChange", "deploymentId", LEGAL_DEPLOYMENT_MOVES);
  });

  it("gives tasks every status and entity type, with histories of legal moves", async () => {
    expect(await count(first, `SELECT count(*) AS n FROM "Task"`)).toBeGreaterThanOrEqual(48);
    expect(await count(first, `SELECT count(DISTINCT status) AS n FROM "Task"`)).toBe(6);
    expect(await count(first, `SELECT count(DISTINCT "entityType") AS n FROM "Task"`)).toBe(4);
    await checkHistories(first, "Task", "TaskStatusChange", "taskId", LEGAL_TASK_MOVES);
  });

  it("assigns every task to an entity that exists", async () => {
    const dangling = await count(
      first,
      `SELECT count(*) AS n FROM "Task" t WHERE t."entityType" IS NULL OR NOT CASE t."entityType"
         WHEN 'Agent' THEN EXISTS (SELECT 1 FROM "Agent" e WHERE e.id = t."entityId")
         WHEN 'Squad' THEN EXISTS (SELECT 1 FROM "Squad" e WHERE e.id = t."entityId")
         WHEN 'Syndicate' THEN EXISTS (SELECT 1 FROM "Syndicate" e WHERE e.id = t."entityId")
         WHEN 'MarketplaceItem' THEN EXISTS (SELECT 1 FROM "MarketplaceItem" e WHERE e.id = t."entityId")
       END`,
    );
    expect(dangling).toBe(0);
  });

  it("sets every specialization to the dominant role", async () => {
    const agents = await first.prisma.agent.findMany({ include: { roles: { orderBy: { position: "asc" } } } });
    for (const agent of agents) expect(agent.specialization, agent.id).toBe(dominantRole(agent.roles.map((role) => role.roleName)));
    expect(new Set(agents.map((agent) => agent.specialization)).size).toBeGreaterThanOrEqual(4);
  });

  it("keeps every date at or before the epoch", async () => {
    const epoch = new Date("2026-11-01T00:00:00Z");
    const latest = await first.sql.query<{ at: Date }>(
      `SELECT max(at) AS at FROM (
         SELECT max("updatedAt") AS at FROM "Agent" UNION ALL SELECT max("changedAt") FROM "TaskStatusChange"
         UNION ALL SELECT max("changedAt") FROM "DeploymentStatusChange" UNION ALL SELECT max(timestamp) FROM "WalletTransfer"
         UNION ALL SELECT max("asOf") FROM "TokenPrice" UNION ALL SELECT max("updatedAt") FROM "Syndicate"
         UNION ALL SELECT max(greatest("finishedAt", "leaseExpiresAt", "lastHeartbeatAt")) FROM "AgentRun" UNION ALL SELECT max(at) FROM "RunStep"
         UNION ALL SELECT max("endedAt") FROM "AgentPresence" UNION ALL SELECT max("decidedAt") FROM "RunApproval"
         UNION ALL SELECT max(timestamp) FROM "AgentHistoryPoint" UNION ALL SELECT max("lastUsedAt") FROM "AgentCredential") d`,
    );
    expect(new Date(latest[0].at).getTime()).toBeLessThanOrEqual(epoch.getTime());
  });
});

describe("wallet data", () => {
  it("has at least three wallets with 500 transfers in all, on several chains", async () => {
    const wallets = (await first.sql.query<{ address: string }>(`SELECT address FROM "UserWallet"`)).map((row) => row.address);
    expect(wallets.length).toBeGreaterThanOrEqual(3);
    expect(await count(first, `SELECT count(*) AS n FROM "WalletTransfer" WHERE "fromAddress" = ANY($1) OR "toAddress" = ANY($1)`, [wallets])).toBeGreaterThanOrEqual(500);
    expect(await count(first, `SELECT count(DISTINCT chain) AS n FROM "WalletTransfer"`)).toBeGreaterThanOrEqual(6);
    expect(await count(first, `SELECT count(*) AS n FROM "Chain"`)).toBe(12);
  });

  it("holds balances that equal the sum of the transfers", async () => {
    const mismatched = await count(
      first,
      `SELECT count(*) AS n FROM "TokenHolding" h WHERE h.balance <> (
         SELECT coalesce(sum(CASE WHEN t."toAddress" = h."walletAddress" THEN t.amount ELSE 0 END), 0)
              - coalesce(sum(CASE WHEN t."fromAddress" = h."walletAddress" THEN t.amount ELSE 0 END), 0)
         FROM "WalletTransfer" t
         WHERE t.chain = h.chain AND t."tokenAddress" = h."tokenAddress" AND t.kind <> 'erc721'
           AND (t."toAddress" = h."walletAddress" OR t."fromAddress" = h."walletAddress"))`,
    );
    expect(mismatched).toBe(0);
    expect(await count(first, `SELECT count(*) AS n FROM "Token" t JOIN "TokenPrice" p ON p.chain = t.chain AND p."tokenAddress" = t.address WHERE t."isSpam"`)).toBe(0);
  });

  it("includes an address-poisoning look-alike of a real counterparty", async () => {
    const pairs = await first.sql.query(
      `WITH cp AS (
         SELECT DISTINCT w.address AS wallet, CASE WHEN t."fromAddress" = w.address THEN t."toAddress" ELSE t."fromAddress" END AS peer
         FROM "UserWallet" w JOIN "WalletTransfer" t ON t."fromAddress" = w.address OR t."toAddress" = w.address)
       SELECT a.peer AS real, b.peer AS lookalike FROM cp a JOIN cp b ON a.wallet = b.wallet AND a.peer < b.peer
         AND substr(a.peer, 3, 4) = substr(b.peer, 3, 4) AND right(a.peer, 4) = right(b.peer, 4)`,
    );
    expect(pairs.length).toBeGreaterThan(0);
  });
});

const EPOCH = new Date("2026-11-01T00:00:00Z");

type Figures = { id: string; uptime: number; completionRate: number; averageResponseTime: number; errorRate: number };
const figuresOf = (db: TestDatabase) =>
  db.sql.query<Figures>(`SELECT id, uptime, "completionRate", "averageResponseTime", "errorRate" FROM "Agent" WHERE "firstConnectedAt" IS NOT NULL ORDER BY id`);

describe("agents at work", () => {
  it("connects the first agents with a Scout or Builder role, and only them", async () => {
    const connected = await first.sql.query<{ id: string; roles: string[] }>(
      `SELECT a.id, array_agg(r."roleName" ORDER BY r.position) AS roles FROM "Agent" a JOIN "AgentRole" r ON r."agentId" = a.id
       WHERE a."firstConnectedAt" IS NOT NULL GROUP BY a.id ORDER BY a.id`,
    );
    expect(connected).toHaveLength(connectedCountFor(64));
    for (const agent of connected) expect(agent.roles.some((role) => role === "Scout" || role === "Builder"), agent.id).toBe(true);
    const skipped = await count(
      first,
      `SELECT count(*) AS n FROM "Agent" a WHERE a."firstConnectedAt" IS NULL AND a.id < $1
         AND EXISTS (SELECT 1 FROM "AgentRole" r WHERE r."agentId" = a.id AND r."roleName" IN ('Scout', 'Builder'))`,
      [connected.at(-1)!.id],
    );
    expect(skipped).toBe(0);
    // Connected 20–30 days before the epoch, each with a credential that no secret opens.
    expect(await count(first, `SELECT count(*) AS n FROM "Agent" WHERE "firstConnectedAt" NOT BETWEEN $1::timestamp - interval '30 days' AND $1::timestamp - interval '20 days'`, [EPOCH])).toBe(0);
    expect(await count(first, `SELECT count(DISTINCT "agentId") AS n FROM "AgentCredential" WHERE "revokedAt" IS NULL AND "secretHash" !~ '^[0-9a-f]{64}$'`)).toBe(connected.length);
  });

  it("answers metricsSource measured for the connected agents, reported for every other", async () => {
    const sources = await first.sql.query<{ source: string; connected: boolean; n: number | string }>(
      `SELECT d.agent->>'metricsSource' AS source, a."firstConnectedAt" IS NOT NULL AS connected, count(*) AS n
       FROM "AgentDetails" d JOIN "Agent" a ON a.id = d.id GROUP BY 1, 2 ORDER BY 1`,
    );
    expect(sources.map((row) => ({ ...row, n: Number(row.n) }))).toEqual([
      { source: "measured", connected: true, n: connectedCountFor(64) },
      { source: "reported", connected: false, n: 64 - connectedCountFor(64) },
    ]);
  });

  it("stores the figures measureAgents computes from the agents' runs and presence", async () => {
    const stored = await figuresOf(first);
    const ids = stored.map((row) => row.id);
    // Measured again by the app's statement (rolled back): nothing changes.
    let again: Figures[] = [];
    await first.prisma
      .$transaction(async (tx) => {
        await measureAgents(tx, ids, EPOCH, MEASURE_WINDOW_DAYS);
        again = await tx.$queryRawUnsafe<Figures[]>(`SELECT id, uptime, "completionRate", "averageResponseTime", "errorRate" FROM "Agent" WHERE id = ANY($1) ORDER BY id`, ids);
        throw new Error("roll back");
      })
      .catch((error: Error) => expect(error.message).toBe("roll back"));
    expect(again).toEqual(stored);
    // And the same from the rows, by the definitions.
    const runs = await first.sql.query<{ agentId: string; status: string; claimableAt: Date; claimedAt: Date }>(`SELECT "agentId", status, "claimableAt", "claimedAt" FROM "AgentRun"`);
    const presence = await first.sql.query<{ agentId: string; startedAt: Date; endedAt: Date }>(`SELECT "agentId", "startedAt", "endedAt" FROM "AgentPresence"`);
    const since = new Map((await first.sql.query<{ id: string; at: Date }>(`SELECT id, "firstConnectedAt" AS at FROM "Agent" WHERE "firstConnectedAt" IS NOT NULL`)).map((row) => [row.id, new Date(row.at).getTime()]));
    const ms = (date: Date) => new Date(date).getTime();
    for (const figures of stored) {
      const own = runs.filter((run) => run.agentId === figures.id);
      const completed = own.filter((run) => run.status === "completed").length;
      const errors = own.filter((run) => run.status === "failed" || run.status === "lost").length;
      const live = presence.filter((stretch) => stretch.agentId === figures.id).reduce((sum, stretch) => sum + ms(stretch.endedAt) - ms(stretch.startedAt), 0);
      expect(figures.completionRate, figures.id).toBeCloseTo((100 * completed) / own.length, 2);
      expect(figures.errorRate, figures.id).toBeCloseTo((100 * errors) / own.length, 2);
      expect(figures.uptime, figures.id).toBeCloseTo((100 * live) / (EPOCH.getTime() - since.get(figures.id)!), 2);
      expect(figures.averageResponseTime, figures.id).toBe(Math.round(own.reduce((sum, run) => sum + ms(run.claimedAt) - ms(run.claimableAt), 0) / own.length));
      // Mostly completed, some failed, a few lost.
      expect(completed / own.length, figures.id).toBeGreaterThan(0.6);
    }
    expect(await count(first, `SELECT count(DISTINCT status) AS n FROM "AgentRun"`)).toBe(3);
  });

  it("leaves no run open and no approval undecided", async () => {
    expect(await count(first, `SELECT count(*) AS n FROM "AgentRun" WHERE status NOT IN ('completed', 'failed', 'lost') OR "finishedAt" IS NULL`)).toBe(0);
    expect(await count(first, `SELECT count(*) AS n FROM "RunApproval" WHERE status = 'pending' OR "decidedAt" IS NULL`)).toBe(0);
    expect(await count(first, `SELECT count(DISTINCT status) AS n FROM "RunApproval"`)).toBe(2);
    expect(await count(first, `SELECT count(*) AS n FROM "AgentRun" WHERE status = 'lost' AND "errorClass" <> 'LeaseExpired'`)).toBe(0);
    expect(await count(first, `SELECT count(*) AS n FROM "AgentRun" WHERE status = 'failed' AND ("errorClass" IS NULL OR "errorMessage" IS NULL)`)).toBe(0);
    // Ids as the app makes them: a run's and an approval's sort by their time.
    expect(await count(first, `SELECT count(*) AS n FROM "AgentRun" WHERE id !~ '^run_[0-9a-z]{9}[0-9a-f]{12}$'`)).toBe(0);
    expect(await count(first, `SELECT count(*) AS n FROM "RunApproval" WHERE id !~ '^apr_[0-9a-z]{9}[0-9a-f]{12}$'`)).toBe(0);
    const byId = await first.sql.query<{ id: string }>(`SELECT id FROM "AgentRun" ORDER BY id`);
    const byClaim = await first.sql.query<{ id: string }>(`SELECT id FROM "AgentRun" ORDER BY "claimedAt", id`);
    expect(byId).toEqual(byClaim);
  });

  it("gives every run a task of the agent's in the matching final status, with the run's metrics", async () => {
    const rows = await first.sql.query<{ runId: string; attempt: number; runStatus: string; last: boolean; taskStatus: string | null; entityId: string | null; agentId: string; same: boolean }>(
      `SELECT r.id AS "runId", r.attempt, r.status AS "runStatus", r."agentId", t.status AS "taskStatus", t."entityId",
         r.attempt = max(r.attempt) OVER (PARTITION BY r."taskId") AS last,
         t."finishedAt" = r."finishedAt" AND t."actualCost" = r.cost AND t."resourceUsage" = r.tokens
           AND t."actualDuration" = round((extract(epoch FROM r."finishedAt" - r."claimedAt") / 3600)::numeric, 6)::float8 AS same
       FROM "AgentRun" r LEFT JOIN "Task" t ON t.id = r."taskId"`,
    );
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      expect(row.taskStatus, row.runId).not.toBeNull();
      expect(row.entityId, row.runId).toBe(row.agentId);
      if (row.last) {
        expect(row.taskStatus, row.runId).toBe(row.runStatus);
        expect(row.same, row.runId).toBe(true);
      } else {
        expect(row.runStatus, row.runId).toBe("lost");
      }
    }
    // A lost run's task was claimed again, by the next attempt.
    expect(rows.some((row) => row.attempt === 2)).toBe(true);
  });

  it("keeps each run's trace in order, with its totals and its approvals' steps", async () => {
    const mismatched = await count(
      first,
      `SELECT count(*) AS n FROM "AgentRun" r, LATERAL (
         SELECT count(*) AS steps, coalesce(sum(s.tokens), 0) AS tokens, min(s.seq) AS low, max(s.seq) AS high, min(s.at) AS first, max(s.at) AS last
         FROM "RunStep" s WHERE s."runId" = r.id) t
       WHERE t.steps = 0 OR r."stepCount" <> t.steps OR r.tokens <> t.tokens OR t.low <> 1 OR t.high <> t.steps
         OR t.first < r."claimedAt" OR t.last > coalesce(r."finishedAt", r."lastHeartbeatAt")`,
    );
    expect(mismatched).toBe(0);
    const approvals = await count(
      first,
      `SELECT count(*) AS n FROM "RunApproval" a WHERE
         (SELECT count(*) FROM "RunStep" s WHERE s."runId" = a."runId" AND s.data->>'approvalId' = a.id AND (
           (s.kind = 'approval_request' AND s.at = a."requestedAt") OR (s.kind = 'approval_decision' AND s.at = a."decidedAt"))) <> 2`,
    );
    expect(approvals).toBe(0);
    expect(await count(first, `SELECT count(*) AS n FROM "RunApproval"`)).toBeGreaterThan(0);
  });

  it("runs inside the agents' live stretches, which leave gaps", async () => {
    const outside = await count(
      first,
      `SELECT count(*) AS n FROM "AgentRun" r WHERE NOT EXISTS (
         SELECT 1 FROM "AgentPresence" p WHERE p."agentId" = r."agentId" AND p."startedAt" <= r."claimedAt" AND p."endedAt" >= r."lastHeartbeatAt")`,
    );
    expect(outside).toBe(0);
    expect(await count(first, `SELECT count(*) AS n FROM "Agent" a WHERE a."firstConnectedAt" IS NOT NULL AND (SELECT count(*) FROM "AgentPresence" p WHERE p."agentId" = a.id) < 2`)).toBe(0);
  });

  it("adds a history point per task outcome and per day, with the running count of completed tasks", async () => {
    const agents = await first.sql.query<{ id: string; firstConnectedAt: Date }>(`SELECT id, "firstConnectedAt" FROM "Agent" WHERE "firstConnectedAt" IS NOT NULL`);
    for (const agent of agents) {
      const points = await first.sql.query<{ timestamp: Date; tasksCompleted: number; experiencePoints: number; taskId: string | null }>(
        `SELECT timestamp, "tasksCompleted", "experiencePoints", "taskId" FROM "AgentHistoryPoint" WHERE "agentId" = $1 AND timestamp > $2 ORDER BY timestamp, id`,
        [agent.id, agent.firstConnectedAt],
      );
      const [base] = await first.sql.query<{ tasksCompleted: number; experiencePoints: number }>(
        `SELECT "tasksCompleted", "experiencePoints" FROM "AgentHistoryPoint" WHERE "agentId" = $1 AND timestamp <= $2 ORDER BY timestamp DESC LIMIT 1`,
        [agent.id, agent.firstConnectedAt],
      );
      const tasks = await first.sql.query<{ id: string; status: string; finishedAt: Date }>(`SELECT id, status, "finishedAt" FROM "Task" WHERE "entityId" = $1 AND id LIKE 'task-agent-%' ORDER BY "finishedAt"`, [agent.id]);
      expect(points.filter((point) => point.taskId !== null).map((point) => point.taskId)).toEqual(tasks.map((task) => task.id));
      const days = Math.floor((EPOCH.getTime() - new Date(agent.firstConnectedAt).getTime()) / 86_400_000);
      expect(points.filter((point) => point.taskId === null).length, agent.id).toBeGreaterThanOrEqual(days);
      for (const point of points) {
        const done = tasks.filter((task) => new Date(task.finishedAt).getTime() <= new Date(point.timestamp).getTime());
        const completed = done.filter((task) => task.status === "completed").length;
        expect(point.tasksCompleted).toBe(base.tasksCompleted + completed);
        expect(point.experiencePoints).toBe(base.experiencePoints + 100 * completed + 20 * (done.length - completed));
      }
    }
  });
});
