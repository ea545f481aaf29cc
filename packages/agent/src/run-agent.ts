// runAgent: the connected agent's loop (../README.md). It claims the agent's next task (a long poll),
// hands it to the handler with a context (steps, approvals, the API), heartbeats on its own clock
// while the handler works, sends steps in batches, and ends the run with the handler's answer:
// completed with its result, failed with its error. The service's word wins: a heartbeat saying
// "stop" (cancelled, lost) aborts the handler's signal and nothing more is reported.
//
// Shutdown (SIGTERM, SIGINT, or the `signal` option): no new claim; the task in hand gets
// `graceSeconds` to finish, then its signal is aborted and the run is handed back (released), so
// that its task is offered again at once instead of after the lease. A second signal hands back at
// once.
import { setTimeout as sleep } from "node:timers/promises";
import { ApiError, backOffMs, createAgentApi, DEFAULT_BACK_OFF, type AgentApi, type AgentApiOptions, type BackOff } from "./api.js";
import type { Approval, ApprovalRequest, Claim, Heartbeat, Result, Run, Step, StepsAnswer, Task, Usage } from "./protocol.js";

export type RunContext = {
  run: Run;
  task: Task;
  /** The service's API with the agent's credential (only the operations its roles allow answer). */
  api: AgentApi;
  /** Aborted when the run must stop: cancelled by an operator, lost, or the agent shutting down. */
  signal: AbortSignal;
  /** Adds a step to the trace (sent in batches). */
  step(step: Step): void;
  log(text: string): void;
  message(text: string, usage?: Usage): void;
  toolCall(tool: string, args?: unknown): void;
  toolResult(text: string, data?: unknown): void;
  /** Sends the steps not sent yet. */
  flush(): Promise<void>;
  /** Pauses the run for a person's decision; resolves with it (the run goes on either way). */
  requestApproval(request: ApprovalRequest): Promise<{ approved: boolean; comment: string | null; decidedBy: string | null }>;
};

/** Does one task. Its answer completes the run; what it throws fails it (error class: the error's name). */
export type Handler = (task: Task, context: RunContext) => Promise<Result> | Result;

export type RunAgentOptions = {
  url: string;
  credential: string;
  handler: Handler;
  /** Stop after this many tasks (default: never). */
  maxTasks?: number;
  /** Seconds each claim waits for work (long poll, 0–30; default 30). */
  claimWaitSeconds?: number;
  /** On shutdown, how long the task in hand may take to finish before it is handed back (default 30). */
  graceSeconds?: number;
  /** Steps are sent when this many wait (default 20, at most 100) … */
  batchSteps?: number;
  /** … or this long after the first of them (ms, default 1,000). */
  batchMs?: number;
  /** Aborting it shuts the agent down as SIGTERM does. */
  signal?: AbortSignal;
  /** Shut down on SIGTERM and SIGINT (default true). */
  handleSignals?: boolean;
  /** Where progress is told (default: a timestamped line on stdout). */
  log?: (line: string) => void;
  backOff?: Partial<BackOff>;
  fetch?: AgentApiOptions["fetch"];
};

export type RunAgentSummary = { tasks: number; completed: number; failed: number; released: number; stopped: number };

/** A fatal answer: the credential is not (or no longer) valid, or not an agent's. */
const isFatal = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

class RunStopped extends Error {
  override name = "RunStopped";
}

export const runAgent = async (options: RunAgentOptions): Promise<RunAgentSummary> => {
  const log = options.log ?? ((line: string) => console.log(`${new Date().toISOString()} ${line}`));
  const backOff = { ...DEFAULT_BACK_OFF, ...options.backOff };
  const api = createAgentApi({
    url: options.url,
    credential: options.credential,
    backOff,
    fetch: options.fetch,
    onBackOff: ({ method, path, status, waitMs }) => log(`${method} ${path}: ${status === 0 ? "service not reachable" : `answered ${status}`}; trying again in ${Math.round(waitMs)} ms`),
  });
  const wait = Math.min(30, Math.max(0, options.claimWaitSeconds ?? 30));
  const graceMs = Math.max(0, options.graceSeconds ?? 30) * 1_000;
  const batchSteps = Math.min(100, Math.max(1, options.batchSteps ?? 20));
  const batchMs = Math.max(0, options.batchMs ?? 1_000);
  const summary: RunAgentSummary = { tasks: 0, completed: 0, failed: 0, released: 0, stopped: 0 };

  // Shutdown: `stopping` ends the claims; `handBack` ends the task in hand.
  const stopping = new AbortController();
  const handBack = new AbortController();
  let signals = 0;
  const shutdown = (why: string) => {
    signals += 1;
    if (signals === 1) {
      log(`${why}: shutting down${graceMs > 0 ? ` (a task in hand has ${graceMs / 1_000} s to finish, then it is handed back)` : ""}`);
      stopping.abort(why);
      setTimeout(() => handBack.abort(why), graceMs).unref();
    } else {
      log(`${why} again: handing back now`);
      handBack.abort(why);
    }
  };
  const onSignal = (name: NodeJS.Signals) => () => shutdown(name);
  const listeners = (options.handleSignals ?? true) ? (["SIGTERM", "SIGINT"] as const).map((name) => [name, onSignal(name)] as const) : [];
  for (const [name, listener] of listeners) process.on(name, listener);
  options.signal?.addEventListener("abort", () => shutdown("stop requested"), { once: true });
  if (options.signal?.aborted) shutdown("stop requested");

  const work = async ({ run, task, heartbeatSeconds }: Claim) => {
    log(`claimed task ${task.id} (run ${run.id}, attempt ${run.attempt}): ${task.description}`);
    const runPath = `/api/runs/${encodeURIComponent(run.id)}`;
    const stop = new AbortController(); // the service said stop
    const signal = AbortSignal.any([stop.signal, handBack.signal]);
    let latest: Heartbeat | undefined;
    let truncated = false;

    // Steps, in batches.
    const queue: Step[] = [];
    let timer: NodeJS.Timeout | undefined;
    let sending: Promise<void> = Promise.resolve();
    const send = () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      const batch = queue.splice(0, queue.length);
      if (batch.length === 0 || truncated) return sending;
      sending = sending.then(async () => {
        for (let from = 0; from < batch.length && !truncated; from += 100) {
          try {
            const answer = await api.post<StepsAnswer>(`${runPath}/steps`, { steps: batch.slice(from, from + 100) });
            if (answer.truncated) {
              truncated = true;
              log(`run ${run.id}: its trace is full (${answer.stepCount} steps); later steps are not kept`);
            }
          } catch (error) {
            if (error instanceof ApiError && error.status === 409) stop.abort(new RunStopped(error.problem.detail ?? "the run ended"));
            else log(`run ${run.id}: steps not sent: ${errorText(error)}`);
            return;
          }
        }
      });
      return sending;
    };
    const step = (entry: Step) => {
      if (stop.signal.aborted) return; // the service said stop: it takes no more steps
      queue.push(entry);
      if (queue.length >= batchSteps) void send();
      else timer ??= setTimeout(() => void send(), batchMs);
    };
    const flush = () => send();

    // Heartbeats, on their own clock; more often while a decision is awaited.
    let awaiting: Approval | undefined;
    const beat = async () => {
      latest = await api.post<Heartbeat>(`${runPath}/heartbeat`);
      if (!latest.continue) {
        log(`run ${run.id} is ${latest.status}: stopping work on it`);
        stop.abort(new RunStopped(`the run is ${latest.status}`));
      }
      return latest;
    };
    const beating = (async () => {
      while (!signal.aborted) {
        const every = awaiting ? Math.min(heartbeatSeconds, 2) : heartbeatSeconds;
        await sleep(every * 1_000, undefined, { signal }).catch(() => {});
        if (signal.aborted) return;
        await beat().catch((error) => {
          if (error instanceof ApiError && (error.status === 404 || error.status === 409)) stop.abort(new RunStopped(errorText(error)));
          else log(`run ${run.id}: heartbeat: ${errorText(error)}`);
        });
      }
    })();

    const requestApproval = async (request: ApprovalRequest) => {
      await flush();
      awaiting = await api.post<Approval>(`${runPath}/approvals`, request);
      log(`run ${run.id}: asked for approval (${request.summary})`);
      try {
        for (;;) {
          const answer = latest?.approval?.id === awaiting.id && latest.approval.status !== "pending" ? latest.approval : undefined;
          if (answer) return { approved: answer.status === "approved", comment: answer.comment, decidedBy: answer.decidedBy };
          if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new RunStopped(String(signal.reason));
          await sleep(Math.min(heartbeatSeconds, 2) * 1_000, undefined, { signal }).catch(() => {});
          if (!signal.aborted) await beat();
        }
      } finally {
        awaiting = undefined;
      }
    };

    const context: RunContext = {
      run,
      task,
      api,
      signal,
      step,
      log: (text) => step({ kind: "log", text }),
      message: (text, usage) => step({ kind: "message", text, ...usage }),
      toolCall: (tool, args) => step({ kind: "tool_call", text: tool, ...(args === undefined ? {} : { data: args }) }),
      toolResult: (text, data) => step({ kind: "tool_result", text, ...(data === undefined ? {} : { data }) }),
      flush,
      requestApproval,
    };

    // The handler races the hand-back: past the grace period the run goes back whatever it does.
    const handed = new Promise<"handed-back">((resolve) => (handBack.signal.aborted ? resolve("handed-back") : handBack.signal.addEventListener("abort", () => resolve("handed-back"), { once: true })));
    const outcome = await Promise.race([
      Promise.resolve()
        .then(() => options.handler(task, context))
        .then((result) => ({ result }) as const, (error: unknown) => ({ error }) as const),
      handed,
    ]);
    try {
      if (stop.signal.aborted) {
        summary.stopped += 1;
        return;
      }
      if (outcome === "handed-back" || ("error" in outcome && handBack.signal.aborted)) {
        await flush();
        await api.post(`${runPath}/release`, { reason: `The agent is shutting down (${String(handBack.signal.reason)})` });
        summary.released += 1;
        log(`run ${run.id}: handed back; its task is offered again`);
        return;
      }
      await flush();
      if ("result" in outcome) {
        const done = await api.post<Run>(`${runPath}/complete`, outcome.result);
        summary.completed += 1;
        log(`run ${run.id}: ${done.status}`);
      } else {
        const error = outcome.error;
        const errorClass = (error instanceof Error && error.name) || "Error";
        await api.post(`${runPath}/fail`, { errorClass: errorClass.slice(0, 100), message: (errorText(error) || errorClass).slice(0, 2_000) });
        summary.failed += 1;
        log(`run ${run.id} failed: ${errorText(error)}`);
      }
    } catch (error) {
      if (isFatal(error)) throw error;
      if (error instanceof ApiError && error.status === 409) {
        // The run ended meanwhile (cancelled, lost): nothing more to report.
        summary.stopped += 1;
        log(`run ${run.id}: ${errorText(error)}`);
      } else if (error instanceof ApiError && error.status === 400 && typeof outcome === "object" && "result" in outcome) {
        // The handler's result is not one the service takes (too long, not an object): the run fails saying so.
        const refused = error.problem.errors?.map((issue) => `${issue.path}: ${issue.message}`).join("; ") || error.message;
        await api.post(`${runPath}/fail`, { errorClass: "InvalidResult", message: `The service refused the handler's result: ${refused}`.slice(0, 2_000) }).catch(() => undefined);
        summary.failed += 1;
        log(`run ${run.id} failed: the service refused its result (${refused})`);
      } else {
        // The service is away: the run is lost when its lease runs out, and its task offered again.
        log(`run ${run.id}: its end could not be reported (${errorText(error)}); it is lost when its lease runs out`);
      }
    } finally {
      stop.abort(new RunStopped("done"));
      if (timer) clearTimeout(timer);
      await beating;
    }
  };

  try {
    log(`claiming work from ${options.url}`);
    let failures = 0;
    while (!stopping.signal.aborted && (options.maxTasks === undefined || summary.tasks < options.maxTasks)) {
      let claim: { status: number; data: Claim | undefined };
      try {
        claim = await api.request<Claim>("POST", "/api/runs/claim", { query: { wait }, signal: stopping.signal });
        failures = 0;
      } catch (error) {
        if (stopping.signal.aborted) break;
        if (isFatal(error)) throw error;
        failures += 1;
        const waitMs = backOffMs(failures, backOff);
        log(`claim: ${errorText(error)}; trying again in ${Math.round(waitMs)} ms`);
        await sleep(waitMs, undefined, { signal: stopping.signal }).catch(() => {});
        continue;
      }
      if (claim.status === 204 || !claim.data) continue;
      summary.tasks += 1;
      await work(claim.data);
    }
    return summary;
  } finally {
    for (const [name, listener] of listeners) process.off(name, listener);
    log(`stopped: ${summary.tasks} task(s) — ${summary.completed} completed, ${summary.failed} failed, ${summary.released} handed back, ${summary.stopped} stopped by the service`);
  }
};
