// Part of `npm run bench`: hostile programs against the production server (docs/security.md,
// "Submitted programs"). The known programs that took the server down before the sandbox and 40
// generated ones (tests/security/hostile-programs.ts) go to every endpoint that takes a program,
// while /api/health/live is probed every 100 ms and the server's memory is sampled. Targets: every
// answer within 2 s, every health answer within 1 s, the server at most 512 MiB larger, still up.
//
// Builds the app when needed (.next-e2e), starts its own production server on a fresh database and
// stops it (its whole process group) at the end, also on failure or Ctrl-C.
import { parseArgs } from "node:util";
import { HOSTILE_SERVER_ENV, hostileCases, runHostile } from "../tests/security/hostile-run";
import { ACCOUNTS } from "../tests/system/server";
import { createKey, signIn } from "../tests/system/session";
import type { BenchRow } from "./bench-table";
import { startOwnServer, stopOwnServer } from "./own-server";

const { values } = parseArgs({ options: { generated: { type: "string", default: "40" } } });

const main = async () => {
  const { server } = await startOwnServer("bench_hostile", HOSTILE_SERVER_ENV);
  const key = await createKey(server, await signIn(server, ACCOUNTS.admin), "viewer");
  const figures = await runHostile(server, key, hostileCases(Number(values.generated)));
  const grownMiB = (figures.peakBytes - figures.baselineBytes) / 2 ** 20;
  const group = "hostile programs";
  const detail = `${figures.cases} programs × 4 endpoints; ${JSON.stringify(figures.statuses)}`;
  const rows: BenchRow[] = [
    { group, name: "slowest answer to a program", measured: figures.slowestAnswerMs, unit: "ms", target: "≤ 2000 ms", holds: figures.slowestAnswerMs <= 2000, detail },
    { group, name: "slowest GET /api/health/live meanwhile", measured: figures.slowestHealthMs, unit: "ms", target: "≤ 1000 ms", holds: figures.slowestHealthMs <= 1000 && figures.healthFailures === 0, detail: `${figures.healthProbes} probes, ${figures.healthFailures} failed` },
    { group, name: "server memory growth", measured: grownMiB, unit: "MiB", target: "≤ 512 MiB", holds: grownMiB <= 512, detail: `resident ${Math.round(figures.baselineBytes / 2 ** 20)} → peak ${Math.round(figures.peakBytes / 2 ** 20)} MiB` },
    { group, name: "answers outside the rules / process ended", measured: figures.wrong.length + (figures.endedAfter ? 1 : 0), target: "0", holds: figures.wrong.length === 0 && !figures.endedAfter, detail: figures.wrong[0] ?? figures.endedAfter },
  ];
  console.log(`BENCH_ROWS ${JSON.stringify(rows)}`);
};

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopOwnServer());
