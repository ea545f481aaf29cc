// npm run soak [-- --duration 300 --rate 10 --warmup 120 --rss-bound 128 --url http://host:port --key <operator key>]
//
// The long form of the soak test (tests/system/soak.test.ts is the short one): a fixed-rate,
// open-model mixed load (reads of every area, writes with an operator's API key, a few light
// quantum runs) for minutes. Prints per-second figures (throughput, latency p50/p95/p99, answers by
// status class, the server's RSS), then a summary. Exits 1 on any 5xx, any request left unanswered
// or not sent, any answer with another status than expected, or RSS growth after the warm-up past
// the bound.
//
// Without --url it builds the app when needed (.next-e2e), starts its own production server on a
// fresh database (embedded, or a new database on DATABASE_URL's server, dropped afterwards) with
// the rate limits lifted, signs in as the seeded operator for a key, and stops the server's whole
// process group at the end, also on failure or Ctrl-C. With --url it loads that server (seeded,
// with limits high enough for the rate) using --key (SOAK_API_KEY), and reports RSS only when
// --pid (SOAK_PID) names the server's process on this machine.
import { parseArgs } from "node:util";
import { startOwnServer, stopOwnServer } from "./own-server";
import { discoverIds, mixedLoad, runLoad, secondLine, summary, verdict } from "../tests/system/load";
import { ACCOUNTS, type SystemServer } from "../tests/system/server";
import { keyFor } from "../tests/system/session";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: process.env.SOAK_DURATION_S ?? "300" },
    rate: { type: "string", default: process.env.SOAK_RATE ?? "10" },
    warmup: { type: "string", default: process.env.SOAK_WARMUP_S ?? "120" },
    "rss-bound": { type: "string", default: process.env.SOAK_RSS_BOUND_MIB ?? "128" },
    url: { type: "string", default: process.env.SOAK_URL },
    key: { type: "string", default: process.env.SOAK_API_KEY },
    pid: { type: "string", default: process.env.SOAK_PID },
    "key-for-reads": { type: "boolean", default: process.env.SOAK_KEY_FOR_READS === "true" },
    seed: { type: "string", default: process.env.SOAK_SEED ?? "1" },
    json: { type: "string", default: process.env.SOAK_JSON },
  },
});

const number = (name: string, value: string | undefined, min: number) => {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < min) {
    console.error(`--${name} must be a number of at least ${min} (got ${value})`);
    process.exit(2);
  }
  return parsed;
};
const durationS = number("duration", values.duration, 1);
const rate = number("rate", values.rate, 0.1);
const warmupS = number("warmup", values.warmup, 0);
const rssBound = number("rss-bound", values["rss-bound"], 0);
if (warmupS >= durationS) {
  console.error("--warmup must be shorter than --duration");
  process.exit(2);
}
if (values.url && !values.key) {
  console.error("--url needs --key (or SOAK_API_KEY): an operator's API key on that server");
  process.exit(2);
}

let server: SystemServer | undefined;

const main = async () => {
  let url = values.url;
  let key = values.key;
  let pid = values.pid ? Number(values.pid) : undefined;
  if (!url) {
    const own = await startOwnServer("soak");
    server = own.server;
    console.log(`server ${server.url} (pid ${server.pid}, ${own.mode} database)`);
    url = server.url;
    key = await keyFor(server, ACCOUNTS.operator);
    pid = server.pid;
  }
  const headers: Record<string, string> = values["key-for-reads"] ? { authorization: `Bearer ${key}` } : {};
  const ids = await discoverIds(url, headers);
  const runId = `soak-${Date.now().toString(36)}`;
  console.log(`load: ${rate}/s for ${durationS} s, warm-up ${warmupS} s, RSS growth bound ${rssBound} MiB, run ${runId}`);
  const report = await runLoad({
    url,
    rate,
    durationMs: durationS * 1000,
    warmupMs: warmupS * 1000,
    next: mixedLoad(ids, runId, Number(values.seed)),
    operatorKey: key!,
    keyForReads: values["key-for-reads"],
    pid,
    onSecond: (figures) => console.log(secondLine(figures)),
  });
  console.log(`\n${summary(report)}`);
  if (values.json) {
    const { writeFileSync } = await import("node:fs");
    writeFileSync(values.json, JSON.stringify(report, null, 2));
  }
  const reasons = verdict(report, rssBound);
  if (server && !server.running()) reasons.push("the server exited during the load");
  if (!report.rss) console.log("(no RSS figures: give --pid of the server's process to measure them)");
  if (reasons.length > 0) {
    console.error(`\nFAILED:\n- ${reasons.join("\n- ")}`);
    return 1;
  }
  console.log("\nPASSED: no 5xx, every request answered with its expected status, RSS growth within the bound");
  return 0;
};

main()
  .then(async (code) => {
    await stopOwnServer();
    process.exit(code);
  })
  .catch(async (error) => {
    console.error(error);
    if (server) console.error(server.lines().slice(-30).map((line) => `${line.stream}: ${line.text}`).join("\n"));
    await stopOwnServer();
    process.exit(1);
  });
