// Deployment lifecycle: staleness (computed from the last status change, at its boundary), the stale
// sweep (one event per deployment, failing only when configured, never touching a finished one,
// once however many sweeps run), and editing and deleting with their rules and events, on a real
// database through the route handlers.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as itemRoute from "../../app/api/deployments/[deploymentId]/route";
import * as deployRoute from "../../app/api/deployments/dapp/deploy/route";
import * as statusRoute from "../../app/api/deployments/dapp/[deploymentId]/status/route";
import * as listRoute from "../../app/api/deployments/route";
import { prisma } from "../../lib/db";
import {
  STALE_SWEEP_KIND,
  moveDeploymentStatus,
  resetDeploymentsConfig,
  staleness,
  sweepStaleDeployments,
  type DeploymentStatusValue,
} from "../../lib/deployments";
import { toEvent } from "../../lib/events";
import { JOB_KINDS } from "../../lib/startup/jobs";
import { useApiTest } from "../helpers/api";
import { call, errorPaths } from "../helpers/http";

const api = useApiTest({ withKeys: true });

const MINUTE = 60_000;
const LIMIT = 60 * MINUTE; // the default DEPLOYMENT_STALE_AFTER_MINUTES
const NOW = new Date("2026-11-20T12:00:00.000Z");
const clock = { now: NOW, staleAfterMs: LIMIT };

/** A deployment whose status last changed `ago` ms before `now`, with that change as its history. */
const create = async (id: string, status: DeploymentStatusValue, ago: number, now = NOW, extra: Record<string, unknown> = {}) => {
  const changedAt = new Date(now.getTime() - ago);
  await prisma.deployment.create({
    data: {
      id,
      name: `dApp ${id}`,
      version: "1.0.0",
      industry: "Financial",
      useCase: "Payments",
      deployedBy: "release-pipeline",
      status,
      deploymentDate: status === "queued" ? null : changedAt,
      network: "base-mainnet",
      networkLayer: "Layer2",
      notes: "As deployed",
      statusChangedAt: changedAt,
      ...extra,
      statusHistory: { create: { fromStatus: null, toStatus: status, changedAt } },
    },
  });
};

const events = async (entityId?: string) =>
  (await prisma.event.findMany({ where: entityId ? { entityId } : {}, orderBy: { seq: "asc" } })).map(toEvent);
const eventTypes = async (entityId: string) => (await events(entityId)).map((event) => event.type);
const history = async (id: string) =>
  (await prisma.deploymentStatusChange.findMany({ where: { deploymentId: id }, orderBy: { changedAt: "asc" } })).map((change) => `${change.fromStatus}>${change.toStatus}`);
const stored = (id: string) => prisma.deployment.findUnique({ where: { id } });

const list = (query: Record<string, string> = {}) => call(listRoute.GET, "GET", "/api/deployments", { query });
const read = (id: string) => call(statusRoute.GET, "GET", `/api/deployments/dapp/${id}/status`, { params: { deploymentId: id } });
const patch = (id: string, body: unknown, key: string | null = api.operator) =>
  call(itemRoute.PATCH, "PATCH", `/api/deployments/${id}`, { key: key ?? undefined, params: { deploymentId: id }, body });
const remove = (id: string, key: string | null = api.operator) =>
  call(itemRoute.DELETE, "DELETE", `/api/deployments/${id}`, { key: key ?? undefined, params: { deploymentId: id } });

const clean = async () => {
  await prisma.deployment.deleteMany({});
  await prisma.event.deleteMany({});
};

afterEach(() => {
  delete process.env.DEPLOYMENT_STALE_AFTER_MINUTES;
  delete process.env.DEPLOYMENT_STALE_FAIL;
  resetDeploymentsConfig();
});

describe("staleness", () => {
  const changedAt = new Date(NOW.getTime() - LIMIT);

  it("is stale only when in progress for strictly longer than the limit", () => {
    expect(staleness("in_progress", changedAt, clock)).toEqual({ stale: false });
    expect(staleness("in_progress", new Date(changedAt.getTime() - 1), clock)).toEqual({ stale: true, staleSince: new Date(NOW.getTime() - 1) });
    for (const status of ["queued", "deployed", "failed", "rolled_back"] as const) {
      expect(staleness(status, new Date(0), clock)).toEqual({ stale: false });
    }
  });

  it("shows in the list and the details, and ?stale= filters by it", async () => {
    await clean();
    const now = new Date();
    await create("st-old", "in_progress", 2 * LIMIT, now);
    await create("st-fresh", "in_progress", 10 * MINUTE, now);
    await create("st-done", "deployed", 30 * LIMIT, now);

    const all = (await list()).json as { id: string; stale: boolean; staleSince?: string }[];
    expect(all.map(({ id, stale, staleSince }) => ({ id, stale, staleSince }))).toEqual([
      { id: "st-done", stale: false, staleSince: undefined },
      { id: "st-fresh", stale: false, staleSince: undefined },
      { id: "st-old", stale: true, staleSince: new Date(now.getTime() - LIMIT).toISOString() },
    ]);
    expect((await read("st-old")).json).toMatchObject({ stale: true, staleSince: new Date(now.getTime() - LIMIT).toISOString() });
    expect((await read("st-fresh")).json).toMatchObject({ stale: false });
    expect((await read("st-fresh")).json).not.toHaveProperty("staleSince");

    const staleOnly = await list({ stale: "true" });
    expect(staleOnly.json.map((row: { id: string }) => row.id)).toEqual(["st-old"]);
    expect(staleOnly.headers.get("x-total-count")).toBe("1");
    expect((await list({ stale: "false" })).json.map((row: { id: string }) => row.id)).toEqual(["st-done", "st-fresh"]);
    // Combined with the words filter (both are ORs inside).
    expect((await list({ stale: "true", q: "st-fresh" })).json).toEqual([]);
    expect((await list({ stale: "false", q: "st-fresh" })).json.map((row: { id: string }) => row.id)).toEqual(["st-fresh"]);
    expect((await list({ stale: "true", q: "dApp st-old" })).json.map((row: { id: string }) => row.id)).toEqual(["st-old"]);

    const bad = await list({ stale: "maybe" });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.json)).toEqual(["query.stale"]);
  });

  it("follows DEPLOYMENT_STALE_AFTER_MINUTES", async () => {
    await clean();
    await create("st-45", "in_progress", 45 * MINUTE, new Date());
    expect((await read("st-45")).json.stale).toBe(false);
    process.env.DEPLOYMENT_STALE_AFTER_MINUTES = "30";
    resetDeploymentsConfig();
    expect((await read("st-45")).json.stale).toBe(true);
    expect((await list({ stale: "true" })).json.map((row: { id: string }) => row.id)).toEqual(["st-45"]);
  });

  it("counts from the move to in_progress, not from creation", async () => {
    await clean();
    await create("st-queued-long", "queued", 30 * LIMIT, new Date());
    const moved = await call(statusRoute.PATCH, "PATCH", "/api/deployments/dapp/st-queued-long/status", {
      key: api.operator,
      params: { deploymentId: "st-queued-long" },
      body: { status: "in_progress" },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.stale).toBe(false);
  });
});

describe("the stale sweep", () => {
  beforeEach(clean);

  it("is a recurring job kind of the application", () => {
    const kind = JOB_KINDS.find((candidate) => candidate.kind === STALE_SWEEP_KIND);
    expect(kind?.schedule?.everyMs).toBe(MINUTE);
  });

  it("records deployment.stale once per stale deployment, fails nothing by default, and leaves the rest alone", async () => {
    await create("sw-boundary", "in_progress", LIMIT); // exactly the limit: not stale yet
    await create("sw-stale-1", "in_progress", LIMIT + 1);
    await create("sw-stale-2", "in_progress", 50 * LIMIT);
    await create("sw-queued", "queued", 50 * LIMIT);
    await create("sw-deployed", "deployed", 50 * LIMIT);
    await create("sw-failed", "failed", 50 * LIMIT);

    expect(await sweepStaleDeployments({ clock, batch: 1 })).toEqual({ marked: 2, failed: 0 });
    expect(await sweepStaleDeployments({ clock })).toEqual({ marked: 0, failed: 0 });

    const recorded = await events();
    expect(recorded.map((event) => [event.type, event.entity.id])).toEqual([
      ["deployment.stale", "sw-stale-1"],
      ["deployment.stale", "sw-stale-2"],
    ]);
    expect(recorded[0]).toMatchObject({
      actorId: null,
      data: { id: "sw-stale-1", deploymentStatus: "in_progress", stale: true, staleSince: new Date(NOW.getTime() - 1).toISOString() },
    });
    expect((await stored("sw-stale-1"))?.staleMarkedAt).toEqual(NOW);
    expect((await stored("sw-boundary"))?.staleMarkedAt).toBeNull();
    const statuses = await prisma.deployment.findMany({ select: { id: true, status: true }, orderBy: { id: "asc" } });
    expect(statuses.map((row) => `${row.id}:${row.status}`)).toEqual([
      "sw-boundary:in_progress",
      "sw-deployed:deployed",
      "sw-failed:failed",
      "sw-queued:queued",
      "sw-stale-1:in_progress",
      "sw-stale-2:in_progress",
    ]);

    // A minute later the boundary one has become stale: it alone is recorded.
    expect(await sweepStaleDeployments({ clock: { ...clock, now: new Date(NOW.getTime() + MINUTE) } })).toEqual({ marked: 1, failed: 0 });
    expect(await eventTypes("sw-boundary")).toEqual(["deployment.stale"]);
  });

  it("with DEPLOYMENT_STALE_FAIL=true moves stale deployments to failed, with history and events, and no finished one", async () => {
    await create("sf-marked-before", "in_progress", 3 * LIMIT);
    expect(await sweepStaleDeployments({ clock })).toEqual({ marked: 1, failed: 0 });
    await create("sf-stale", "in_progress", 2 * LIMIT, NOW, { deploymentTime: null });
    await create("sf-fresh", "in_progress", 5 * MINUTE);
    await create("sf-deployed", "deployed", 50 * LIMIT);
    await create("sf-rolled", "rolled_back", 50 * LIMIT);

    process.env.DEPLOYMENT_STALE_FAIL = "true";
    resetDeploymentsConfig();
    expect(await sweepStaleDeployments({ clock, batch: 1 })).toEqual({ marked: 1, failed: 2 });

    const failed = await stored("sf-stale");
    expect(failed).toMatchObject({ status: "failed", statusChangedAt: NOW, updatedAt: NOW, deploymentTime: (2 * LIMIT) / 1000 });
    expect(await history("sf-stale")).toEqual(["null>in_progress", "in_progress>failed"]);
    expect(await history("sf-marked-before")).toEqual(["null>in_progress", "in_progress>failed"]);
    // Stale first (once, from the earlier sweep for the one marked then), then the move.
    expect(await eventTypes("sf-marked-before")).toEqual(["deployment.stale", "deployment.status_changed"]);
    expect(await eventTypes("sf-stale")).toEqual(["deployment.stale", "deployment.status_changed"]);
    const [, move] = await events("sf-stale");
    expect(move.data).toMatchObject({ from: "in_progress", to: "failed", deployment: { id: "sf-stale", deploymentStatus: "failed", stale: false } });

    for (const id of ["sf-fresh", "sf-deployed", "sf-rolled"]) {
      expect(await eventTypes(id)).toEqual([]);
      expect(await history(id)).toHaveLength(1);
    }
    expect((await stored("sf-fresh"))?.status).toBe("in_progress");
    expect((await stored("sf-deployed"))?.status).toBe("deployed");
    // Nothing is left to do.
    expect(await sweepStaleDeployments({ clock })).toEqual({ marked: 0, failed: 0 });
  });

  it("two sweeps at once record each event and each move once", async () => {
    for (let index = 0; index < 12; index += 1) await create(`sc-${String(index).padStart(2, "0")}`, "in_progress", 2 * LIMIT);
    const marks = await Promise.all([sweepStaleDeployments({ clock, batch: 5 }), sweepStaleDeployments({ clock, batch: 5 })]);
    expect(marks[0].marked + marks[1].marked).toBe(12);
    expect(await prisma.event.count({ where: { type: "deployment.stale" } })).toBe(12);

    await create("sc-late", "in_progress", 2 * LIMIT);
    const fails = await Promise.all([sweepStaleDeployments({ clock, fail: true, batch: 5 }), sweepStaleDeployments({ clock, fail: true, batch: 5 })]);
    expect(fails.map((result) => result.failed).reduce((sum, count) => sum + count, 0)).toBe(13);
    expect(fails.map((result) => result.marked).reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await prisma.event.count({ where: { type: "deployment.stale" } })).toBe(13);
    expect(await prisma.event.count({ where: { type: "deployment.status_changed" } })).toBe(13);
    expect(await prisma.deploymentStatusChange.count({ where: { toStatus: "failed" } })).toBe(13);
    expect(await prisma.deployment.count({ where: { status: "failed" } })).toBe(13);
  });
});

const editBody = {
  name: "YieldPilot Vaults (renamed)",
  version: "2.1.1",
  industry: "Healthcare",
  useCase: "Claims pre-validation",
  configuration: { network: null, contractAddress: "0x5fbdb2315678afecb367f032d93f642f64180aa3" },
  metadata: { notes: "Post-mortem written" },
};

describe("PATCH /api/deployments/{deploymentId}", () => {
  beforeEach(clean);

  it("edits a finished deployment: keys sent change, null clears, keys left out stay; one deployment.updated", async () => {
    await create("ed-failed", "failed", 10 * MINUTE, new Date());
    const response = await patch("ed-failed", { ...editBody, extra: "ignored" });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      id: "ed-failed",
      name: "YieldPilot Vaults (renamed)",
      version: "2.1.1",
      industry: "Healthcare",
      useCase: "Claims pre-validation",
      deployedBy: "release-pipeline",
      deploymentStatus: "failed",
      configuration: { networkLayer: "Layer2", contractAddress: "0x5fbdb2315678afecb367f032d93f642f64180aa3" },
      metadata: { notes: "Post-mortem written" },
      stale: false,
    });
    expect(response.json.configuration).not.toHaveProperty("network");
    expect((await read("ed-failed")).json).toMatchObject({ name: "YieldPilot Vaults (renamed)", statusHistory: [{ to: "failed" }] });

    const recorded = await events("ed-failed");
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ type: "deployment.updated", actorId: expect.any(String), data: response.json });

    // A partial edit; empty notes clear them.
    const notes = await patch("ed-failed", { metadata: { notes: "" } });
    expect(notes.status).toBe(200);
    expect(notes.json).toMatchObject({ name: "YieldPilot Vaults (renamed)", metadata: {} });
  });

  it("edits a queued, deployed or rolled-back deployment too", async () => {
    for (const status of ["queued", "deployed", "rolled_back"] as const) {
      await create(`ed-${status}`, status, 10 * MINUTE, new Date());
      const response = await patch(`ed-${status}`, { version: "9.9.9", id: `ed-${status}` });
      expect(response.status).toBe(200);
      expect(response.json).toMatchObject({ version: "9.9.9", deploymentStatus: status });
    }
  });

  it("answers 409 while in progress, and writes nothing", async () => {
    await create("ed-running", "in_progress", 10 * MINUTE, new Date());
    const before = await stored("ed-running");
    const response = await patch("ed-running", editBody);
    expect(response.status).toBe(409);
    expect(response.json.detail).toContain("in_progress");
    expect(await stored("ed-running")).toEqual(before);
    expect(await events()).toEqual([]);
  });

  it("answers 400 for a bad body, a status, an empty change or another id; 404 for an unknown id", async () => {
    await create("ed-bad", "failed", 10 * MINUTE, new Date());
    const before = await stored("ed-bad");

    const invalid = await patch("ed-bad", { name: "", version: 3, configuration: { network: "x".repeat(101) } });
    expect(invalid.status).toBe(400);
    expect(errorPaths(invalid.json)).toEqual(["body.configuration.network", "body.name", "body.version"]);

    const status = await patch("ed-bad", { name: "Renamed", deploymentStatus: "deployed", deployedBy: "me" });
    expect(status.status).toBe(400);
    expect(errorPaths(status.json)).toEqual(["body.deployedBy", "body.deploymentStatus"]);
    expect(status.json.errors.find((error: { path: string }) => error.path === "body.deploymentStatus").message).toContain("/status");

    const empty = await patch("ed-bad", {});
    expect(empty.status).toBe(400);
    expect(empty.json.errors[0].message).toContain("at least one");

    const otherId = await patch("ed-bad", { id: "ed-other", name: "Renamed" });
    expect(otherId.status).toBe(400);
    expect(errorPaths(otherId.json)).toEqual(["body.id"]);

    const missing = await patch("ed-none", { name: "Renamed" });
    expect(missing.status).toBe(404);
    expect(missing.json.detail).toBe("Deployment 'ed-none' was not found.");

    expect(await stored("ed-bad")).toEqual(before);
    expect(await events()).toEqual([]);
  });

  it("answers 401 without a credential and 403 for a viewer, and writes nothing", async () => {
    await create("ed-auth", "failed", 10 * MINUTE, new Date());
    const before = await stored("ed-auth");
    expect((await patch("ed-auth", editBody, null)).status).toBe(401);
    expect((await patch("ed-auth", editBody, api.viewer)).status).toBe(403);
    expect(await stored("ed-auth")).toEqual(before);
    expect(await events()).toEqual([]);
  });
});

describe("DELETE /api/deployments/{deploymentId}", () => {
  beforeEach(clean);

  it("deletes a failed or rolled-back deployment with its history; one deployment.deleted", async () => {
    for (const status of ["failed", "rolled_back"] as const) {
      const id = `del-${status}`;
      await create(id, status, 10 * MINUTE, new Date());
      const response = await remove(id);
      expect(response.status).toBe(204);
      expect(response.text).toBe("");
      expect(await stored(id)).toBeNull();
      expect(await history(id)).toEqual([]);
      expect((await read(id)).status).toBe(404);
      const recorded = await events(id);
      expect(recorded.map((event) => [event.type, event.data])).toEqual([["deployment.deleted", { id }]]);
      expect((await remove(id)).status).toBe(404);
      expect(await events(id)).toHaveLength(1);
    }
  });

  it("answers 409 in a status that is not final, naming the rule, and writes nothing", async () => {
    for (const status of ["queued", "in_progress", "deployed"] as const) {
      await create(`del-${status}`, status, 10 * MINUTE, new Date());
      const response = await remove(`del-${status}`);
      expect(response.status).toBe(409);
      expect(response.json.detail).toContain("failed, rolled_back");
      expect(await stored(`del-${status}`)).not.toBeNull();
    }
    expect((await remove("del-deployed")).json.detail).toContain("roll it back first");
    expect(await events()).toEqual([]);
  });

  it("answers 404 for an unknown id, 400 for a malformed one, 401 without a credential and 403 for a viewer", async () => {
    await create("del-auth", "failed", 10 * MINUTE, new Date());
    expect((await remove("del-none")).status).toBe(404);
    const malformed = await remove("bad id!");
    expect(malformed.status).toBe(400);
    expect(errorPaths(malformed.json)).toEqual(["params.deploymentId"]);
    expect((await remove("del-auth", null)).status).toBe(401);
    expect((await remove("del-auth", api.viewer)).status).toBe(403);
    expect(await stored("del-auth")).not.toBeNull();
    expect(await events()).toEqual([]);
  });

  it("a delete racing a move of the same deployment: one of them wins, and the history stays legal", async () => {
    await create("del-race", "deployed", 10 * MINUTE, new Date());
    const [moved, deleted] = await Promise.allSettled([moveDeploymentStatus("del-race", "rolled_back"), remove("del-race")]);
    expect(moved.status).toBe("fulfilled");
    const answer = deleted.status === "fulfilled" ? deleted.value.status : 0;
    // Rolled back first: then the delete is allowed (204); else the delete saw "deployed" (409).
    expect([204, 409]).toContain(answer);
    expect(await eventTypes("del-race")).toEqual(answer === 204 ? ["deployment.status_changed", "deployment.deleted"] : ["deployment.status_changed"]);
  });
});

describe("POST /api/deployments/dapp/deploy", () => {
  beforeEach(clean);

  it("records deployment.created once, in the deploy's transaction; none for a refused deploy", async () => {
    const body = { id: "dep-evt", name: "EduCred", version: "1.0.0", industry: "Education", useCase: "Certificates", deployedBy: "ci", deploymentStatus: "queued" };
    const created = await call(deployRoute.POST, "POST", "/api/deployments/dapp/deploy", { key: api.operator, body });
    expect(created.status).toBe(201);
    const again = await call(deployRoute.POST, "POST", "/api/deployments/dapp/deploy", { key: api.operator, body });
    expect(again.status).toBe(409);
    const recorded = await events("dep-evt");
    expect(recorded.map((event) => [event.type, event.data])).toEqual([["deployment.created", created.json]]);
  });
});
