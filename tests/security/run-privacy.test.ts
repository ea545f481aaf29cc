// Privacy of runs: wallet (and circuit) runs are seen only by the user who ran them and by
// admins; anonymous analyses are answered but not stored.
import { describe, expect, it } from "vitest";
import * as agentRoute from "../../app/quantum/agent/route";
import * as runRoute from "../../app/quantum/run/route";
import * as runsRoute from "../../app/quantum/runs/route";
import { prisma } from "../../lib/db";
import { userWithKey } from "../helpers/factories";
import { useApiTest } from "../helpers/api";
import { call } from "../helpers/http";
import { insertAgent } from "../quantum/factory";

useApiTest();

const BELL = 'OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg q[2];\ncreg c[2];\nh q[0];\ncx q[0],q[1];\nmeasure q -> c;';

const walletRun = (userId: string, address: string) =>
  prisma.quantumRun.create({
    data: { userId, entityType: "wallet", entityId: address, backend: "aer", qubits: 3, shots: 1024, seed: "1", durationMs: 1, result: { probabilities: { "000": 1 }, riskScore: 42 } },
  });

describe("stored runs", () => {
  it("are not stored for an anonymous analysis, and are stored with their user for a credential", async () => {
    const agentId = await insertAgent({ uptime: 99, completionRate: 90, averageResponseTime: 100, errorRate: 1, experiencePoints: 1000 });
    const anonymous = await call(agentRoute.GET, "GET", "/quantum/agent", { query: { agentId, seed: 1 } });
    expect(anonymous.status).toBe(200);
    expect(await prisma.quantumRun.count({ where: { entityId: agentId } })).toBe(0);

    const { key, user } = await userWithKey("viewer");
    expect((await call(agentRoute.GET, "GET", "/quantum/agent", { key, query: { agentId, seed: 1 } })).status).toBe(200);
    expect(await prisma.quantumRun.findMany({ where: { entityId: agentId }, select: { userId: true } })).toEqual([{ userId: user.id }]);
  });

  it("show wallet and circuit runs only to their user and to admins", async () => {
    const alice = await userWithKey("viewer");
    const bob = await userWithKey("operator");
    const admin = await userWithKey("admin");
    const aliceWallet = `0x${"a1".repeat(20)}`;
    const bobWallet = `0x${"b2".repeat(20)}`;
    await walletRun(alice.user.id, aliceWallet);
    await walletRun(bob.user.id, bobWallet);
    expect((await call(runRoute.POST, "POST", "/quantum/run", { key: alice.key, body: { qasm: BELL, seed: 1 } })).status).toBe(200);

    const seen = async (key?: string) => {
      const response = await call(runsRoute.GET, "GET", "/quantum/runs", { key, query: { limit: 1000 } });
      expect(response.status).toBe(200);
      return response;
    };
    const anonymous = await seen();
    expect(anonymous.text).not.toContain(aliceWallet);
    expect(anonymous.text).not.toContain(bobWallet);
    expect(anonymous.json.filter((run: { entityType: string }) => run.entityType === "wallet" || run.entityType === "circuit")).toEqual([]);
    const walletsOnly = await call(runsRoute.GET, "GET", "/quantum/runs", { query: { entityType: "wallet" } });
    expect(walletsOnly.json).toEqual([]);
    expect(walletsOnly.headers.get("x-total-count")).toBe("0");

    const forAlice = (await seen(alice.key)).json as { entityType: string; entityId: string | null }[];
    expect(forAlice.filter((run) => run.entityType === "wallet").map((run) => run.entityId)).toEqual([aliceWallet]);
    expect(forAlice.filter((run) => run.entityType === "circuit")).toHaveLength(1);
    const forBob = (await seen(bob.key)).json as { entityType: string; entityId: string | null }[];
    expect(forBob.filter((run) => run.entityType === "wallet").map((run) => run.entityId)).toEqual([bobWallet]);
    expect(forBob.filter((run) => run.entityType === "circuit")).toHaveLength(0);
    const forAdmin = (await seen(admin.key)).json as { entityType: string; entityId: string | null }[];
    expect(forAdmin.filter((run) => run.entityType === "wallet").map((run) => run.entityId).sort()).toEqual([aliceWallet, bobWallet].sort());
  });
});
