// What a client types into ?q= (and the equality filters) is text, not a LIKE pattern: "%" and "_"
// match themselves in every list that searches, in the raw-SQL lists and the Prisma ones alike.
import { describe, expect, it } from "vitest";
import * as agentsRoute from "../../app/api/agents/route";
import * as deploymentsRoute from "../../app/api/deployments/route";
import * as entitiesRoute from "../../app/api/entities/search/route";
import * as marketplaceRoute from "../../app/api/marketplace/route";
import * as squadsRoute from "../../app/api/squads/route";
import * as tasksRoute from "../../app/api/tasks/route";
import { prisma } from "../../lib/db";
import { addMarketplaceItem } from "../../lib/marketplace";
import { assignTask } from "../../lib/tasks";
import { useApiTest } from "../helpers/api";
import { call } from "../helpers/http";

useApiTest({
  setup: async () => {
    const role = (roleName: string, position: number) => ({ position, roleName, primaryFunction: "Work" });
    await prisma.agent.create({
      data: { id: "agent-percent", name: "100% Uptime", aiEngine: "gpt-4o", specialization: "Scout", roles: { create: [0, 1, 2, 3, 4].map((p) => role("Scout", p)) } },
    });
    await prisma.agent.create({
      data: { id: "agent-plain", name: "1000 Uptime", aiEngine: "gpt-4o", specialization: "Healer", roles: { create: [0, 1, 2, 3, 4].map((p) => role("Healer", p)) } },
    });
    await prisma.squad.create({ data: { id: "squad_under", name: "Under_score" } });
    await prisma.squad.create({ data: { id: "squad-dash", name: "Under-score" } });
    await addMarketplaceItem({ id: "item-percent", name: "50% Off", description: "Discount", itemType: "plugin" });
    await addMarketplaceItem({ id: "item-plain", name: "500 Off", description: "Discount", itemType: "plugin" });
    await prisma.deployment.create({ data: { id: "dep-a", name: "Vault_1", version: "1", industry: "DeFi", useCase: "Vault", deployedBy: "x", status: "queued" } });
    await prisma.deployment.create({ data: { id: "dep-b", name: "Vault-1", version: "1", industry: "DeFi", useCase: "Vault", deployedBy: "x", status: "queued" } });
    await assignTask({ id: "task-percent", description: "Reach 99% coverage", status: "pending" });
    await assignTask({ id: "task-plain", description: "Reach 990 coverage", status: "pending" });
  },
});

const ids = async (handler: Parameters<typeof call>[0], path: string, query: Record<string, string>) => {
  const response = await call(handler, "GET", path, { query });
  expect(response.status).toBe(200);
  return (response.json as { id: string }[]).map((row) => row.id).sort();
};

describe("search text with LIKE wildcards", () => {
  it("matches '%' and '_' literally in the agent list (raw SQL), its q, specialization and role", async () => {
    expect(await ids(agentsRoute.GET, "/api/agents", { q: "100%" })).toEqual(["agent-percent"]);
    expect(await ids(agentsRoute.GET, "/api/agents", { q: "%" })).toEqual(["agent-percent"]);
    expect(await ids(agentsRoute.GET, "/api/agents", { q: "_" })).toEqual([]);
    expect(await ids(agentsRoute.GET, "/api/agents", { specialization: "%" })).toEqual([]);
    expect(await ids(agentsRoute.GET, "/api/agents", { specialization: "sc_ut" })).toEqual([]);
    expect(await ids(agentsRoute.GET, "/api/agents", { role: "%" })).toEqual([]);
    expect(await ids(agentsRoute.GET, "/api/agents", { specialization: "SCOUT" })).toEqual(["agent-percent"]);
  });

  it("matches them literally in the squad list (raw SQL)", async () => {
    expect(await ids(squadsRoute.GET, "/api/squads", { q: "under_" })).toEqual(["squad_under"]);
    expect(await ids(squadsRoute.GET, "/api/squads", { q: "%" })).toEqual([]);
  });

  it("matches them literally in the marketplace, deployment and task lists and the entity search", async () => {
    expect(await ids(marketplaceRoute.GET, "/api/marketplace", { q: "0%" })).toEqual(["item-percent"]);
    expect(await ids(deploymentsRoute.GET, "/api/deployments", { q: "vault_" })).toEqual(["dep-a"]);
    expect(await ids(tasksRoute.GET, "/api/tasks", { q: "9%" })).toEqual(["task-percent"]);
    expect(await ids(entitiesRoute.GET, "/api/entities/search", { q: "%" })).toEqual(["agent-percent", "item-percent"]);
    expect(await ids(entitiesRoute.GET, "/api/entities/search", { q: "\\" })).toEqual([]);
  });
});
