// Hostile OpenQASM through POST /quantum/run: the payloads that crashed the server (nested gate
// definitions, huge registers, deep expressions, a gate body repeating a qubit) and generated
// ones like them are each a 400 problem, and a normal circuit still runs afterwards.
// They run in a child process (qasm-probe.ts) with a 512 MB heap and a per-case time limit: a
// program that still explodes kills that probe (reported as a failure naming the case), and the
// next probe resumes after it — never the test run or the machine.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ROOT } from "./operations";

/** A case not answered within this is a hang (the probe is killed), not a slow answer: speed is the bench's. */
const CASE_LIMIT_MS = 30_000;
const STARTUP_LIMIT_MS = 60_000;

type Line = { total?: number; start?: string; expected?: number; name?: string; status?: number; type?: string; ms?: number; detail?: string; done?: boolean };

// One probe from case `from` on; stops it (its whole process group) when a case overruns.
const probe = (from: number) =>
  new Promise<{ lines: Line[]; stopped?: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/security/qasm-probe.ts"], {
      cwd: ROOT,
      detached: true,
      env: { ...process.env, FROM: String(from), NODE_OPTIONS: "--max-old-space-size=512" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const lines: Line[] = [];
    let buffer = "";
    let stopped: string | undefined;
    const stop = (why: string) => {
      stopped ??= why;
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    };
    let timer = setTimeout(() => stop("the probe did not start in time"), STARTUP_LIMIT_MS);
    child.stdout.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      let newline: number;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        const text = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (!text.startsWith("{")) continue;
        const line = JSON.parse(text) as Line;
        lines.push(line);
        clearTimeout(timer);
        if (line.start) timer = setTimeout(() => stop(`no answer within ${CASE_LIMIT_MS} ms`), CASE_LIMIT_MS);
      }
    });
    child.stderr.resume();
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ lines, stopped: stopped ?? (lines.some((line) => line.done) ? undefined : `the probe died (${signal ?? `exit ${code}`})`) });
    });
  });

describe("hostile OpenQASM", () => {
  it("is refused with a 400 problem, case by case, and the server keeps running circuits", async () => {
    const outcomes: string[] = [];
    let from = 0;
    let total = Infinity;
    while (from < total) {
      const { lines, stopped } = await probe(from);
      total = lines.find((line) => line.total !== undefined)?.total ?? total;
      for (const line of lines.filter((candidate) => candidate.name)) {
        // The outcome decides; how fast each is refused is a bench row ("hostile": the slowest answer).
        const ok = line.status === line.expected && (line.status === 200 || line.type === "application/problem+json");
        outcomes.push(`${ok ? "ok" : "FAILED"}: ${line.name} → ${line.status} in ${line.ms} ms${ok ? "" : ` (${line.detail ?? line.type})`}`);
        from += 1;
      }
      if (!stopped) break;
      const started = lines.filter((line) => line.start).at(-1);
      outcomes.push(`FAILED: ${started?.start ?? "probe start-up"} → ${stopped}`);
      if (!started) break;
      from += 1;
    }
    console.log(outcomes.join("\n"));
    expect(outcomes.filter((line) => line.startsWith("FAILED"))).toEqual([]);
  }, 600_000);
});
