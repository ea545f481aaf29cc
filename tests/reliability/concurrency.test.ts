// Concurrency: requests that race on one resource, sent at once through the real route handlers
// on a real database (embedded by default; a PostgreSQL server when DATABASE_URL is set, where
// they really run side by side on several connections). What a user must be able to rely on:
// - a group's metrics always equal a recomputation from its final members, and its final member
//   list is the list of one of the writes (never a mix of two);
// - of concurrent creates of one id exactly one is a 201, the others 409 problems;
// - concurrent status moves leave a history that is a legal path of the state machine, and no
//   two moves from the same status both succeed;
// - a delete racing updates gives 404s, never a 500, and leaves no orphan rows.
import { describe, expect, it } from "vitest";
import * as agentsRoute from "../../app/api/agents/route";
import * as agentRoute from "../../app/api/agents/[agentId]/route";
import * as agentDetails from "../../app/api/agents/[agentId]/details/route";
import * as squadsRoute from "../../app/api/squads/route";
import * as squadRoute from "../../app/api/squads/[squadId]/route";
import * as squadDetails from "../../app/api/squads/[squadId]/details/route";
import * as syndicatesRoute from "../../app/api/syndicates/route";
import * as syndicateRoute from "../../app/api/syndicates/[syndicateId]/route";
import * as syndicateDetails from "../../app/api/syndicates/[syndicateId]/details/route";
import * as addItemRoute from "../../app/api/marketplace/addItem/route";
import * as itemRoute from "../../app/api/marketplace/item/[marketplaceId]/route";
import * as deployRoute from "../../app/api/deployments/dapp/deploy/route";
import * as deploymentStatusRoute from "../../app/api/deployments/dapp/[deploymentId]/status/route";
import * as assignRoute from "../../app/api/tasks/assign/route";
import * as taskRoute from "../../app/api/tasks/[taskId]/route";
import * as taskStatusRoute from "../../app/api/tasks/[taskId]/status/route";
import * as usersRoute from "../../app/api/users/route";
import * as userRoute from "../../app/api/users/[userId]/route";
import * as linksRoute from "../../app/api/wallet-links/route";
import * as linkRoute from "../../app/api/wallet-links/[address]/route";
import * as bookEntryRoute from "../../app/api/address-book/[address]/route";
import * as importRoute from "../../app/api/wallets/import/route";
import { prisma } from "../../lib/db";
import { DEPLOYMENT_MACHINE } from "../../lib/deployments";
import { TASK_MACHINE } from "../../lib/tasks";
import { useApiTest } from "../helpers/api";
import { serverUrl } from "../helpers/db";
import { unique, userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { agentBody, makeAgent, makeMetricAgent } from "../agents/factory";
import { randomAddress } from "../wallet/factory";

const api = useApiTest({ withKeys: true });

type Answer = Awaited<ReturnType<typeof call>>;

/** Starts every request before awaiting any, so that they race. */
const race = (requests: (() => Promise<Answer>)[]) => Promise.all(requests.map((request) => request()));
const statuses = (answers: Answer[]) => answers.map((answer) => answer.status);
const count = (answers: Answer[], status: number) => answers.filter((answer) => answer.status === status).length;

/** Every answer has one of the statuses; every error answer is a problem document. */
const expectOnly = (answers: Answer[], allowed: number[]) => {
  expect(statuses(answers).filter((status) => !allowed.includes(status))).toEqual([]);
  for (const answer of answers.filter((a) => a.status >= 400)) {
    expect(answer.headers.get("content-type")).toBe("application/problem+json");
    expect(answer.json.status).toBe(answer.status);
  }
};

// ── Recomputation, independent of lib/groups ─────────────────────────────────

type Metrics = { experiencePoints: number; uptime: number; completionRate: number };
const recompute = (members: Metrics[]) => {
  const n = members.length;
  const sum = (pick: (m: Metrics) => number) => members.reduce((total, member) => total + pick(member), 0);
  return {
    totalExperiencePoints: sum((m) => m.experiencePoints),
    averageUptime: n ? sum((m) => m.uptime) / n : 0,
    overallCompletionRate: n ? sum((m) => m.completionRate) / n : 0,
  };
};
const expectMetrics = (actual: Record<string, number>, expected: ReturnType<typeof recompute>) => {
  expect(actual.totalExperiencePoints).toBe(expected.totalExperiencePoints);
  expect(actual.averageUptime).toBeCloseTo(expected.averageUptime, 9);
  expect(actual.overallCompletionRate).toBeCloseTo(expected.overallCompletionRate, 9);
};
const METRIC_COLUMNS = { id: true, experiencePoints: true, uptime: true, completionRate: true } as const;

// ── Requests ─────────────────────────────────────────────────────────────────

const putSquad = (id: string, agentIds: string[]) => () =>
  call(squadRoute.PUT, "PUT", `/api/squads/${id}`, { key: api.operator, params: { squadId: id }, body: { id, name: `Squad ${id}`, agents: agentIds.map((agentId) => ({ id: agentId })) } });
const deleteSquad = (id: string) => () => call(squadRoute.DELETE, "DELETE", `/api/squads/${id}`, { key: api.operator, params: { squadId: id } });
const readSquad = (id: string) => call(squadDetails.GET, "GET", `/api/squads/${id}/details`, { params: { squadId: id } });
const listSquads = (q: string) => call(squadsRoute.GET, "GET", "/api/squads", { query: { q } });

const putSyndicate = (id: string, squadIds: string[]) => () =>
  call(syndicateRoute.PUT, "PUT", `/api/syndicates/${id}`, {
    key: api.operator,
    params: { syndicateId: id },
    body: { id, name: `Syndicate ${id}`, squads: squadIds.map((squadId) => ({ id: squadId })) },
  });
const deleteSyndicate = (id: string) => () =>
  call(syndicateRoute.DELETE, "DELETE", `/api/syndicates/${id}`, { key: api.operator, params: { syndicateId: id } });
const readSyndicate = (id: string) => call(syndicateDetails.GET, "GET", `/api/syndicates/${id}/details`, { params: { syndicateId: id } });
const listSyndicates = (q: string) => call(syndicatesRoute.GET, "GET", "/api/syndicates", { query: { q } });

const putAgent = (id: string, experiencePoints: number, uptime: number) => () =>
  call(agentRoute.PUT, "PUT", `/api/agents/${id}`, {
    key: api.operator,
    params: { agentId: id },
    body: agentBody({ id, experiencePoints, performanceMetrics: { uptime, completionRate: 50, averageResponseTime: 100, errorRate: 1 } }),
  });
const deleteAgent = (id: string) => () => call(agentRoute.DELETE, "DELETE", `/api/agents/${id}`, { key: api.operator, params: { agentId: id } });
const getAgent = (id: string) => call(agentDetails.GET, "GET", `/api/agents/${id}/details`, { params: { agentId: id } });

const moveDeployment = (id: string, to: string) => () =>
  call(deploymentStatusRoute.PATCH, "PATCH", `/api/deployments/dapp/${id}/status`, { key: api.operator, params: { deploymentId: id }, body: { status: to } });
const readDeployment = (id: string) => call(deploymentStatusRoute.GET, "GET", `/api/deployments/dapp/${id}/status`, { params: { deploymentId: id } });
const moveTask = (id: string, to: string) => () =>
  call(taskStatusRoute.PATCH, "PATCH", `/api/tasks/${id}/status`, { key: api.operator, params: { taskId: id }, body: { status: to } });
const readTask = (id: string) => call(taskRoute.GET, "GET", `/api/tasks/${id}`, { params: { taskId: id } });

const times = <T,>(n: number, make: (index: number) => T) => Array.from({ length: n }, (_, index) => make(index));

// A deterministic spread of member lists over a pool (no randomness in what is asserted).
const subsets = <T,>(pool: T[], n: number) => times(n, (i) => pool.filter((_, j) => ((i * 7 + j * 3) % 5) < 3 - (i % 2)));

describe("a squad under concurrent membership changes", () => {
  it("ends with the member list of one write and metrics equal to a recomputation from its final members", async () => {
    const agents = await Promise.all(times(6, (i) => makeMetricAgent(100 * (i + 1), 80 + i * 3.3, 55 + i * 7.1, `Racer ${i}`)));
    const ids = agents.map((agent) => agent.id);
    const squadId = unique("race-squad");
    const created = await call(squadsRoute.POST, "POST", "/api/squads", { key: api.operator, body: { id: squadId, name: "Race", agents: [{ id: ids[0] }] } });
    expect(created.status).toBe(201);

    const lists = subsets(ids, 12);
    const doomed = ids[5];
    const answers = await race([
      ...lists.map((list) => putSquad(squadId, list)),
      putAgent(ids[1], 4321, 12.5),
      putAgent(ids[2], 17, 99.25),
      deleteAgent(doomed),
    ]);
    // A PUT naming the agent deleted before it ran is a 422 naming it; nothing else fails.
    expectOnly(answers, [200, 204, 422]);
    for (const answer of answers.filter((a) => a.status === 422)) expect(answer.json.detail).toContain(doomed);
    expect(answers.at(-1)!.status).toBe(204);

    const read = await readSquad(squadId);
    expect(read.status).toBe(200);
    const finalIds: string[] = read.json.agents.map((agent: { id: string }) => agent.id);
    // Exactly the list of one write (the first one, or one of the PUTs), minus the deleted agent.
    const candidates = [[ids[0]], ...lists].map((list) => list.filter((id) => id !== doomed).join(","));
    expect(candidates).toContain(finalIds.join(","));
    expect(finalIds).not.toContain(doomed);

    const stored = await prisma.squadMember.findMany({ where: { squadId }, orderBy: { position: "asc" }, select: { agent: { select: METRIC_COLUMNS } } });
    expect(stored.map((row) => row.agent.id)).toEqual(finalIds);
    const expected = recompute(stored.map((row) => row.agent));
    expectMetrics(read.json.aggregatedMetrics, expected);
    const listed = await listSquads(squadId);
    expect(listed.json).toHaveLength(1);
    expect(listed.json[0].agentCount).toBe(finalIds.length);
    expectMetrics(listed.json[0].aggregatedMetrics, expected);
    expect(await prisma.squadMember.count({ where: { agentId: doomed } })).toBe(0);
  });

  it("keeps every squad's metrics right while the same agents are moved between squads at once", async () => {
    const agents = await Promise.all(times(5, (i) => makeMetricAgent(10 * (i + 1), 90 - i, 60 + i, `Shared ${i}`)));
    const ids = agents.map((agent) => agent.id);
    const squadIds = times(3, () => unique("shared-squad"));
    for (const squadId of squadIds) {
      expect((await call(squadsRoute.POST, "POST", "/api/squads", { key: api.operator, body: { id: squadId, name: "Shared", agents: [] } })).status).toBe(201);
    }
    const answers = await race(times(15, (i) => putSquad(squadIds[i % 3], subsets(ids, 15)[i])));
    expectOnly(answers, [200]);
    for (const squadId of squadIds) {
      const read = await readSquad(squadId);
      const stored = await prisma.squadMember.findMany({ where: { squadId }, orderBy: { position: "asc" }, select: { agent: { select: METRIC_COLUMNS } } });
      expect(read.json.agents.map((agent: { id: string }) => agent.id)).toEqual(stored.map((row) => row.agent.id));
      expectMetrics(read.json.aggregatedMetrics, recompute(stored.map((row) => row.agent)));
    }
  });
});

describe("a syndicate under concurrent changes of itself and of its squads", () => {
  it("ends with the squad list of one write and metrics over the final agents of its final squads, each counted once", async () => {
    const agents = await Promise.all(times(6, (i) => makeMetricAgent(1000 + 37 * i, 70 + i * 4.5, 40 + i * 9.25, `Syn agent ${i}`)));
    const agentIds = agents.map((agent) => agent.id);
    const squadIds = times(4, () => unique("syn-squad"));
    for (const [i, squadId] of squadIds.entries()) {
      const body = { id: squadId, name: `Squad ${i}`, agents: agentIds.slice(i, i + 3).map((id) => ({ id })) };
      expect((await call(squadsRoute.POST, "POST", "/api/squads", { key: api.operator, body })).status).toBe(201);
    }
    const syndicateId = unique("race-syn");
    const created = await call(syndicatesRoute.POST, "POST", "/api/syndicates", {
      key: api.operator,
      body: { id: syndicateId, name: "Race", squads: squadIds.slice(0, 2).map((id) => ({ id })) },
    });
    expect(created.status).toBe(201);

    const lists = subsets(squadIds, 10);
    const doomedSquad = squadIds[3];
    const answers = await race([
      ...lists.map((list) => putSyndicate(syndicateId, list)),
      putSquad(squadIds[0], [agentIds[5], agentIds[4]]),
      putSquad(squadIds[1], [agentIds[0]]),
      putAgent(agentIds[4], 777, 33.5),
      deleteSquad(doomedSquad),
    ]);
    expectOnly(answers, [200, 204, 422]);
    for (const answer of answers.filter((a) => a.status === 422)) expect(answer.json.detail).toContain(doomedSquad);
    expect(answers.at(-1)!.status).toBe(204);

    const read = await readSyndicate(syndicateId);
    expect(read.status).toBe(200);
    const finalSquads: string[] = read.json.squads.map((squad: { id: string }) => squad.id);
    const candidates = [squadIds.slice(0, 2), ...lists].map((list) => list.filter((id) => id !== doomedSquad).join(","));
    expect(candidates).toContain(finalSquads.join(","));

    // The squad changes made at the same time show in the syndicate's aggregate.
    const links = await prisma.syndicateSquad.findMany({
      where: { syndicateId },
      orderBy: { position: "asc" },
      select: { squadId: true, squad: { select: { members: { orderBy: { position: "asc" }, select: { agent: { select: METRIC_COLUMNS } } } } } },
    });
    expect(links.map((link) => link.squadId)).toEqual(finalSquads);
    const byId = new Map(links.flatMap((link) => link.squad.members.map((member) => [member.agent.id, member.agent] as const)));
    const expected = recompute([...byId.values()]);
    expectMetrics(read.json.aggregatedSyndicateMetrics, expected);
    if (finalSquads.includes(squadIds[0])) expect(byId.get(agentIds[4])?.experiencePoints).toBe(777);
    const listed = await listSyndicates(syndicateId);
    expect(listed.json).toHaveLength(1);
    expect(listed.json[0]).toMatchObject({ squadCount: finalSquads.length, agentCount: byId.size });
    expectMetrics(listed.json[0].aggregatedSyndicateMetrics, expected);
  });
});

describe("concurrent creates of one id", () => {
  const N = 8;
  const expectOneCreated = (answers: Answer[]) => {
    expectOnly(answers, [201, 409]);
    expect(count(answers, 201)).toBe(1);
  };

  it("agents: exactly one 201, the others 409, one row", async () => {
    const id = unique("dup-agent");
    expectOneCreated(await race(times(N, (i) => () => call(agentsRoute.POST, "POST", "/api/agents", { key: api.operator, body: agentBody({ id, name: `Copy ${i}` }) }))));
    expect(await prisma.agent.count({ where: { id } })).toBe(1);
    expect(await prisma.agentRole.count({ where: { agentId: id } })).toBe(5);
  });

  it("squads: exactly one 201, the others 409, one set of members", async () => {
    const member = await makeMetricAgent(5, 50, 50);
    const id = unique("dup-squad");
    const body = { id, name: "Dup", agents: [{ id: member.id }] };
    expectOneCreated(await race(times(N, () => () => call(squadsRoute.POST, "POST", "/api/squads", { key: api.operator, body }))));
    expect(await prisma.squad.count({ where: { id } })).toBe(1);
    expect(await prisma.squadMember.count({ where: { squadId: id } })).toBe(1);
  });

  it("syndicates: exactly one 201, the others 409", async () => {
    const id = unique("dup-syn");
    expectOneCreated(await race(times(N, () => () => call(syndicatesRoute.POST, "POST", "/api/syndicates", { key: api.operator, body: { id, name: "Dup" } }))));
    expect(await prisma.syndicate.count({ where: { id } })).toBe(1);
  });

  it("marketplace items: exactly one 201, the others 409", async () => {
    const id = unique("dup-item");
    const body = { id, name: "Dup item", description: "Twice", itemType: "plugin", commerce: { price: 5 } };
    expectOneCreated(await race(times(N, () => () => call(addItemRoute.POST, "POST", "/api/marketplace/addItem", { key: api.operator, body }))));
    expect(await prisma.marketplaceItem.count({ where: { id } })).toBe(1);
  });

  it("deployments: exactly one 201, the others 409, one first history entry", async () => {
    const id = unique("dup-dep");
    const body = { id, name: "Dup", version: "1.0.0", industry: "Financial", useCase: "Vaults", deployedBy: "ci", deploymentStatus: "queued" };
    expectOneCreated(await race(times(N, () => () => call(deployRoute.POST, "POST", "/api/deployments/dapp/deploy", { key: api.operator, body }))));
    expect(await prisma.deploymentStatusChange.count({ where: { deploymentId: id } })).toBe(1);
  });

  it("tasks: exactly one 201, the others 409, one first history entry", async () => {
    const agent = await makeMetricAgent(1, 1, 1);
    const id = unique("dup-task");
    const body = { id, description: "Once", status: "pending", assignedEntity: { type: "Agent", id: agent.id } };
    expectOneCreated(await race(times(N, () => () => call(assignRoute.POST, "POST", "/api/tasks/assign", { key: api.operator, body }))));
    expect(await prisma.taskStatusChange.count({ where: { taskId: id } })).toBe(1);
  });

  it("users (by email): exactly one 201, the others 409", async () => {
    const admin = await userWithKey("admin");
    const email = `${unique("dup")}@example.test`;
    const body = { email, password: "a long enough secret", role: "viewer" };
    expectOneCreated(await race(times(4, () => () => call(usersRoute.POST, "POST", "/api/users", { key: admin.key, body }))));
    expect(await prisma.user.count({ where: { email } })).toBe(1);
  });

  it("wallet links (by address): exactly one 201, the others 409, and that one is the default", async () => {
    const { key, user } = await userWithKey("viewer");
    const address = randomAddress();
    expectOneCreated(await race(times(N, () => () => call(linksRoute.POST, "POST", "/api/wallet-links", { key, body: { address } }))));
    expect(await prisma.userWallet.findMany({ where: { userId: user.id }, select: { address: true, isDefault: true } })).toEqual([{ address, isDefault: true }]);
  });

  it("wallet links of different addresses at once: exactly one default", async () => {
    const { key, user } = await userWithKey("viewer");
    const answers = await race(times(N, () => () => call(linksRoute.POST, "POST", "/api/wallet-links", { key, body: { address: randomAddress() } })));
    expectOnly(answers, [201]);
    expect(answers.filter((answer) => answer.json.isDefault)).toHaveLength(1);
    expect(await prisma.userWallet.count({ where: { userId: user.id, isDefault: true } })).toBe(1);
  });

  it("address book entries (PUT creates or replaces): exactly one 201, the others 200, one row", async () => {
    const { key, user } = await userWithKey("viewer");
    const address = randomAddress();
    const answers = await race(
      times(N, (i) => () => call(bookEntryRoute.PUT, "PUT", `/api/address-book/${address}`, { key, params: { address }, body: { label: `Label ${i}` } })),
    );
    expectOnly(answers, [200, 201]);
    expect(count(answers, 201)).toBe(1);
    expect(await prisma.addressBookEntry.count({ where: { userId: user.id, address } })).toBe(1);
  });
});

describe("concurrent wallet imports", () => {
  it("of one document: every one 200 (the import is idempotent), each row stored once", async () => {
    const admin = await userWithKey("admin");
    const [wallet, friend] = [randomAddress(), randomAddress()];
    const token = randomAddress();
    const document = {
      tokens: [{ chain: "eth-mainnet", address: token, symbol: "RACE", name: "Race token", decimals: 6 }],
      prices: [{ chain: "eth-mainnet", tokenAddress: token, priceUsd: 2, asOf: "2026-06-01T00:00:00Z" }],
      transfers: [
        { chain: "eth-mainnet", txHash: `0x${"ab".repeat(32)}`, logIndex: 1, blockNumber: 100, timestamp: "2026-06-02T10:00:00Z", fromAddress: friend, toAddress: wallet, kind: "erc20", tokenAddress: token, amount: "5", txFrom: friend },
      ],
      holdings: [{ walletAddress: wallet, chain: "eth-mainnet", tokenAddress: token, balance: "5" }],
      addressInfo: [{ chain: "eth-mainnet", address: friend, isContract: false, label: "Friend" }],
    };
    const answers = await race(times(4, () => () => call(importRoute.POST, "POST", "/api/wallets/import", { key: admin.key, body: document })));
    expectOnly(answers, [200]);
    // The transfer is new to exactly one of them.
    expect(answers.map((answer) => answer.json.transfers.stored).sort()).toEqual([0, 0, 0, 1]);
    expect(await prisma.token.count({ where: { address: token } })).toBe(1);
    expect(await prisma.tokenHolding.count({ where: { walletAddress: wallet } })).toBe(1);
    expect(await prisma.addressInfo.count({ where: { address: friend } })).toBe(1);
  });
});

// ── Status machines ──────────────────────────────────────────────────────────

type Change = { from: string | null; to: string };
type Machine = { canMove: (from: never, to: never) => boolean; statuses: readonly string[] };

/** The history is one legal path from the first status, in the order the API gives it, ending at the current status. */
const expectLegalPath = (machine: Machine, history: Change[], current: string, initial: string) => {
  expect(history[0]).toMatchObject({ from: null, to: initial });
  for (let i = 1; i < history.length; i++) {
    expect(history[i].from).toBe(history[i - 1].to);
    expect(machine.canMove(history[i].from as never, history[i].to as never)).toBe(true);
  }
  expect(history.at(-1)!.to).toBe(current);
  // No two recorded moves leave the same status.
  const froms = history.slice(1).map((change) => change.from);
  expect(new Set(froms).size).toBe(froms.length);
};

describe("concurrent status moves", () => {
  it("deployments: every answer 200 or 409, one winner per status, a legal recorded path", async () => {
    for (let round = 0; round < 3; round++) {
      const id = unique("race-dep");
      const created = await call(deployRoute.POST, "POST", "/api/deployments/dapp/deploy", {
        key: api.operator,
        body: { id, name: "Race", version: "1.0.0", industry: "Financial", useCase: "Vaults", deployedBy: "ci", deploymentStatus: "queued" },
      });
      expect(created.status).toBe(201);
      let wins = 0;
      // Bursts of every target at once, until a final status is reached.
      for (let burst = 0; burst < 4; burst++) {
        const targets = DEPLOYMENT_MACHINE.statuses.flatMap((to) => [to, to]);
        const answers = await race(targets.map((to) => moveDeployment(id, to)));
        expectOnly(answers, [200, 409]);
        // A move that starts after another has finished may go on from there; the path check
        // below shows that no two of them left the same status.
        wins += count(answers, 200);
      }
      const read = await readDeployment(id);
      expect(DEPLOYMENT_MACHINE.isFinal(read.json.deploymentStatus)).toBe(true);
      expectLegalPath(DEPLOYMENT_MACHINE, read.json.statusHistory, read.json.deploymentStatus, "queued");
      expect(read.json.statusHistory).toHaveLength(wins + 1);
    }
  });

  it("deployments: competing single moves from one status, sent all at once: exactly one succeeds", async () => {
    const id = unique("race-dep-one");
    await call(deployRoute.POST, "POST", "/api/deployments/dapp/deploy", {
      key: api.operator,
      body: { id, name: "Race", version: "1.0.0", industry: "Financial", useCase: "Vaults", deployedBy: "ci", deploymentStatus: "in_progress" },
    });
    const answers = await race(times(10, (i) => moveDeployment(id, i % 2 ? "deployed" : "failed")));
    expectOnly(answers, [200, 409]);
    expect(count(answers, 200)).toBe(1);
    const read = await readDeployment(id);
    expect(read.json.deploymentStatus).toBe(answers.find((answer) => answer.status === 200)!.json.deploymentStatus);
    expectLegalPath(DEPLOYMENT_MACHINE, read.json.statusHistory, read.json.deploymentStatus, "in_progress");
  });

  it("tasks: every answer 200 or 409, one winner per status, a legal recorded path", async () => {
    const agent = await makeMetricAgent(1, 1, 1);
    for (let round = 0; round < 3; round++) {
      const id = unique("race-task");
      const created = await call(assignRoute.POST, "POST", "/api/tasks/assign", {
        key: api.operator,
        body: { id, description: "Race", status: "pending", assignedEntity: { type: "Agent", id: agent.id } },
      });
      expect(created.status).toBe(201);
      let wins = 0;
      for (let burst = 0; burst < 5; burst++) {
        // Cancelling is legal from every open status: leave it out of the early bursts so the
        // path goes further than one step.
        const targets = TASK_MACHINE.statuses.filter((to) => burst >= 3 || to !== "cancelled").flatMap((to) => [to, to]);
        const answers = await race(targets.map((to) => moveTask(id, to)));
        expectOnly(answers, [200, 409]);
        // A move that starts after another has finished may go on from there; the path check
        // below shows that no two of them left the same status.
        wins += count(answers, 200);
      }
      const read = await readTask(id);
      expect(TASK_MACHINE.isFinal(read.json.status)).toBe(true);
      expectLegalPath(TASK_MACHINE, read.json.statusHistory, read.json.status, "pending");
      expect(read.json.statusHistory).toHaveLength(wins + 1);
    }
  });
});

// ── Deletes racing updates ───────────────────────────────────────────────────

describe("deletes racing updates", () => {
  it("agents: one 204, the other deletes 404, updates 200 or 404; nothing of the agent left", async () => {
    const agent = await makeMetricAgent(10, 10, 10);
    const squadId = unique("orphan-check");
    await call(squadsRoute.POST, "POST", "/api/squads", { key: api.operator, body: { id: squadId, name: "Holder", agents: [{ id: agent.id }] } });
    const answers = await race([...times(6, (i) => putAgent(agent.id, i, 50)), deleteAgent(agent.id), deleteAgent(agent.id), ...times(3, (i) => putAgent(agent.id, 100 + i, 60))]);
    expectOnly(answers, [200, 204, 404]);
    expect(count(answers, 204)).toBe(1);
    expect(answers.filter((answer, index) => (index === 6 || index === 7) && answer.status === 404)).toHaveLength(1);
    expect((await getAgent(agent.id)).status).toBe(404);
    expect(await prisma.agentRole.count({ where: { agentId: agent.id } })).toBe(0);
    expect(await prisma.agentHistoryPoint.count({ where: { agentId: agent.id } })).toBe(0);
    expect(await prisma.squadMember.count({ where: { agentId: agent.id } })).toBe(0);
  });

  it("squads: one 204, the rest 404 or 200; no members left behind", async () => {
    const member = await makeMetricAgent(1, 2, 3);
    const id = unique("del-squad");
    await call(squadsRoute.POST, "POST", "/api/squads", { key: api.operator, body: { id, name: "Gone", agents: [{ id: member.id }] } });
    const answers = await race([...times(5, () => putSquad(id, [member.id])), deleteSquad(id), deleteSquad(id), ...times(3, () => putSquad(id, []))]);
    expectOnly(answers, [200, 204, 404]);
    expect(count(answers, 204)).toBe(1);
    expect((await readSquad(id)).status).toBe(404);
    expect(await prisma.squadMember.count({ where: { squadId: id } })).toBe(0);
    expect(await prisma.stackedRole.count({ where: { squadId: id } })).toBe(0);
  });

  it("syndicates: one 204, the rest 404 or 200; no links left behind", async () => {
    const id = unique("del-syn");
    await call(syndicatesRoute.POST, "POST", "/api/syndicates", { key: api.operator, body: { id, name: "Gone" } });
    const answers = await race([...times(5, () => putSyndicate(id, [])), deleteSyndicate(id), deleteSyndicate(id), ...times(3, () => putSyndicate(id, []))]);
    expectOnly(answers, [200, 204, 404]);
    expect(count(answers, 204)).toBe(1);
    expect((await readSyndicate(id)).status).toBe(404);
    expect(await prisma.syndicateSquad.count({ where: { syndicateId: id } })).toBe(0);
  });

  it("marketplace items: one 204, the rest 404 or 200", async () => {
    const id = unique("del-item");
    const body = { id, name: "Gone", description: "Soon", itemType: "plugin", commerce: { price: 1 } };
    expect((await call(addItemRoute.POST, "POST", "/api/marketplace/addItem", { key: api.operator, body })).status).toBe(201);
    const put = () => call(itemRoute.PUT, "PUT", `/api/marketplace/item/${id}`, { key: api.operator, params: { marketplaceId: id }, body });
    const remove = () => call(itemRoute.DELETE, "DELETE", `/api/marketplace/item/${id}`, { key: api.operator, params: { marketplaceId: id } });
    const answers = await race([...times(5, () => put), remove, remove, ...times(3, () => put)]);
    expectOnly(answers, [200, 204, 404]);
    expect(count(answers, 204)).toBe(1);
    expect((await call(itemRoute.GET, "GET", `/api/marketplace/item/${id}`, { params: { marketplaceId: id } })).status).toBe(404);
  });

  it("wallet links: unlinking the default while others are made default leaves exactly one default", async () => {
    const { key, user } = await userWithKey("viewer");
    const addresses = times(4, () => randomAddress());
    for (const address of addresses) {
      expect((await call(linksRoute.POST, "POST", "/api/wallet-links", { key, body: { address } })).status).toBe(201);
    }
    const patch = (address: string) => () => call(linkRoute.PATCH, "PATCH", `/api/wallet-links/${address}`, { key, params: { address }, body: { isDefault: true } });
    const unlink = (address: string) => () => call(linkRoute.DELETE, "DELETE", `/api/wallet-links/${address}`, { key, params: { address } });
    const answers = await race([unlink(addresses[0]), patch(addresses[1]), unlink(addresses[1]), patch(addresses[2]), patch(addresses[3]), unlink(addresses[0]), patch(addresses[0])]);
    expectOnly(answers, [200, 204, 404]);
    expect(count(answers.filter((_, i) => i === 0 || i === 5), 204)).toBe(1);
    const left = await prisma.userWallet.findMany({ where: { userId: user.id }, select: { address: true, isDefault: true } });
    expect(left.map((link) => link.address).sort()).toEqual([addresses[2], addresses[3]].sort());
    expect(left.filter((link) => link.isDefault)).toHaveLength(1);
  });

  it("tasks assigned while their entity is deleted: never an open task on a deleted entity", async () => {
    for (const kind of ["Agent", "Squad", "MarketplaceItem"] as const) {
      const id = unique(`busy-${kind.toLowerCase()}`);
      if (kind === "Agent") await makeAgent({ id });
      if (kind === "Squad") await call(squadsRoute.POST, "POST", "/api/squads", { key: api.operator, body: { id, name: "Busy" } });
      if (kind === "MarketplaceItem") await call(addItemRoute.POST, "POST", "/api/marketplace/addItem", { key: api.operator, body: { id, name: "Busy", description: "Busy", itemType: "plugin" } });
      const assign = () => call(assignRoute.POST, "POST", "/api/tasks/assign", { key: api.operator, body: { id: unique("busy-task"), description: "Busy", status: "pending", assignedEntity: { type: kind, id } } });
      const remove =
        kind === "Agent" ? deleteAgent(id) : kind === "Squad" ? deleteSquad(id) : () => call(itemRoute.DELETE, "DELETE", `/api/marketplace/item/${id}`, { key: api.operator, params: { marketplaceId: id } });
      const answers = await race([assign, assign, remove, assign, assign]);
      expectOnly(answers, [201, 204, 409, 422]);
      const deleted = answers[2].status === 204;
      const open = await prisma.task.count({ where: { entityType: kind, entityId: id } });
      // Deleted: every assignment was refused (422). Kept: the delete was refused (409) because of them.
      if (deleted) expect([open, count(answers, 422)]).toEqual([0, 4]);
      else expect([answers[2].status, open]).toEqual([409, count(answers, 201)]);
    }
  });

  it("a storm of mixed writes over shared agents, squads and syndicates: no 500 or 503, metrics right afterwards", async () => {
    const agents = await Promise.all(times(6, (i) => makeMetricAgent(11 * (i + 1), 60 + i * 5, 30 + i * 11, `Storm ${i}`)));
    const a = agents.map((agent) => agent.id);
    const q = times(4, () => unique("storm-squad"));
    for (const [i, id] of q.entries()) {
      await call(squadsRoute.POST, "POST", "/api/squads", { key: api.operator, body: { id, name: "Storm", agents: a.slice(i, i + 3).map((agentId) => ({ id: agentId })) } });
    }
    const y = times(2, () => unique("storm-syn"));
    for (const id of y) await call(syndicatesRoute.POST, "POST", "/api/syndicates", { key: api.operator, body: { id, name: "Storm", squads: q.map((squadId) => ({ id: squadId })) } });
    const answers = await race([
      putSquad(q[0], [a[0], a[5]]),
      putSyndicate(y[0], [q[3], q[1]]),
      deleteAgent(a[1]),
      putSquad(q[1], [a[1], a[2], a[3]]),
      putAgent(a[2], 5, 5),
      deleteSquad(q[2]),
      putSyndicate(y[1], [q[2], q[0]]),
      putSquad(q[3], [a[4], a[1]]),
      deleteAgent(a[4]),
      putSquad(q[2], [a[0]]),
      deleteSyndicate(y[1]),
      putSyndicate(y[0], [q[0], q[2], q[3]]),
      putAgent(a[0], 9, 99),
      deleteSquad(q[0]),
      putSquad(q[1], [a[5], a[4]]),
    ]);
    expectOnly(answers, [200, 204, 404, 422]);
    const squads = await prisma.squad.findMany({
      where: { id: { in: q } },
      select: { id: true, members: { orderBy: { position: "asc" }, select: { agent: { select: METRIC_COLUMNS } } } },
    });
    for (const squad of squads) {
      const read = await readSquad(squad.id);
      expect(read.json.agents.map((agent: { id: string }) => agent.id)).toEqual(squad.members.map((member) => member.agent.id));
      expectMetrics(read.json.aggregatedMetrics, recompute(squad.members.map((member) => member.agent)));
    }
    const read = await readSyndicate(y[0]);
    const kept = new Set(squads.map((squad) => squad.id));
    expect(read.json.squads.every((squad: { id: string }) => kept.has(squad.id))).toBe(true);
    const members = new Map(squads.filter((squad) => read.json.squads.some((s: { id: string }) => s.id === squad.id)).flatMap((squad) => squad.members.map((m) => [m.agent.id, m.agent] as const)));
    expectMetrics(read.json.aggregatedSyndicateMetrics, recompute([...members.values()]));
  });

  it("users: two admins demoting each other at once never leave the system without an admin", async () => {
    const first = await userWithKey("admin");
    const second = await userWithKey("admin");
    // Only these two admins: demote every other admin first.
    await prisma.user.updateMany({ where: { role: "admin", id: { notIn: [first.user.id, second.user.id] } }, data: { role: "viewer" } });
    const demote = (by: string, userId: string) => () => call(userRoute.PATCH, "PATCH", `/api/users/${userId}`, { key: by, params: { userId }, body: { role: "viewer" } });
    const answers = await race([demote(first.key, second.user.id), demote(second.key, first.user.id)]);
    expectOnly(answers, [200, 401, 403, 409]);
    expect(await prisma.user.count({ where: { role: "admin" } })).toBeGreaterThanOrEqual(1);
  });
});

// Only a server runs transactions side by side: the embedded database runs them one at a time,
// so two of them can never wait for each other there.
describe.runIf(serverUrl())("deadlocks (PostgreSQL server)", () => {
  it("the transaction the server picks as a deadlock victim runs again, and both finish", async () => {
    const [x, y] = await Promise.all([makeMetricAgent(1, 1, 1), makeMetricAgent(2, 2, 2)]);
    let attempts = 0;
    let arrived = 0;
    let release = () => {};
    const bothLocked = new Promise<void>((resolve) => (release = resolve));
    // Each locks one row, waits until the other has locked the other row, then wants that one.
    const crosswise = (first: string, second: string, xp: number) =>
      prisma.$transaction(async (tx) => {
        attempts++;
        await tx.$executeRaw`UPDATE "Agent" SET "experiencePoints" = ${xp} WHERE "id" = ${first}`;
        if (++arrived === 2) release();
        await bothLocked;
        await tx.$executeRaw`UPDATE "Agent" SET "experiencePoints" = ${xp} WHERE "id" = ${second}`;
      });
    const outcomes = await Promise.allSettled([crosswise(x.id, y.id, 100), crosswise(y.id, x.id, 200)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled"]);
    // Two first attempts and the victim's second one.
    expect(attempts).toBe(3);
    // The victim ran last and wrote both rows.
    const rows = await prisma.agent.findMany({ where: { id: { in: [x.id, y.id] } }, select: { experiencePoints: true } });
    expect(new Set(rows.map((row) => row.experiencePoints)).size).toBe(1);
  });
});
