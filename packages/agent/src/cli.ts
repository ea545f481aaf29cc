// syndicate-agent: runs a handler file as a connected agent (../README.md).
//
//   syndicate-agent --handler ./my-agent.mjs [--url http://localhost:3000] [--credential ak_syn_…]
//                   [--once | --max-tasks N] [--grace-seconds 30] [--wait 30]
//
// The handler file's default export (or its export named `handler`) is called with each claimed task
// and a context (see runAgent). The credential may come from SYNDICATE_AGENT_CREDENTIAL and the URL
// from SYNDICATE_URL. Exit status: 0 after a shutdown or the last task, 1 when the service refuses
// the credential or the handler file cannot be loaded, 2 for a usage error.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { ApiError } from "./api.js";
import { runAgent, type Handler } from "./run-agent.js";

const USAGE = `usage: syndicate-agent --handler ./my-agent.mjs [--url http://localhost:3000] [--credential ak_syn_…]
                       [--once | --max-tasks N] [--grace-seconds 30] [--wait 30]

  --handler        a module whose default export handles one task: (task, context) => result
  --url            the service (default $SYNDICATE_URL, else http://localhost:3000)
  --credential     the agent credential (default $SYNDICATE_AGENT_CREDENTIAL); issue one on the
                   agent's page (Credentials) or with POST /api/agents/{agentId}/credentials
  --once           stop after one task (--max-tasks 1)
  --max-tasks      stop after this many tasks
  --grace-seconds  on SIGTERM/SIGINT, how long the task in hand may take before it is handed back (30)
  --wait           seconds each claim waits for work, 0-30 (30)`;

const whole = (value: string | undefined, name: string, max = Number.MAX_SAFE_INTEGER) => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) > max) throw new UsageError(`--${name} must be a whole number from 0 to ${max}, not '${value}'`);
  return Number(value);
};

class UsageError extends Error {}

const loadHandler = async (file: string): Promise<Handler> => {
  const loaded = (await import(pathToFileURL(resolve(file)).href)) as { default?: unknown; handler?: unknown };
  const handler = typeof loaded.default === "function" ? loaded.default : loaded.handler;
  if (typeof handler !== "function") throw new Error(`${file} exports no handler: give it a default export (task, context) => result`);
  return handler as Handler;
};

/** Runs the CLI with `args` (without node and the script); answers the exit status. */
export const main = async (args: string[], env: Record<string, string | undefined> = process.env): Promise<number> => {
  let options;
  try {
    const { values } = parseArgs({
      args,
      options: {
        handler: { type: "string" },
        url: { type: "string" },
        credential: { type: "string" },
        once: { type: "boolean", default: false },
        "max-tasks": { type: "string" },
        "grace-seconds": { type: "string" },
        wait: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    const credential = values.credential ?? env.SYNDICATE_AGENT_CREDENTIAL;
    if (!values.handler) throw new UsageError("--handler is required");
    if (!credential) throw new UsageError("an agent credential is required (--credential or SYNDICATE_AGENT_CREDENTIAL)");
    if (!credential.startsWith("ak_syn_")) throw new UsageError("the credential is not an agent credential (they start with ak_syn_)");
    const url = values.url ?? env.SYNDICATE_URL ?? "http://localhost:3000";
    if (!/^https?:\/\/[^/]/.test(url)) throw new UsageError(`--url must be an http(s) URL, not '${url}'`);
    options = {
      handlerFile: values.handler,
      url,
      credential,
      maxTasks: values.once ? 1 : whole(values["max-tasks"], "max-tasks"),
      graceSeconds: whole(values["grace-seconds"], "grace-seconds", 3_600),
      claimWaitSeconds: whole(values.wait, "wait", 30),
    };
  } catch (error) {
    console.error((error as Error).message);
    console.error(USAGE);
    return 2;
  }
  let handler: Handler;
  try {
    handler = await loadHandler(options.handlerFile);
  } catch (error) {
    console.error(`cannot load the handler: ${(error as Error).message}`);
    return 1;
  }
  try {
    await runAgent({ ...options, handler });
    return 0;
  } catch (error) {
    if (error instanceof ApiError) console.error(`the service refused the credential: ${error.message}`);
    else console.error((error as Error).message);
    return 1;
  }
};
