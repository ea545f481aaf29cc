// A fixed-rate (open-model) mixed load against a running server, used by the soak system test
// (tests/system/soak.test.ts) and by `npm run soak` (scripts/soak.ts).
//
// Open model: request k is due at start + k / rate, whether or not earlier ones have been answered,
// so a slow server meets the same arrival rate instead of slowing its own client down. Latency is
// counted from the moment a request was due (not from when it left), so a stall shows in the
// percentiles rather than disappearing (no coordinated omission). The mix is chosen by a seeded
// generator: the same seed and rate give the same sequence of requests.
import { readFileSync } from "node:fs";

export type StatusClass = "2xx" | "3xx" | "4xx" | "5xx" | "failed";

/** One request of the mix. `expect` lists the statuses that are right for it; `done` sees the answer. */
export type LoadRequest = {
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body?: unknown;
  /** Send the operator's key (writes; reads when the target needs a credential to read). */
  auth?: boolean;
  expect: number[];
  done?: (status: number) => void;
};

const MIB = 1024 * 1024;

/** The resident set of a process (VmRSS of /proc/<pid>/status) in bytes; undefined when unreadable. */
export const rssOf = (pid: number): number | undefined => {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
};

/** A small seeded generator (mulberry32): which request comes next is reproducible. */
export const seeded = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const BELL = `OPENQASM 2.0;
include "qelib1.inc";
qreg q[2];
creg c[2];
h q[0];
cx q[0], q[1];
measure q -> c;`;

type Ids = { agents: string[]; squads: string[]; syndicates: string[]; marketplace: string[] };

/** The ids the reads use: the first page of each area on the target (the seeded catalog). */
export const discoverIds = async (url: string, headers: Record<string, string> = {}): Promise<Ids> => {
  const ids = async (path: string) => {
    const response = await fetch(`${url}${path}`, { headers, signal: AbortSignal.timeout(30_000) });
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { id: string }[]).map((row) => row.id);
  };
  const [agents, squads, syndicates, marketplace] = await Promise.all([
    ids("/api/agents?limit=50"),
    ids("/api/squads?limit=20"),
    ids("/api/syndicates?limit=20"),
    ids("/api/marketplace?limit=20"),
  ]);
  if (agents.length === 0) throw new Error("the target has no agents to read: seed it first (npm run seed)");
  return { agents, squads, syndicates, marketplace };
};

/**
 * The mixed load: about 75 % reads (lists and details of agents, squads, syndicates, marketplace
 * items, tasks, deployments, entity search, readiness), 22 % writes with the operator's key (agents
 * created, replaced and deleted; tasks assigned and moved through their statuses), 3 % light quantum
 * runs (a seeded agent's analysis with 256 shots, a Bell circuit with 512 shots). Writes only touch
 * rows this run created, and never two requests on one row at once, so every answer has one right
 * status.
 */
export const mixedLoad = (ids: Ids, runId: string, seed = 1) => {
  const random = seeded(seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const idleAgents: string[] = [];
  const idleTasks: { id: string; status: string }[] = [];
  const NEXT: Record<string, string> = { pending: "assigned", assigned: "in_progress", in_progress: "completed" };
  let n = 0;

  const createAgent = (): LoadRequest => {
    const id = `${runId}-a${n}`;
    return {
      name: "POST agent",
      method: "POST",
      path: "/api/agents",
      auth: true,
      body: { id, name: `Soak agent ${n}`, aiEngine: "GPT-4o" },
      expect: [201],
      done: (status) => {
        if (status === 201) idleAgents.push(id);
      },
    };
  };
  const updateAgent = (id: string): LoadRequest => ({
    name: "PUT agent",
    method: "PUT",
    path: `/api/agents/${id}`,
    auth: true,
    body: { id, name: `Soak agent renamed ${n}`, aiEngine: "Claude", experiencePoints: n },
    expect: [200],
    done: () => idleAgents.push(id),
  });
  const deleteAgent = (id: string): LoadRequest => ({ name: "DELETE agent", method: "DELETE", path: `/api/agents/${id}`, auth: true, expect: [204] });
  const createTask = (): LoadRequest => {
    const id = `${runId}-t${n}`;
    return {
      name: "POST task",
      method: "POST",
      path: "/api/tasks/assign",
      auth: true,
      body: { id, description: `Soak task ${n}`, status: "pending", assignedEntity: { type: "Agent", id: pick(ids.agents) }, metadata: { priority: "low" } },
      expect: [201],
      done: (status) => {
        if (status === 201) idleTasks.push({ id, status: "pending" });
      },
    };
  };
  const moveTask = (task: { id: string; status: string }): LoadRequest => {
    const status = NEXT[task.status];
    return {
      name: "PATCH task status",
      method: "PATCH",
      path: `/api/tasks/${task.id}/status`,
      auth: true,
      body: { status },
      expect: [200],
      done: (answer) => {
        if (answer === 200 && NEXT[status]) idleTasks.push({ id: task.id, status });
      },
    };
  };

  const write = (): LoadRequest => {
    const kind = n % 5;
    if (kind === 0) return createAgent();
    if (kind === 1) return idleAgents.length > 0 ? updateAgent(idleAgents.shift()!) : createAgent();
    if (kind === 2) return idleAgents.length > 4 ? deleteAgent(idleAgents.shift()!) : createAgent();
    if (kind === 3) return createTask();
    return idleTasks.length > 0 ? moveTask(idleTasks.shift()!) : createTask();
  };

  const get = (name: string, path: string, expect = [200]): LoadRequest => ({ name, method: "GET", path, expect });
  const reads: (() => LoadRequest)[] = [
    () => get("GET agents", `/api/agents?limit=20&q=${pick(["", "a", "e", "soak"])}`),
    () => get("GET agent details", `/api/agents/${pick(ids.agents)}/details`),
    () => get("GET agent details", `/api/agents/${pick(ids.agents)}/details`),
    () => get("GET squads", "/api/squads?limit=20"),
    () => (ids.squads.length ? get("GET squad details", `/api/squads/${pick(ids.squads)}/details`) : get("GET squads", "/api/squads?limit=5")),
    () => get("GET syndicates", "/api/syndicates?limit=20"),
    () => (ids.syndicates.length ? get("GET syndicate details", `/api/syndicates/${pick(ids.syndicates)}/details`) : get("GET syndicates", "/api/syndicates?limit=5")),
    () => get("GET marketplace", "/api/marketplace?limit=20"),
    () => (ids.marketplace.length ? get("GET marketplace item", `/api/marketplace/item/${pick(ids.marketplace)}`) : get("GET marketplace", "/api/marketplace?limit=5")),
    () => get("GET tasks", "/api/tasks?limit=20&status=pending"),
    () => get("GET deployments", "/api/deployments?limit=20"),
    () => get("GET entity search", `/api/entities/search?q=${pick(["a", "s", "o"])}&limit=10`),
    () => get("GET unknown agent", `/api/agents/${runId}-missing/details`, [404]),
    () => get("GET ready", "/api/health/ready"),
  ];
  const quantum = (): LoadRequest =>
    n % 2 === 0
      ? get("GET quantum agent", `/quantum/agent?agentId=${pick(ids.agents)}&shots=256&seed=${n}`)
      : { name: "POST quantum run", method: "POST", path: "/quantum/run", auth: true, body: { qasm: BELL, shots: 512, seed: n }, expect: [200] };

  return (): LoadRequest => {
    n += 1;
    const draw = random();
    if (draw < 0.03) return quantum();
    if (draw < 0.25) return write();
    return pick(reads)();
  };
};

export type SecondFigures = {
  second: number;
  sent: number;
  answered: number;
  byClass: Record<StatusClass, number>;
  p50: number;
  p95: number;
  p99: number;
  inFlight: number;
  rssMiB?: number;
};

export type LoadReport = {
  rate: number;
  durationS: number;
  warmupS: number;
  sent: number;
  answered: number;
  /** Requests the client did not send because maxInFlight were already waiting: the server could not keep up. */
  notSent: number;
  byClass: Record<StatusClass, number>;
  /** Answers whose status was not the one expected for that request (with up to 10 examples). */
  unexpected: number;
  unexpectedExamples: string[];
  byName: Record<string, { count: number; p50: number; p95: number; p99: number }>;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Answered requests per second over the whole run. */
  throughput: number;
  perSecond: SecondFigures[];
  /** The server's RSS; min/maxAfterWarmupMiB the band it stayed in after the warm-up; growthLastHalfMiB is the growth over the second half of the time after the warm-up (a leak grows in both halves, settling memory mostly in the first). */
  rss?: { startMiB: number; afterWarmupMiB: number; endMiB: number; maxMiB: number; growthAfterWarmupMiB: number; growthLastHalfMiB: number; minAfterWarmupMiB: number; maxAfterWarmupMiB: number };
};

export type LoadOptions = {
  url: string;
  /** Requests per second (arrivals, independent of answers). */
  rate: number;
  durationMs: number;
  /** The first part of the run, after which RSS growth is measured. */
  warmupMs: number;
  next: () => LoadRequest;
  operatorKey: string;
  /** Send the key with reads too (a target with API_PUBLIC_READS=false). */
  keyForReads?: boolean;
  /** The server process whose RSS is sampled each second. */
  pid?: number;
  /** At most this many requests waiting at once; past it a due request is not sent (counted in notSent). */
  maxInFlight?: number;
  /** A request not answered within this is aborted and counts as failed. */
  timeoutMs?: number;
  /** Called once a second with that second's figures (printing progress). */
  onSecond?: (figures: SecondFigures) => void;
};

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
const round = (value: number) => Math.round(value * 10) / 10;
const classOf = (status: number): StatusClass => (status >= 500 ? "5xx" : status >= 400 ? "4xx" : status >= 300 ? "3xx" : "2xx");
const emptyClasses = (): Record<StatusClass, number> => ({ "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0, failed: 0 });
const latencies = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? 0) };
};

/** Runs the load for durationMs at `rate` requests per second, then waits for every request sent to be answered. */
export const runLoad = async (options: LoadOptions): Promise<LoadReport> => {
  const { url, rate, durationMs, warmupMs, next, pid } = options;
  const maxInFlight = options.maxInFlight ?? Math.max(64, rate * 10);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const interval = 1000 / rate;
  const total = Math.floor((durationMs / 1000) * rate);

  const all: number[] = [];
  const byName = new Map<string, number[]>();
  const byClass = emptyClasses();
  const unexpectedExamples: string[] = [];
  let unexpected = 0;
  let sent = 0;
  let answered = 0;
  let notSent = 0;
  let inFlight = 0;
  const pending = new Set<Promise<void>>();

  let second = { sent: 0, answered: 0, byClass: emptyClasses(), latencies: [] as number[] };
  const perSecond: SecondFigures[] = [];
  const rssSamples: { at: number; bytes: number }[] = [];
  const sampleRss = (at: number) => {
    if (pid === undefined) return undefined;
    const bytes = rssOf(pid);
    if (bytes !== undefined) rssSamples.push({ at, bytes });
    return bytes;
  };

  const send = async (request: LoadRequest, dueAt: number) => {
    const headers: Record<string, string> = {};
    if (request.body !== undefined) headers["content-type"] = "application/json";
    if (request.auth || options.keyForReads) headers.authorization = `Bearer ${options.operatorKey}`;
    let status = 0;
    let failure = "";
    try {
      const response = await fetch(`${url}${request.path}`, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.arrayBuffer();
      status = response.status;
    } catch (error) {
      failure = error instanceof Error ? `${error.name}: ${error.message}${error.cause ? ` (${String(error.cause)})` : ""}` : String(error);
    }
    const latency = performance.now() - dueAt;
    answered += status ? 1 : 0;
    second.answered += status ? 1 : 0;
    const statusClass = status ? classOf(status) : "failed";
    byClass[statusClass] += 1;
    second.byClass[statusClass] += 1;
    all.push(latency);
    second.latencies.push(latency);
    const named = byName.get(request.name) ?? [];
    named.push(latency);
    byName.set(request.name, named);
    if (!request.expect.includes(status)) {
      unexpected += 1;
      if (unexpectedExamples.length < 10) unexpectedExamples.push(`${request.method} ${request.path} → ${status || failure} (expected ${request.expect.join(" or ")})`);
    }
    request.done?.(status);
  };

  const started = performance.now();
  sampleRss(0);
  const ticker = setInterval(() => {
    const sorted = [...second.latencies].sort((a, b) => a - b);
    const bytes = sampleRss(performance.now() - started);
    const figures: SecondFigures = {
      second: perSecond.length + 1,
      sent: second.sent,
      answered: second.answered,
      byClass: second.byClass,
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      inFlight,
      ...(bytes === undefined ? {} : { rssMiB: round(bytes / MIB) }),
    };
    perSecond.push(figures);
    options.onSecond?.(figures);
    second = { sent: 0, answered: 0, byClass: emptyClasses(), latencies: [] };
  }, 1000);

  try {
    // The arrival schedule: wake at the next due time and send everything that is due (a late
    // timer sends the backlog at once, keeping the average rate exact).
    let k = 0;
    while (k < total) {
      const now = performance.now();
      while (k < total && started + k * interval <= now) {
        const dueAt = started + k * interval;
        k += 1;
        const request = next();
        if (inFlight >= maxInFlight) {
          notSent += 1;
          continue;
        }
        sent += 1;
        second.sent += 1;
        inFlight += 1;
        const promise = send(request, dueAt).finally(() => {
          inFlight -= 1;
          pending.delete(promise);
        });
        pending.add(promise);
      }
      if (k < total) await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + k * interval - performance.now())));
    }
    await Promise.all([...pending]);
  } finally {
    clearInterval(ticker);
  }
  const elapsed = performance.now() - started;
  const endRss = sampleRss(elapsed);

  let rss: LoadReport["rss"];
  if (rssSamples.length > 0 && endRss !== undefined) {
    const afterWarmup = rssSamples.find((sample) => sample.at >= warmupMs) ?? rssSamples.at(-1)!;
    const afterWarmupSamples = rssSamples.filter((sample) => sample.at >= afterWarmup.at).map((sample) => sample.bytes);
    const midway = rssSamples.find((sample) => sample.at >= (warmupMs + elapsed) / 2) ?? rssSamples.at(-1)!;
    rss = {
      startMiB: round(rssSamples[0].bytes / MIB),
      afterWarmupMiB: round(afterWarmup.bytes / MIB),
      endMiB: round(endRss / MIB),
      maxMiB: round(Math.max(...rssSamples.map((sample) => sample.bytes)) / MIB),
      growthAfterWarmupMiB: round((endRss - afterWarmup.bytes) / MIB),
      growthLastHalfMiB: round((endRss - midway.bytes) / MIB),
      minAfterWarmupMiB: round(Math.min(...afterWarmupSamples) / MIB),
      maxAfterWarmupMiB: round(Math.max(...afterWarmupSamples) / MIB),
    };
  }

  return {
    rate,
    durationS: round(durationMs / 1000),
    warmupS: round(warmupMs / 1000),
    sent,
    answered,
    notSent,
    byClass,
    unexpected,
    unexpectedExamples,
    byName: Object.fromEntries([...byName].sort(([a], [b]) => a.localeCompare(b)).map(([name, values]) => [name, { count: values.length, ...latencies(values) }])),
    latencyMs: latencies(all),
    throughput: round(answered / (elapsed / 1000)),
    perSecond,
    rss,
  };
};

/** The verdict on a report: the reasons it fails (empty when it passes). */
export const verdict = (report: LoadReport, rssGrowthBoundMiB: number) => {
  const reasons: string[] = [];
  if (report.byClass["5xx"] > 0) reasons.push(`${report.byClass["5xx"]} answers were 5xx`);
  if (report.byClass.failed > 0) reasons.push(`${report.byClass.failed} requests got no answer (connection error or past the timeout)`);
  if (report.notSent > 0) reasons.push(`${report.notSent} requests were not sent: the server fell behind the rate`);
  if (report.unexpected > 0) reasons.push(`${report.unexpected} answers had another status than expected: ${report.unexpectedExamples.join("; ")}`);
  if (report.rss && report.rss.growthAfterWarmupMiB > rssGrowthBoundMiB)
    reasons.push(`RSS grew ${report.rss.growthAfterWarmupMiB} MiB after the warm-up (bound ${rssGrowthBoundMiB} MiB)`);
  return reasons;
};

/** The report as a few readable lines (without the per-second rows). */
export const summary = (report: LoadReport) => {
  const lines = [
    `rate ${report.rate}/s for ${report.durationS} s (warm-up ${report.warmupS} s): sent ${report.sent}, answered ${report.answered}, not sent ${report.notSent}, throughput ${report.throughput}/s`,
    `status classes: ${Object.entries(report.byClass).map(([name, count]) => `${name} ${count}`).join(", ")}; unexpected ${report.unexpected}`,
    `latency ms (from the due time): p50 ${report.latencyMs.p50}, p95 ${report.latencyMs.p95}, p99 ${report.latencyMs.p99}, max ${report.latencyMs.max}`,
  ];
  if (report.rss)
    lines.push(
      `server RSS MiB: start ${report.rss.startMiB}, after warm-up ${report.rss.afterWarmupMiB}, end ${report.rss.endMiB}, max ${report.rss.maxMiB}; growth after warm-up ${report.rss.growthAfterWarmupMiB} (of which in its second half ${report.rss.growthLastHalfMiB}); between ${report.rss.minAfterWarmupMiB} and ${report.rss.maxAfterWarmupMiB} after warm-up`,
    );
  for (const [name, figures] of Object.entries(report.byName)) lines.push(`  ${name.padEnd(24)} ${String(figures.count).padStart(6)}  p50 ${figures.p50}  p95 ${figures.p95}  p99 ${figures.p99}`);
  return lines.join("\n");
};

export const secondLine = (figures: SecondFigures) =>
  `${String(figures.second).padStart(4)} s  sent ${figures.sent}  answered ${figures.answered}  2xx ${figures.byClass["2xx"]} 4xx ${figures.byClass["4xx"]} 5xx ${figures.byClass["5xx"]} failed ${figures.byClass.failed}  p50 ${figures.p50} p95 ${figures.p95} p99 ${figures.p99} ms  in flight ${figures.inFlight}${figures.rssMiB === undefined ? "" : `  RSS ${figures.rssMiB} MiB`}`;
