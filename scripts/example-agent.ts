// npm run agent -- --credential <ak_syn_…> [--url http://localhost:3000] [--work-seconds 6] [--once]
//
// An example connected agent (docs/agents-at-work.md): it speaks the run protocol over HTTP with its
// agent credential, as an operator's own worker would, through the API's generated TypeScript client
// (lib/client/sdk.ts: every path, body and answer typed as the OpenAPI document says). It claims its next task (a long
// poll), heartbeats while it works, reports its steps, looks the task's assignee up with a tool (a
// read the API allows every agent), and completes the run with a result. Work is simulated: it
// takes --work-seconds, in a few steps. --once stops after one task. The credential may also come
// from SYNDICATE_AGENT_CREDENTIAL, the URL from SYNDICATE_URL.
//
// Stopped mid-run (Ctrl-C, kill), it simply goes away: its run is lost when its lease runs out and
// the task is offered again — what happens to any agent that dies.
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { createSyndicateClient, type paths, type Problem } from "../lib/client/sdk";

const { values } = parseArgs({
  options: {
    credential: { type: "string" },
    url: { type: "string" },
    "work-seconds": { type: "string", default: "6" },
    once: { type: "boolean", default: false },
  },
});

const credential = values.credential ?? process.env.SYNDICATE_AGENT_CREDENTIAL;
const base = (values.url ?? process.env.SYNDICATE_URL ?? "http://localhost:3000").replace(/\/$/, "");
const workSeconds = Number(values["work-seconds"]);
if (!credential || !credential.startsWith("ak_syn_") || !Number.isFinite(workSeconds) || workSeconds < 0) {
  console.error("usage: npm run agent -- --credential <ak_syn_…> [--url http://localhost:3000] [--work-seconds 6] [--once]");
  console.error("Issue a credential on the agent's page (Credentials) or with POST /api/agents/{agentId}/credentials.");
  process.exit(2);
}

const client = createSyndicateClient({ baseUrl: base, apiKey: credential });

const log = (message: string) => console.log(`${new Date().toISOString()} ${message}`);

/** The answer's data; a problem answer is thrown with its detail. */
const ok = async <T>(call: Promise<{ data?: T; error?: unknown; response: Response }>, what: string): Promise<{ data: T | undefined; status: number }> => {
  const { data, error, response } = await call;
  if (response.status >= 400) {
    const problem = error as Partial<Problem> | undefined;
    throw new Error(`${what}: ${response.status} ${problem?.title ?? ""}: ${problem?.detail ?? ""}`);
  }
  return { data, status: response.status };
};

type Claim = NonNullable<Awaited<ReturnType<typeof claim>>["data"]>;
const claim = () => ok(client.POST("/api/runs/claim", { params: { query: { wait: 30 } } }), "claim");

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Works one claimed task: steps, a tool call, heartbeats, and the ending. */
const work = async ({ run, task, heartbeatSeconds }: Claim) => {
  log(`claimed task ${task.id} (run ${run.id}, attempt ${run.attempt}): ${task.description}`);
  const path = { runId: run.id };
  let stop = false;
  const ended = new AbortController();
  // Heartbeats on their own clock: the run is the agent's as long as they arrive.
  const beating = (async () => {
    while (!stop) {
      await sleep(heartbeatSeconds * 1000, undefined, { signal: ended.signal }).catch(() => {});
      if (stop) return;
      const beat = (await ok(client.POST("/api/runs/{runId}/heartbeat", { params: { path } }), "heartbeat")).data!;
      if (!beat.continue) {
        log(`run ${run.id} is ${beat.status}: stopping work on it`);
        stop = true;
      }
    }
  })();
  try {
    type Steps = paths["/api/runs/{runId}/steps"]["post"]["requestBody"]["content"]["application/json"]["steps"];
    const steps = (entries: Steps) => ok(client.POST("/api/runs/{runId}/steps", { params: { path }, body: { steps: entries } }), "steps");
    await steps([{ kind: "message", text: `Working on: ${task.description}`, tokens: 120, cost: 0.0006 }]);
    // A tool: the read of whoever the task is assigned to (every agent may read).
    const assignee = task.assignedEntity;
    if (assignee?.type === "Agent") {
      await steps([{ kind: "tool_call", text: "getAgentDetails", data: { agentId: assignee.id } }]);
      const details = (await ok(client.GET("/api/agents/{agentId}/details", { params: { path: { agentId: assignee.id } } }), "agent details")).data!;
      await steps([{ kind: "tool_result", text: `${details.name} (${details.metricsSource} figures)` }]);
    }
    const parts = 3;
    for (let part = 1; part <= parts && !stop; part += 1) {
      await pause((workSeconds * 1000) / parts);
      await steps([{ kind: "log", text: `Step ${part} of ${parts} done`, tokens: 40, cost: 0.0002 }]);
    }
    if (stop) return;
    const done = await ok(
      client.POST("/api/runs/{runId}/complete", {
        params: { path },
        body: { summary: `Done by the example agent in ${workSeconds} s`, data: { parts, workSeconds }, usage: { tokens: 200, cost: 0.001 } },
      }),
      "complete",
    );
    log(`run ${run.id}: ${done.data!.status}`);
  } catch (error) {
    if (stop) return;
    log(`run ${run.id} failed: ${(error as Error).message}`);
    await client
      .POST("/api/runs/{runId}/fail", { params: { path }, body: { errorClass: "ExampleAgentError", message: (error as Error).message.slice(0, 2000) } })
      .catch(() => {});
  } finally {
    stop = true;
    ended.abort();
    await beating.catch((error: Error) => log(`heartbeat: ${error.message}`));
  }
};

const main = async () => {
  log(`example agent: claiming work from ${base}`);
  for (;;) {
    const claimed = await claim();
    if (claimed.status === 204 || !claimed.data) continue;
    await work(claimed.data);
    if (values.once) return;
  }
};

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: leaving (a run in progress is lost when its lease runs out, and its task offered again)`);
    process.exit(130);
  });
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
