// Part of `npm run bench`: the bare Next.js peer. A minimal App Router app written at bench time
// into bench/.bare-next (ignored by git through a .gitignore of its own, removed at the end), one
// route handler per measured route, each answering with scripts/bench-bare-answers.ts — the same
// code the bare node:http server runs (the app's SQL and shaping functions, nothing else). So:
//   app − bare Next       = our code (wrapper, key lookup, rate limit, zod, Prisma, log line);
//   bare Next − bare http = the framework's own cost.
// It uses the project's node_modules (next, tsx, pg) and is served by the app's own server.mjs
// (Next's request handler on node:http, as the app is served) with the bare folder as its working
// directory. server.mjs's API router stays off there (the bare app has no instrumentation.ts to
// publish it), so Next.js answers every request of this peer. The handlers load the answers module through tsx at run time, once per process, so
// that Next bundles none of the project's code.
//
// Built with `next build --webpack`, not Turbopack as the app: Turbopack needs its workspace root
// at the repository to resolve the project's node_modules, and from there it compiled the
// repository's own instrumentation.ts (migrations, the job worker) and proxy.ts into the bare app.
// Webpack looks for those only in the bare folder. The server code that handles a request (Next's
// own compiled runtime) is the same whichever bundler built the routes.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ChildProcess } from "node:child_process";
import { removeFolder, startGroup, stopGroup, trackFolder } from "./bench-processes";
import { freePort, ROOT, waitFor } from "../tests/system/server";

export const BARE_NEXT_DIR = path.join(ROOT, "bench", ".bare-next");

const ANSWERS = pathToFileURL(path.join(ROOT, "scripts", "bench-bare-answers.ts")).href;

// The shared loader: the answers module through tsx, loaded once per process (every route shares it).
const LOADER = `import { tsImport } from "tsx/esm/api";

const ANSWERS = ${JSON.stringify(ANSWERS)};

export const answers = () => (globalThis.__benchBareAnswers ??= tsImport(ANSWERS, ANSWERS));

export const send = async (pending) => {
  const answer = await pending;
  return new Response(answer.body, { status: answer.status, headers: { "content-type": "application/json", ...answer.headers } });
};
`;

const route = (depth: number, method: "GET" | "POST", body: string) => `import { answers, send } from "${"../".repeat(depth)}bare.js";

export const dynamic = "force-dynamic";

export async function ${method}(request, { params }) {
  const bare = await answers();
  ${body}
}
`;

const FILES: Record<string, string> = {
  ".gitignore": "*\n",
  "package.json": `${JSON.stringify({ name: "bench-bare-next", private: true, type: "module" }, null, 2)}\n`,
  "next.config.mjs": `export default {
  // The project's node_modules, one level up: tsx and pg load from there at run time.
  serverExternalPackages: ["tsx", "pg"],
  outputFileTracingRoot: ${JSON.stringify(ROOT)},
  poweredByHeader: false,
};
`,
  "bare.js": LOADER,
  "app/api/agents/route.js": route(3, "GET", `return send(bare.agentList(Number(new URL(request.url).searchParams.get("limit") ?? 100)));`),
  "app/api/agents/[agentId]/details/route.js": route(5, "GET", "return send(bare.agentDetails((await params).agentId));"),
  "app/api/squads/[squadId]/details/route.js": route(5, "GET", "return send(bare.squadDetails((await params).squadId));"),
  "app/api/syndicates/[syndicateId]/details/route.js": route(5, "GET", "return send(bare.syndicateDetails((await params).syndicateId));"),
  "app/api/metrics/route.js": route(3, "POST", "return send(bare.walletMetrics(await request.text()));"),
  "app/quantum/agent/route.js": route(3, "GET", "return send(bare.agentAnalysis(new URL(request.url).searchParams));"),
  "app/health/route.js": route(2, "GET", "return send(bare.health());"),
};

const nextBin = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");

/** Writes and builds the bare app; answers the seconds the build took. Throws with the build's output when it fails. */
export const buildBareNext = async (log: (line: string) => void) => {
  removeFolder(BARE_NEXT_DIR);
  trackFolder(BARE_NEXT_DIR);
  for (const [file, text] of Object.entries(FILES)) {
    const target = path.join(BARE_NEXT_DIR, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  log("building the bare Next.js app (bench/.bare-next)…");
  const started = performance.now();
  const env: Record<string, string | undefined> = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
  delete env.NEXT_DIST_DIR;
  const child = startGroup(process.execPath, [nextBin, "build", "--webpack"], { cwd: BARE_NEXT_DIR, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  await stopGroup(child);
  if (code !== 0) throw new Error(`next build of the bare app exited with ${code}:\n${output.slice(-3000)}`);
  return (performance.now() - started) / 1000;
};

export type BareNext = { url: string; child: ChildProcess; stop: () => Promise<void>; output: () => string };

/** Starts the built bare app (server.mjs, production) on `env`'s database; resolves once it answers. */
export const startBareNext = async (env: Record<string, string>): Promise<BareNext> => {
  const port = await freePort();
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    ...env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    HOSTNAME: "127.0.0.1",
    PORT: String(port),
    // The answers module's "@/…" imports resolve with the project's tsconfig.
    TSX_TSCONFIG_PATH: path.join(ROOT, "tsconfig.json"),
    // server.mjs stops itself when the bench is gone.
    SYNDICATE_SUPERVISOR_PID: String(process.pid),
    LOG_LEVEL: "warn",
  };
  delete childEnv.NEXT_DIST_DIR;
  const child = startGroup(process.execPath, [path.join(ROOT, "server.mjs")], { cwd: BARE_NEXT_DIR, env: childEnv as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const url = `http://127.0.0.1:${port}`;
  const up = await waitFor(
    async () => {
      if (child.exitCode !== null) return true;
      try {
        return (await fetch(`${url}/health`)).status === 200;
      } catch {
        return false;
      }
    },
    60_000,
    200,
  );
  if (!up || child.exitCode !== null) {
    await stopGroup(child);
    throw new Error(`the bare Next.js app did not start:\n${output.slice(-3000)}`);
  }
  return { url, child, stop: () => stopGroup(child), output: () => output };
};

export const removeBareNext = () => removeFolder(BARE_NEXT_DIR);
