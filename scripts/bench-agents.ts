// Part of `npm run bench` ("agents"): connected agents at scale against one production server
// (docs/agents-at-work.md). --count agents (1,000) each hold a long poll (POST /api/runs/claim,
// wait 30 s) on keep-alive connections of their own; then:
//   1. idle: for --idle seconds nobody has work: the server's CPU share while they wait;
//   2. claims: --tasks tasks are assigned, --rate a second, each to an agent drawn by a seeded
//      generator: the time from the assignment's answer to the agent's claim (p50, p99), and that
//      every task is claimed once — none lost, none twice;
//   3. heartbeats: every agent claims a task of its own and heartbeats at the interval the claim
//      suggests for --hold seconds (a short lease makes it often): heartbeats answered per second
//      against those sent, and no run lost.
// Targets: claim p99 ≤ 250 ms, no claim lost or duplicated, every heartbeat answered (≥ 99% of
// those sent, none late past its lease), the server's idle CPU below a third of one core. Figures
// measured in one run on a shared machine: read them as such.
//
// Builds the app when needed (.next-e2e), starts its own production server on a fresh database of
// the run's mode (the bench sets PostgreSQL), and stops it (its whole process group) at the end,
// also on failure or Ctrl-C.
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { parseArgs } from "node:util";
import { Prng } from "../lib/seed/generator/prng";
import { ACCOUNTS } from "../tests/system/server";
import { keyFor } from "../tests/system/session";
import { startOwnServer, stopOwnServer } from "./own-server";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "1000" },
    idle: { type: "string", default: "10" },
    tasks: { type: "string", default: "300" },
    rate: { type: "string", default: "20" },
    hold: { type: "string", default: "20" },
    lease: { type: "string", default: "15" },
  },
});
const COUNT = Number(values.count);
const TASKS = Number(values.tasks);
const RATE = Number(values.rate);
const IDLE_SECONDS = Number(values.idle);
const HOLD_SECONDS = Number(values.hold);
const LEASE_SECONDS = Number(values.lease);

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds (user + system) the process has used, from /proc (every thread of it). */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const main = async () => {
  const { server } = await startOwnServer("bench_agents", { RUN_LEASE_SECONDS: String(LEASE_SECONDS), RUN_OFFER_PREFERENCE_SECONDS: "0" });
  // A keep-alive connection for every agent's long poll, and some for the bench's own calls.
  const dispatcher = new Agent({ keepAlive: true, maxSockets: COUNT + 64 });
  const call = (method: "GET" | "POST", path: string, secret: string, body?: unknown) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' shapes are the API's; the bench reads a few fields
    new Promise<{ status: number; json: any; total: number }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const outgoing = request(
        server.url + path,
        {
          method,
          agent: dispatcher,
          headers: { authorization: `Bearer ${secret}`, ...(payload === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }) },
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => {
            const status = response.statusCode ?? 0;
            if (status >= 400) reject(new Error(`${method} ${path}: ${status} ${text.slice(0, 200)}`));
            else resolve({ status, json: text ? JSON.parse(text) : undefined, total: Number(response.headers["x-total-count"] ?? Number.NaN) });
          });
          response.on("error", reject);
        },
      );
      outgoing.on("error", reject);
      outgoing.end(payload);
    });

  const key = await keyFor(server, ACCOUNTS.operator);
  console.log(`agents: creating ${COUNT} agents and their credentials…`);
  const ids = Array.from({ length: COUNT }, (_, k) => `bench-agent-${String(k).padStart(5, "0")}`);
  const secrets = new Map<string, string>();
  for (let start = 0; start < COUNT; start += 50) {
    await Promise.all(
      ids.slice(start, start + 50).map(async (id) => {
        await call("POST", "/api/agents", key, { id, name: `Bench ${id}`, aiEngine: "bench" });
        secrets.set(id, (await call("POST", `/api/agents/${id}/credentials`, key, { name: "bench" })).json.secret);
      }),
    );
  }

  // Every agent: claim (a long poll) → report the claim → heartbeat while told to hold → complete → claim again.
  const claims = new Map<string, { agentId: string; at: number }[]>();
  let holding = false;
  let stopping = false;
  let heartbeatsSent = 0;
  let heartbeatsAnswered = 0;
  let heartbeatsStopped = 0;
  const heartbeatMs: number[] = [];
  const loops = ids.map(async (agentId) => {
    const secret = secrets.get(agentId)!;
    while (!stopping) {
      let claimed;
      try {
        claimed = await call("POST", "/api/runs/claim?wait=30", secret);
      } catch (error) {
        if (stopping) return;
        throw error;
      }
      if (claimed.status === 204) continue;
      const { run, task, heartbeatSeconds } = claimed.json;
      const seen = claims.get(task.id) ?? [];
      seen.push({ agentId, at: performance.now() });
      claims.set(task.id, seen);
      while (holding && !stopping) {
        await pause(heartbeatSeconds * 1000);
        if (!holding || stopping) break;
        heartbeatsSent += 1;
        const started = performance.now();
        const beat = await call("POST", `/api/runs/${run.id}/heartbeat`, secret);
        heartbeatMs.push(performance.now() - started);
        heartbeatsAnswered += 1;
        if (!beat.json.continue) heartbeatsStopped += 1;
      }
      await call("POST", `/api/runs/${run.id}/complete`, secret, { summary: "done" });
    }
  });
  const failures: unknown[] = [];
  for (const loop of loops) loop.catch((error) => failures.push(error));

  // Every agent has asked once and waits (its contact is what the server has seen of it).
  await pause(5_000);

  // 1. Idle: CPU while everyone waits.
  const idleStart = { cpu: cpuSeconds(server.pid), at: performance.now() };
  await pause(IDLE_SECONDS * 1000);
  const idleShare = (cpuSeconds(server.pid) - idleStart.cpu) / ((performance.now() - idleStart.at) / 1000);
  console.log(`agents: idle, ${COUNT} waiting: server CPU ${(idleShare * 100).toFixed(1)}% of a core`);

  // 2. Claims: tasks assigned at RATE a second to drawn agents; latency to the claim.
  const rng = new Prng(20261128);
  const assignedAt = new Map<string, number>();
  const assigning = [];
  for (let k = 0; k < TASKS; k += 1) {
    const agentId = ids[rng.int(0, COUNT - 1)];
    const taskId = `bench-task-${String(k).padStart(5, "0")}`;
    assigning.push(
      call("POST", "/api/tasks/assign", key, { id: taskId, description: "bench", status: "assigned", assignedEntity: { type: "Agent", id: agentId } }).then(() =>
        assignedAt.set(taskId, performance.now()),
      ),
    );
    await pause(1000 / RATE);
  }
  await Promise.all(assigning);
  // The last ones claimed, or given up on after 30 s.
  for (let waited = 0; waited < 30_000 && [...assignedAt.keys()].some((id) => !claims.has(id)); waited += 100) await pause(100);
  const latencies = [...assignedAt].filter(([id]) => claims.has(id)).map(([id, at]) => Math.max(0, claims.get(id)![0].at - at)).sort((a, b) => a - b);
  const lostClaims = [...assignedAt.keys()].filter((id) => !claims.has(id)).length;
  const duplicated = [...claims.values()].filter((seen) => seen.length > 1).length;
  console.log(`agents: ${TASKS} tasks at ${RATE}/s: claim p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms, ${lostClaims} unclaimed, ${duplicated} claimed twice`);

  // 3. Heartbeats: every agent holds a run and heartbeats. (The seed's connected agents have lost
  // runs of their own in their history: only those lost from here on count.)
  const lostBefore = (await call("GET", "/api/runs?status=lost&limit=1", key)).total;
  holding = true;
  const holdCpu = { cpu: cpuSeconds(server.pid), at: performance.now() };
  const heldTasks = ids.map((agentId, k) => ({ agentId, taskId: `bench-hold-${String(k).padStart(5, "0")}` }));
  for (let start = 0; start < heldTasks.length; start += 50) {
    await Promise.all(
      heldTasks.slice(start, start + 50).map(({ agentId, taskId }) =>
        call("POST", "/api/tasks/assign", key, { id: taskId, description: "bench hold", status: "assigned", assignedEntity: { type: "Agent", id: agentId } }),
      ),
    );
  }
  const beatStart = { sent: heartbeatsSent, at: performance.now() };
  await pause(HOLD_SECONDS * 1000);
  const beatSeconds = (performance.now() - beatStart.at) / 1000;
  const sent = heartbeatsSent - beatStart.sent;
  holding = false;
  const holdShare = (cpuSeconds(server.pid) - holdCpu.cpu) / ((performance.now() - holdCpu.at) / 1000);
  // Wait for the heartbeats in flight.
  for (let waited = 0; waited < 30_000 && heartbeatsAnswered < heartbeatsSent; waited += 100) await pause(100);
  const lostRuns = (await call("GET", "/api/runs?status=lost&limit=1", key)).total - lostBefore;
  const beats = heartbeatMs.slice().sort((a, b) => a - b);
  const answeredShare = heartbeatsSent === 0 ? 0 : heartbeatsAnswered / heartbeatsSent;
  console.log(
    `agents: ${COUNT} holding runs for ${beatSeconds.toFixed(0)} s: ${(sent / beatSeconds).toFixed(0)} heartbeats/s sent, ${(answeredShare * 100).toFixed(1)}% answered, p99 ${percentile(beats, 0.99).toFixed(1)} ms, ${heartbeatsStopped} told to stop, ${lostRuns} runs lost; server CPU ${(holdShare * 100).toFixed(0)}% of a core`,
  );

  stopping = true;
  dispatcher.destroy();
  if (failures.length > 0) console.log(`agents: ${failures.length} agent loops failed, the first: ${String(failures[0]).slice(0, 300)}`);

  const rows = [
    {
      group: "agents",
      name: `claim latency after assignment, ${COUNT} agents waiting (p99)`,
      measured: percentile(latencies, 0.99),
      unit: "ms",
      target: "≤ 250 ms",
      holds: percentile(latencies, 0.99) <= 250,
      detail: `${TASKS} tasks at ${RATE}/s; p50 ${percentile(latencies, 0.5).toFixed(1)} ms`,
    },
    { group: "agents", name: "claims lost or duplicated", measured: lostClaims + duplicated, target: "0", holds: lostClaims + duplicated === 0, detail: `${lostClaims} never claimed, ${duplicated} claimed twice` },
    {
      group: "agents",
      name: `heartbeats answered, ${COUNT} agents holding runs`,
      measured: answeredShare * 100,
      unit: "%",
      target: "≥ 99%, no run lost",
      holds: answeredShare >= 0.99 && lostRuns === 0 && heartbeatsStopped === 0 && failures.length === 0,
      detail: `${(sent / beatSeconds).toFixed(0)}/s sent (lease ${LEASE_SECONDS} s), p99 ${percentile(beats, 0.99).toFixed(1)} ms, ${lostRuns} runs lost; server CPU ${(holdShare * 100).toFixed(0)}% of a core`,
    },
    {
      group: "agents",
      name: `server CPU while ${COUNT} agents wait for work`,
      measured: idleShare * 100,
      unit: "% of a core",
      target: "< 33%",
      holds: idleShare < 0.33,
      detail: `over ${IDLE_SECONDS} s of long polls`,
    },
  ];
  console.log(`BENCH_ROWS ${JSON.stringify(rows)}`);
};

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopOwnServer());
