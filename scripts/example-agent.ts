// npm run agent -- --credential <ak_syn_…> [--url http://localhost:3000] [--work-seconds 6] [--once]
//
// An example connected agent (docs/agents-at-work.md): it speaks the run protocol over plain HTTP
// with its agent credential, as an operator's own worker would. It claims its next task (a long
// poll), heartbeats while it works, reports its steps, looks the task's assignee up with a tool (a
// read the API allows every agent), and completes the run with a result. Work is simulated: it
// takes --work-seconds, in a few steps. --once stops after one task. The credential may also come
// from SYNDICATE_AGENT_CREDENTIAL, the URL from SYNDICATE_URL.
//
// Stopped mid-run (Ctrl-C, kill), it simply goes away: its run is lost when its lease runs out and
// the task is offered again — what happens to any agent that dies.
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";

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

type Task = { id: string; description: string; assignedEntity?: { type: string; id: string } };
type Claim = { run: { id: string; agentId: string; attempt: number }; task: Task; heartbeatSeconds: number };
type Heartbeat = { status: string; continue: boolean };

const log = (message: string) => console.log(`${new Date().toISOString()} ${message}`);

/** One call of the API; a problem answer is thrown with its detail. */
const api = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T | undefined }> => {
  const response = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${credential}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = text ? (JSON.parse(text) as T) : undefined;
  if (response.status >= 400) {
    const problem = json as { title?: string; detail?: string } | undefined;
    throw new Error(`${method} ${path}: ${response.status} ${problem?.title ?? ""}: ${problem?.detail ?? text}`);
  }
  return { status: response.status, json };
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Works one claimed task: steps, a tool call, heartbeats, and the ending. */
const work = async ({ run, task, heartbeatSeconds }: Claim) => {
  log(`claimed task ${task.id} (run ${run.id}, attempt ${run.attempt}): ${task.description}`);
  let stop = false;
  const ended = new AbortController();
  // Heartbeats on their own clock: the run is the agent's as long as they arrive.
  const beating = (async () => {
    while (!stop) {
      await sleep(heartbeatSeconds * 1000, undefined, { signal: ended.signal }).catch(() => {});
      if (stop) return;
      const beat = (await api<Heartbeat>("POST", `/api/runs/${run.id}/heartbeat`)).json!;
      if (!beat.continue) {
        log(`run ${run.id} is ${beat.status}: stopping work on it`);
        stop = true;
      }
    }
  })();
  try {
    const steps = (entries: { kind: string; text?: string; data?: unknown; tokens?: number; cost?: number }[]) =>
      api("POST", `/api/runs/${run.id}/steps`, { steps: entries });
    await steps([{ kind: "message", text: `Working on: ${task.description}`, tokens: 120, cost: 0.0006 }]);
    // A tool: the read of whoever the task is assigned to (every agent may read).
    const assignee = task.assignedEntity;
    if (assignee?.type === "Agent") {
      await steps([{ kind: "tool_call", text: "getAgentDetails", data: { agentId: assignee.id } }]);
      const details = (await api<{ name: string; metricsSource: string }>("GET", `/api/agents/${encodeURIComponent(assignee.id)}/details`)).json!;
      await steps([{ kind: "tool_result", text: `${details.name} (${details.metricsSource} figures)` }]);
    }
    const parts = 3;
    for (let part = 1; part <= parts && !stop; part += 1) {
      await pause((workSeconds * 1000) / parts);
      await steps([{ kind: "log", text: `Step ${part} of ${parts} done`, tokens: 40, cost: 0.0002 }]);
    }
    if (stop) return;
    const done = await api<{ status: string }>("POST", `/api/runs/${run.id}/complete`, {
      summary: `Done by the example agent in ${workSeconds} s`,
      data: { parts, workSeconds },
      usage: { tokens: 200, cost: 0.001 },
    });
    log(`run ${run.id}: ${done.json!.status}`);
  } catch (error) {
    if (stop) return;
    log(`run ${run.id} failed: ${(error as Error).message}`);
    await api("POST", `/api/runs/${run.id}/fail`, { errorClass: "ExampleAgentError", message: (error as Error).message.slice(0, 2000) }).catch(() => {});
  } finally {
    stop = true;
    ended.abort();
    await beating.catch((error: Error) => log(`heartbeat: ${error.message}`));
  }
};

const main = async () => {
  log(`example agent: claiming work from ${base}`);
  for (;;) {
    const claimed = await api<Claim>("POST", "/api/runs/claim?wait=30");
    if (claimed.status === 204) continue;
    await work(claimed.json!);
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
