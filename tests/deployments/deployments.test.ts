// dApp deployments API: deploy, read the live status with its history, move it through the
// state machine, and list, on a real database.
import { beforeAll, describe, expect, it } from "vitest";
import * as deployRoute from "../../app/api/deployments/dapp/deploy/route";
import * as statusRoute from "../../app/api/deployments/dapp/[deploymentId]/status/route";
import * as listRoute from "../../app/api/deployments/route";
import { ZDeployBody, deployDapp } from "../../lib/deployments";
import { prisma } from "../../lib/db";
import { useApiTest } from "../helpers/api";
import { call, errorPaths } from "../helpers/http";

const api = useApiTest({ withKeys: true });

const body = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: "YieldPilot Vaults",
  version: "2.1.0",
  industry: "Financial",
  useCase: "Treasury rebalancing",
  deployedBy: "release-pipeline",
  deploymentStatus: "in_progress",
  deploymentDate: "2026-10-30T09:15:00.000Z",
  configuration: { network: "arbitrum-mainnet", networkLayer: "Layer2", contractAddress: "0x5fbdb2315678afecb367f032d93f642f64180aa3" },
  deploymentMetrics: { deploymentTime: 120, gasUsed: 2500000, securityScore: 91 },
  metadata: { notes: "Canary first" },
  ...extra,
});

const seed = (id: string, deploymentStatus: string, extra: Record<string, unknown> = {}) =>
  deployDapp(ZDeployBody.parse(body(id, { deploymentStatus, deploymentDate: undefined, deploymentMetrics: undefined, ...extra })));

const deploy = (payload: unknown, key: string | null = api.operator) =>
  call(deployRoute.POST, "POST", "/api/deployments/dapp/deploy", { key: key ?? undefined, body: payload });
const status = (id: string) => call(statusRoute.GET, "GET", `/api/deployments/dapp/${id}/status`, { params: { deploymentId: id } });
const move = (id: string, to: unknown, key: string | null = api.operator) =>
  call(statusRoute.PATCH, "PATCH", `/api/deployments/dapp/${id}/status`, { key: key ?? undefined, params: { deploymentId: id }, body: { status: to } });

describe("POST /api/deployments/dapp/deploy", () => {
  it("stores the deployment with the status it carries and answers 201 with its metrics", async () => {
    const response = await deploy({ ...body("dep-created"), extra: "ignored" });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({ ...body("dep-created"), stale: false });
    const read = await status("dep-created");
    expect(read.json.deploymentStatus).toBe("in_progress");
    expect(read.json.statusHistory).toHaveLength(1);
    expect(read.json.statusHistory[0]).toMatchObject({ from: null, to: "in_progress" });
  });

  it("accepts the required fields alone; a queued deployment has no start date yet", async () => {
    const minimal = { id: "dep-min", name: "EduCred", version: "1.0.0", industry: "Education", useCase: "Certificates", deployedBy: "s.ivanova", deploymentStatus: "queued" };
    const response = await deploy(minimal);
    expect(response.status).toBe(201);
    expect(response.json).toEqual({ ...minimal, configuration: {}, deploymentMetrics: {}, metadata: {}, stale: false });
  });

  it("lists every schema violation by path", async () => {
    const response = await deploy({ id: "dep bad", name: "", deploymentStatus: "launched", deploymentDate: "2026-10-30T09:15:00", deploymentMetrics: { securityScore: 140 } });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual([
      "body.deployedBy",
      "body.deploymentDate",
      "body.deploymentMetrics.securityScore",
      "body.deploymentStatus",
      "body.id",
      "body.industry",
      "body.name",
      "body.useCase",
      "body.version",
    ]);
    const date = response.json.errors.find((error: { path: string }) => error.path === "body.deploymentDate");
    expect(date.message).toContain("ISO 8601");
  });

  it("answers 400 for malformed JSON", async () => {
    const response = await deploy("{ not json");
    expect(response.status).toBe(400);
    expect(response.json.title).toBe("Malformed JSON");
  });

  it("answers 401 without a credential and 403 for a viewer", async () => {
    expect((await deploy(body("dep-anon"), null)).status).toBe(401);
    expect((await deploy(body("dep-viewer"), api.viewer)).status).toBe(403);
    expect((await status("dep-anon")).status).toBe(404);
  });

  it("answers 409 for an id that exists", async () => {
    await seed("dep-dup", "queued");
    const response = await deploy(body("dep-dup"));
    expect(response.status).toBe(409);
    expect((await status("dep-dup")).json.deploymentStatus).toBe("queued");
  });
});

describe("GET /api/deployments/dapp/{deploymentId}/status", () => {
  it("answers 404 for an unknown id", async () => {
    const response = await status("dep-none");
    expect(response.status).toBe(404);
    expect(response.json.detail).toBe("Deployment 'dep-none' was not found.");
  });
});

describe("PATCH /api/deployments/dapp/{deploymentId}/status", () => {
  it("moves queued → in_progress → deployed → rolled_back, recording when each move happened", async () => {
    await seed("dep-path", "queued");
    const started = await move("dep-path", "in_progress");
    expect(started.status).toBe(200);
    expect(started.json.deploymentStatus).toBe("in_progress");
    expect(started.json.deploymentDate).toEqual(expect.any(String));
    const deployed = await move("dep-path", "deployed");
    expect(deployed.json.deploymentStatus).toBe("deployed");
    // Seconds from the start to the move, as both were recorded.
    const recorded = await prisma.deployment.findUniqueOrThrow({ where: { id: "dep-path" } });
    expect(deployed.json.deploymentMetrics.deploymentTime).toBe((recorded.statusChangedAt.getTime() - recorded.deploymentDate!.getTime()) / 1000);
    expect((await move("dep-path", "rolled_back")).json.deploymentStatus).toBe("rolled_back");

    const read = (await status("dep-path")).json;
    expect(read.deploymentStatus).toBe("rolled_back");
    expect(read.statusHistory.map((change: { from: string | null; to: string }) => [change.from, change.to])).toEqual([
      [null, "queued"],
      ["queued", "in_progress"],
      ["in_progress", "deployed"],
      ["deployed", "rolled_back"],
    ]);
    const times = read.statusHistory.map((change: { at: string }) => Date.parse(change.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.every((time: number) => Number.isFinite(time))).toBe(true);
  });

  it("moves in_progress → failed", async () => {
    await seed("dep-fail", "in_progress");
    const response = await move("dep-fail", "failed");
    expect(response.status).toBe(200);
    expect(response.json.deploymentStatus).toBe("failed");
  });

  it.each([
    ["queued", "deployed", "allowed from queued: in_progress"],
    ["in_progress", "queued", "allowed from in_progress: deployed, failed"],
    ["deployed", "in_progress", "allowed from deployed: rolled_back"],
    ["failed", "in_progress", "failed is final"],
    ["rolled_back", "deployed", "rolled_back is final"],
    ["queued", "queued", "allowed from queued: in_progress"],
  ])("answers 409 for %s → %s, naming the allowed moves", async (from, to, allowed) => {
    const id = `dep-illegal-${from}-${to}`;
    await seed(id, from);
    const response = await move(id, to);
    expect(response.status).toBe(409);
    expect(response.json.detail).toContain(allowed);
    const read = (await status(id)).json;
    expect(read.deploymentStatus).toBe(from);
    expect(read.statusHistory).toHaveLength(1);
  });

  it("lets one of two concurrent moves win and answers 409 to the other", async () => {
    await seed("dep-race", "in_progress");
    const results = await Promise.all([move("dep-race", "deployed"), move("dep-race", "failed")]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const read = (await status("dep-race")).json;
    const winner = results.find((result) => result.status === 200)!.json.deploymentStatus;
    expect(read.deploymentStatus).toBe(winner);
    expect(read.statusHistory).toHaveLength(2);
  });

  it("answers 400 for an unknown status, 404 for an unknown id", async () => {
    await seed("dep-400", "queued");
    const bad = await move("dep-400", "launched");
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.json)).toEqual(["body.status"]);
    expect((await move("dep-unknown", "in_progress")).status).toBe(404);
  });

  it("answers 401 without a credential and 403 for a viewer", async () => {
    await seed("dep-auth", "queued");
    expect((await move("dep-auth", "in_progress", null)).status).toBe(401);
    expect((await move("dep-auth", "in_progress", api.viewer)).status).toBe(403);
    expect((await status("dep-auth")).json.deploymentStatus).toBe("queued");
  });
});

describe("GET /api/deployments", () => {
  beforeAll(async () => {
    for (const [index, state] of ["queued", "deployed", "deployed", "failed"].entries()) await seed(`list-${index}`, state, { name: "Filterable Ledger" });
  });

  it("pages the list with Link and X-Total-Count", async () => {
    const first = await call(listRoute.GET, "GET", "/api/deployments", { query: { limit: 3 } });
    expect(first.status).toBe(200);
    expect(first.json).toHaveLength(3);
    expect(Number(first.headers.get("x-total-count"))).toBeGreaterThan(3);
    expect(first.headers.get("link")).toMatch(/^<\/api\/deployments\?limit=3&cursor=[^>]+>; rel="next"$/);
  });

  it("filters by status", async () => {
    const response = await call(listRoute.GET, "GET", "/api/deployments", { query: { status: "deployed", q: "filterable" } });
    expect(response.json.map((deployment: { id: string }) => deployment.id)).toEqual(["list-1", "list-2"]);
    expect(response.json.every((deployment: { deploymentStatus: string }) => deployment.deploymentStatus === "deployed")).toBe(true);
  });

  it("answers 400 for an unknown status filter", async () => {
    const response = await call(listRoute.GET, "GET", "/api/deployments", { query: { status: "done" } });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["query.status"]);
  });
});

describe("methods", () => {
  it("answers 405 with Allow for methods a path lacks", async () => {
    const onDeploy = await call(deployRoute.GET, "GET", "/api/deployments/dapp/deploy");
    expect(onDeploy.status).toBe(405);
    expect(onDeploy.headers.get("allow")).toBe("POST");
    const onStatus = await call(statusRoute.DELETE, "DELETE", "/api/deployments/dapp/x/status", { key: api.operator });
    expect(onStatus.status).toBe(405);
    expect(onStatus.headers.get("allow")).toBe("GET, PATCH");
    const onList = await call(listRoute.POST, "POST", "/api/deployments", { key: api.operator, body: {} });
    expect(onList.status).toBe(405);
  });
});
