// npm run bench [-- --agents 100000 --connections 16 --seconds 5 --warmup 2 --skip api,simulator,shots,readiness,hostile,agents]
//
// The one benchmark command (docs/performance.md): every target of the project in one table,
// written to bench/results/latest.json as well.
//   api        the API under load against a bare node:http + pg server and a bare Next.js app
//              built at bench time, on a PostgreSQL database seeded at --agents; then the app
//              against a bare node:http server on an embedded database (PGlite) seeded the same
//              way (both seed times are targets too); queries per request at 64 agents and at
//              --agents (scripts/bench-api.ts).
//   simulator  the quantum simulator's targets (scripts/bench-sim.ts, a child process).
//   shots      10^6 against 10^3 shots end to end through POST /quantum/run at 3, 12 and 20 qubits
//              (scripts/bench-quantum-run.ts, a child process).
//   readiness  the production server's readiness answers while the largest allowed circuit runs
//              (scripts/bench-health.ts, a child process with a server of its own).
//   hostile    hostile programs to every endpoint that takes one: the slowest answer, the slowest
//              health answer meanwhile, the server's memory growth (scripts/bench-hostile.ts).
//   agents     1,000 connected agents long-polling and heartbeating against one server: claim
//              latency after an assignment, claims lost or duplicated, heartbeats answered, the
//              server's CPU while they wait (scripts/bench-agents.ts, a child process).
// Ratios, not absolute numbers, are the targets: these machines are shared and noisy.
//
// Exit code: 0 when every part ran, whether or not its targets hold (a missed target is a row
// with holds "NO"); 1 when a part could not run (its error is printed and it has a row "failed
// to run"). Every process the bench starts runs in a process group of its own and is stopped at
// the end, also on failure or Ctrl-C; every database it creates is dropped.
import { cpus, totalmem } from "node:os";
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { printTable, writeResults, type BenchRow } from "./bench-table";

const { values } = parseArgs({
  options: {
    agents: { type: "string", default: "100000" },
    connections: { type: "string", default: "16" },
    seconds: { type: "string", default: "5" },
    warmup: { type: "string", default: "2" },
    skip: { type: "string", default: "" },
  },
});
const skip = new Set(values.skip.split(",").filter(Boolean));

process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/postgres";

const log = (line: string) => console.log(`[bench] ${line}`);

type Part = { name: string; run: () => Promise<BenchRow[]> };

// A bench script run as a child in a process group of its own (stopped with it on Ctrl-C); its
// rows are its "BENCH_ROWS [...]" line, its other output is passed through.
const childRows = (script: string, args: string[] = []) =>
  new Promise<BenchRow[]>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { detached: true, stdio: ["ignore", "pipe", "inherit"] });
    const stop = () => {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // already gone
      }
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    let rows: BenchRow[] | undefined;
    let buffer = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) {
        if (line.startsWith("BENCH_ROWS ")) rows = JSON.parse(line.slice("BENCH_ROWS ".length)) as BenchRow[];
        else console.log(`  ${line}`);
      }
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      if (rows && code === 0) resolve(rows);
      else reject(new Error(`${script} exited with ${code}${rows ? "" : " and no rows"}`));
    });
  });

const PARTS: Part[] = [
  {
    name: "api",
    run: async () => {
      const { runApiBench } = await import("./bench-api");
      return runApiBench({ agents: Number(values.agents), connections: Number(values.connections), seconds: Number(values.seconds), warmupSeconds: Number(values.warmup), log });
    },
  },
  {
    // A child process of its own: in this process, after the API part, the bandwidth bound's loop
    // measured about 40% slower than in a fresh one while the kernels did not (docs/performance.md,
    // decision 24), which made every kernel row look better than it is.
    name: "simulator",
    run: () => childRows("scripts/bench-sim.ts", ["--rows"]),
  },
  { name: "shots", run: () => childRows("scripts/bench-quantum-run.ts") },
  { name: "readiness", run: () => childRows("scripts/bench-health.ts") },
  { name: "hostile", run: () => childRows("scripts/bench-hostile.ts") },
  { name: "agents", run: () => childRows("scripts/bench-agents.ts") },
];

const main = async () => {
  const started = performance.now();
  const rows: BenchRow[] = [];
  let failed = false;
  for (const part of PARTS) {
    if (skip.has(part.name)) continue;
    log(`${part.name}…`);
    try {
      rows.push(...(await part.run()));
    } catch (error) {
      failed = true;
      // A part that failed in part still gives the rows it measured (bench-api.ts, PartFailure).
      const measured = (error as { rows?: BenchRow[] } | undefined)?.rows;
      if (measured) rows.push(...measured);
      console.error(`[bench] ${part.name} failed:`, error);
      rows.push({ group: part.name, name: "failed to run", measured: Number.NaN, target: "runs", holds: false, detail: error instanceof Error ? error.message.slice(0, 200) : String(error) });
    }
  }
  const minutes = (performance.now() - started) / 60_000;
  rows.push({ group: "bench", name: "whole run", measured: minutes, unit: "min", target: "< 15 min", holds: minutes < 15 });
  const machine = {
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
  console.log(`\n${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}\n`);
  printTable(rows);
  const path = writeResults(rows, machine);
  console.log(`\nwritten to ${path}`);
  return failed ? 1 : 0;
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
