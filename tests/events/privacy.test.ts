// Private stays private (docs/security.md, "Private events"): every event type of the catalog is
// stated here as shared, private or owner-if-any, and held to it over real route handlers on a
// real database. A private event reaches its owner and admins in GET /api/events and in the live
// stream, never another viewer, and no webhook endpoint ever gets it — not one subscribed to every
// type, not one subscribed to that very type. A shared event reaches everyone and is delivered.
// Also: the producers (wallet indexing of a user's request, the scheduled refresh that tells
// nobody, an operator's webhook test), rows written before a type became private, and the
// activity page's names of who did what.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as eventsRoute from "../../app/api/events/route";
import { GET as streamRoute } from "../../app/api/events/stream/route";
import * as webhooksRoute from "../../app/api/webhooks/route";
import * as webhookTestRoute from "../../app/api/webhooks/[webhookId]/test/route";
import { prisma } from "../../lib/db";
import {
  ANOTHER_USER,
  EVENT_DEFINITIONS,
  EVENT_TYPES,
  PRIVATE_EVENT_TYPES,
  YOU,
  actorNames,
  closeEventStreams,
  recordEvent,
  runAsActor,
  toEvent,
  type EventVisibility,
} from "../../lib/events";
import { resetStreamConfig } from "../../lib/events/stream";
import { enqueueJob } from "../../lib/jobs";
import { claimJob, completeJob, saveJobProgress } from "../../lib/jobs/store";
import { refreshLinkedWallets, WALLET_INDEX_KIND } from "../../lib/wallet";
import { resetWalletEnv } from "../../lib/wallet/config";
import { walletRefreshJob } from "../../lib/wallet/indexing/refresh-job";
import { queueWebhookDeliveries } from "../../lib/webhooks/queue-deliveries";
import { resetWebhooksConfig } from "../../lib/webhooks";
import { useApiTest } from "../helpers/api";
import { unique, userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { sseReader, type StreamEnvelope } from "../helpers/sse";

/** Every type of the catalog and who may see it: a type added to the catalog must be stated here. */
const PRIVACY: Record<string, EventVisibility> = {
  "agent.created": "shared",
  "agent.updated": "shared",
  "agent.deleted": "shared",
  "squad.created": "shared",
  "squad.updated": "shared",
  "squad.deleted": "shared",
  "syndicate.created": "shared",
  "syndicate.updated": "shared",
  "syndicate.deleted": "shared",
  "marketplace_item.created": "shared",
  "marketplace_item.updated": "shared",
  "marketplace_item.deleted": "shared",
  "deployment.created": "shared",
  "deployment.updated": "shared",
  "deployment.deleted": "shared",
  "deployment.status_changed": "shared",
  "deployment.stale": "shared",
  "task.created": "shared",
  "task.updated": "shared",
  "task.deleted": "shared",
  "task.status_changed": "shared",
  "task.overdue": "shared",
  // Agents' work: operators see it, webhooks may subscribe.
  "run.started": "shared",
  "run.step": "shared",
  "run.approval_requested": "shared",
  "run.approval_decided": "shared",
  "run.completed": "shared",
  "run.failed": "shared",
  "run.lost": "shared",
  "run.released": "shared",
  "run.cancelled": "shared",
  // The operator who sent it; delivered to the tested endpoint only (below), never by the fan-out.
  "webhook.test": "private",
  // A user's own quantum job.
  "quantum_job.started": "private",
  "quantum_job.finished": "private",
  // A wallet or circuit run is its user's; an analysis of an agent, squad or syndicate is public.
  "quantum_run.completed": "owner-if-any",
  // Which wallets a user looks at.
  "wallet_indexing.started": "private",
  "wallet_indexing.progressed": "private",
  "wallet_indexing.finished": "private",
};

const STREAM_SETTINGS = { EVENT_STREAM_POLL_MS: "30", EVENT_STREAM_BATCH: "7", EVENT_STREAM_MAX_PER_USER: "4" };
const ENV = { ...STREAM_SETTINGS, WEBHOOKS_ALLOW_PRIVATE_URLS: "true", RPC_URL_ETH_MAINNET: "http://127.0.0.1:9" };
const saved = Object.fromEntries(Object.keys(ENV).map((name) => [name, process.env[name]]));
const resetConfigs = () => {
  resetStreamConfig();
  resetWebhooksConfig();
  resetWalletEnv();
};

useApiTest();

type Person = { key: string; id: string; email: string };
let owner: Person;
let other: Person;
let admin: Person;
let operator: Person;

const person = async (role: "viewer" | "operator" | "admin"): Promise<Person> => {
  const made = await userWithKey(role);
  return { key: made.key, id: made.user.id, email: made.user.email };
};

beforeAll(async () => {
  Object.assign(process.env, ENV);
  resetConfigs();
  [owner, other, admin, operator] = await Promise.all([person("viewer"), person("viewer"), person("admin"), person("operator")]);
});
afterAll(() => {
  closeEventStreams();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfigs();
});

const listed = async (key: string, query: Record<string, string>) => {
  const response = await call(eventsRoute.GET, "GET", "/api/events", { key, query: { order: "asc", limit: 1000, ...query } });
  expect(response.status).toBe(200);
  return response.json as StreamEnvelope[];
};

/** Opens the live stream as EventSource would, with the route handler and a real Request. */
const openStream = async (key: string, query: Record<string, string> = {}) => {
  const url = new URL("http://localhost/api/events/stream");
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const client = new AbortController();
  const response = await streamRoute(new Request(url, { headers: { authorization: `Bearer ${key}` }, signal: client.signal }), { params: Promise.resolve({}) });
  expect(response.status).toBe(200);
  const reader = sseReader(response.body!);
  const ready = await reader.next();
  return { ready, ...reader, disconnect: () => client.abort() };
};

const record = (type: string, entityId: string, visibleTo?: string) =>
  prisma.$transaction((tx) => recordEvent(tx, { type, entityId, data: { id: entityId }, visibleTo }));

/** The deliveries queued for the events about `entityId`, per endpoint. */
const deliveriesAbout = async (entityId: string) =>
  prisma.webhookDelivery.findMany({ where: { eventId: { in: (await prisma.event.findMany({ where: { entityId }, select: { id: true } })).map((row) => row.id) } } });

describe("the privacy of every event type", () => {
  it("states every catalog type, each with the catalog's own visibility", () => {
    expect(Object.keys(PRIVACY).sort()).toEqual([...EVENT_TYPES].sort());
    for (const definition of EVENT_DEFINITIONS) expect([definition.type, definition.visibility]).toEqual([definition.type, PRIVACY[definition.type]]);
    expect([...PRIVATE_EVENT_TYPES].sort()).toEqual(Object.keys(PRIVACY).filter((type) => PRIVACY[type] === "private").sort());
  });

  // Recorded once, read by every case below: each private (or owner-if-any) type once with an owner,
  // each shared (or owner-if-any) type once without, then a shared last event that closes the batch.
  const tag = unique("privacy");
  const withOwner = EVENT_TYPES.filter((type) => PRIVACY[type] !== "shared");
  const withoutOwner = EVENT_TYPES.filter((type) => PRIVACY[type] !== "private");
  const ownedId = (type: string) => `${tag}-owned-${type}`;
  const openId = (type: string) => `${tag}-open-${type}`;
  const LAST = `${tag}-last`;
  // In the order recorded: the owner's events, then the shared ones, then the last one.
  const everything = [...withOwner.map(ownedId), ...withoutOwner.map(openId), LAST];
  const sharedOnly = [...withoutOwner.map(openId), LAST];
  const received = new Map<string, string[]>();
  let everyType: string;
  let privateTypes: string;

  beforeAll(async () => {
    // Two endpoints: one for every type, one subscribed to exactly the private types. The API refuses
    // private types in a subscription (tests/webhooks/endpoints-api.test.ts), so the second is one
    // saved before that rule: its list is written to the row directly.
    const endpoint = async (eventTypes: string[]) => {
      const created = await call(webhooksRoute.POST, "POST", "/api/webhooks", { key: operator.key, body: { url: "http://127.0.0.1:9/hook", eventTypes } });
      expect(created.status).toBe(201);
      return created.json.id as string;
    };
    everyType = await endpoint([]);
    privateTypes = await endpoint(["quantum_run.completed"]);
    await prisma.webhookEndpoint.update({ where: { id: privateTypes }, data: { eventTypes: [...PRIVATE_EVENT_TYPES, "quantum_run.completed"] } });

    const streams = { owner: await openStream(owner.key), other: await openStream(other.key), admin: await openStream(admin.key) };
    for (const type of withOwner) await record(type, ownedId(type), owner.id);
    for (const type of withoutOwner) await record(type, openId(type));
    await record("task.updated", LAST);
    // Each stream up to the last event: exactly what it was sent, in order (a leak would come first).
    const expected = { owner: everything.length, other: sharedOnly.length, admin: everything.length };
    for (const [who, stream] of Object.entries(streams)) {
      received.set(who, (await stream.events(expected[who as keyof typeof expected])).map((event) => event.entity.id));
      stream.disconnect();
    }
  });

  it("sends each stream exactly the events its reader may see, in order", () => {
    expect(received.get("owner")).toEqual(everything);
    expect(received.get("admin")).toEqual(everything);
    expect(received.get("other")).toEqual(sharedOnly);
  });

  it.each(withOwner)("%s with an owner: the owner and admins see it, another viewer does not, no webhook gets it", async (type) => {
    const entityId = ownedId(type);
    const [mine, theirs, admins] = await Promise.all([owner, other, admin].map((reader) => listed(reader.key, { type, entityId })));
    expect(mine.map((event) => event.entity.id)).toEqual([entityId]);
    expect(admins.map((event) => event.entity.id)).toEqual([entityId]);
    expect(theirs).toEqual([]);
    // Nor in the unfiltered log, nor by its record alone.
    expect((await listed(other.key, { entityId })).length).toBe(0);
    expect(received.get("owner")).toContain(entityId);
    expect(received.get("admin")).toContain(entityId);
    expect(received.get("other")).not.toContain(entityId);
    expect(await deliveriesAbout(entityId)).toEqual([]);
  });

  it.each(withoutOwner)("%s without an owner: every reader sees it and the endpoints subscribed to it get it", async (type) => {
    const entityId = openId(type);
    for (const reader of [owner, other, admin]) expect((await listed(reader.key, { type, entityId })).map((event) => event.entity.id)).toEqual([entityId]);
    expect(received.get("other")).toContain(entityId);
    const deliveries = await deliveriesAbout(entityId);
    // The second endpoint is subscribed to quantum_run.completed, so it gets an entity analysis's run.
    expect(deliveries.map((delivery) => delivery.endpointId).sort()).toEqual(type === "quantum_run.completed" ? [everyType, privateTypes].sort() : [everyType]);
  });

  it.each(PRIVATE_EVENT_TYPES)("%s without an owner is not recorded at all", async (type) => {
    const entityId = `${tag}-nobody-${type}`;
    await record(type, entityId);
    expect(await prisma.event.count({ where: { entityId } })).toBe(0);
  });

  it("a webhook test goes to the tested endpoint only, and only its operator and admins see it", async () => {
    const sent = await call(webhookTestRoute.POST, "POST", `/api/webhooks/${privateTypes}/test`, { key: operator.key, params: { webhookId: privateTypes } });
    expect(sent.status).toBe(202);
    const [event] = await prisma.event.findMany({ where: { type: "webhook.test", entityId: privateTypes } });
    expect(event.visibleTo).toBe(operator.id);
    expect((await prisma.webhookDelivery.findMany({ where: { eventId: event.id } })).map((delivery) => delivery.endpointId)).toEqual([privateTypes]);
    expect((await listed(operator.key, { type: "webhook.test", entityId: privateTypes })).map((row) => row.id)).toEqual([event.id]);
    expect((await listed(admin.key, { type: "webhook.test", entityId: privateTypes })).map((row) => row.id)).toEqual([event.id]);
    expect(await listed(other.key, { type: "webhook.test", entityId: privateTypes })).toEqual([]);
  });
});

describe("a row of a private type written without an owner (before the type was private)", () => {
  it("is shown to admins only, in the list and when a stream catches up, and never delivered", async () => {
    const address = `0x${"c3".repeat(20)}`;
    const before = await openStream(other.key);
    const cursor = before.ready!.id!;
    before.disconnect();
    const legacy = await prisma.event.create({
      data: { id: `evt_${unique("legacy")}`, type: "wallet_indexing.started", entityType: "wallet", entityId: address, data: { address } },
    });
    await record("task.updated", `${address}-after`);
    expect(await listed(other.key, { entityId: address })).toEqual([]);
    expect(await listed(owner.key, { entityId: address })).toEqual([]);
    expect((await listed(admin.key, { entityId: address })).map((event) => event.id)).toEqual([legacy.id]);
    // A stream resumed from before it: the next event it gets is the shared one after it.
    const [caught] = await (await openStream(other.key, { after: cursor })).events(1);
    expect(caught.entity.id).toBe(`${address}-after`);
    const [adminCaught] = await (await openStream(admin.key, { after: cursor })).events(1);
    expect(adminCaught.id).toBe(legacy.id);
    // The fan-out refuses it by its type alone.
    const endpoints = await prisma.webhookEndpoint.count({ where: { enabled: true } });
    expect(endpoints).toBeGreaterThan(0);
    expect(await prisma.$transaction((tx) => queueWebhookDeliveries(tx, [legacy.id]))).toBe(0);
    closeEventStreams();
  });
});

describe("the producers", () => {
  /** Runs the queued wallet.index job of `address` as a worker would: claim, two saved progresses, done (each records its event). */
  const runIndexJob = async (address: string) => {
    const job = await prisma.job.findFirstOrThrow({ where: { kind: WALLET_INDEX_KIND, status: "QUEUED", payload: { path: ["address"], equals: address } } });
    const worker = unique("worker");
    // Claim until this job is the one claimed (jobs of other tests are done first, the same way).
    for (let claimed = await claimJob(worker, [WALLET_INDEX_KIND], 60_000); claimed; claimed = await claimJob(worker, [WALLET_INDEX_KIND], 60_000)) {
      await saveJobProgress(claimed.id, worker, { stage: "txlist", records: 0, fromBlock: "0", toBlock: "10", done: [] });
      await saveJobProgress(claimed.id, worker, { stage: "tokentx", records: 3, fromBlock: "0", toBlock: "10", done: ["txlist"] });
      await completeJob(claimed.id, worker, { chain: "eth-mainnet", address });
      if (claimed.id === job.id) return job;
    }
    throw new Error(`job ${job.id} was not claimed`);
  };

  it("wallet indexing a user asked for tells that user and admins only, and no webhook", async () => {
    const address = `0x${"a1".repeat(20)}`;
    await enqueueJob({ kind: WALLET_INDEX_KIND, payload: { chain: "eth-mainnet", address }, userId: owner.id, maxAttempts: 5 });
    const mine = await openStream(owner.key, { entityId: address });
    const theirs = await openStream(other.key, { entityId: address });
    await runIndexJob(address);
    const types = ["wallet_indexing.started", "wallet_indexing.progressed", "wallet_indexing.progressed", "wallet_indexing.finished"];
    expect((await mine.events(4)).map((event) => event.type)).toEqual(types);
    expect((await listed(owner.key, { entityId: address })).map((event) => event.type)).toEqual(types);
    expect((await listed(admin.key, { entityId: address })).map((event) => event.type)).toEqual(types);
    expect(await listed(other.key, { entityId: address })).toEqual([]);
    expect(await deliveriesAbout(address)).toEqual([]);
    // The other viewer's stream, filtered to this wallet, got nothing: the next thing it sees is
    // an event of this wallet recorded for everyone (were anything private sent, it would come first).
    await record("task.updated", address);
    const [next] = await theirs.events(1);
    expect([next.type, next.entity.id]).toEqual(["task.updated", address]);
    mine.disconnect();
    theirs.disconnect();
  });

  it("the scheduled refresh of linked wallets records no event at all, whoever linked them", async () => {
    const address = `0x${"b2".repeat(20)}`;
    await prisma.userWallet.createMany({ data: [{ userId: owner.id, address }, { userId: other.id, address }] });
    const eventsBefore = await prisma.event.count();
    const sweep = await enqueueJob({ kind: walletRefreshJob.kind, payload: {}, maxAttempts: 1 });
    const worker = unique("sweeper");
    expect((await claimJob(worker, [walletRefreshJob.kind], 60_000))?.id).toBe(sweep.id);
    const summary = await refreshLinkedWallets();
    expect(summary.queued).toBeGreaterThanOrEqual(1);
    await completeJob(sweep.id, worker, summary);
    const job = await runIndexJob(address);
    expect(job.userId).toBeNull();
    expect(await prisma.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "DONE" });
    expect(await prisma.event.count()).toBe(eventsBefore);
  });
});

describe("who did it, on the activity page", () => {
  it("shows other users' names and emails to admins only; a viewer or operator sees 'you' and 'another user'", async () => {
    const entityId = unique("activity");
    for (const actor of [owner, operator]) await runAsActor(actor.id, () => record("agent.updated", entityId));
    const events = (await prisma.event.findMany({ where: { entityId }, orderBy: { seq: "asc" } })).map(toEvent);
    expect(events.map((event) => event.actorId)).toEqual([owner.id, operator.id]);

    const forOwner = await actorNames(events, { userId: owner.id, role: "viewer" });
    expect(forOwner).toEqual({ [owner.id]: YOU, [operator.id]: ANOTHER_USER });
    const forOperator = await actorNames(events, { userId: operator.id, role: "operator" });
    expect(forOperator).toEqual({ [owner.id]: ANOTHER_USER, [operator.id]: YOU });
    const forOther = await actorNames(events, { userId: other.id, role: "viewer" });
    expect(forOther).toEqual({ [owner.id]: ANOTHER_USER, [operator.id]: ANOTHER_USER });
    for (const labels of [forOwner, forOperator, forOther]) {
      for (const email of [owner.email, operator.email]) expect(JSON.stringify(labels)).not.toContain(email);
    }
    // Admins: the name, else the email (these users have no name).
    expect(await actorNames(events, { userId: admin.id, role: "admin" })).toEqual({ [owner.id]: owner.email, [operator.id]: operator.email });
  });
});
