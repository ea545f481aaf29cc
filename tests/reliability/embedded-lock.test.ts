// The embedded database's folder lock: a holder killed with SIGKILL is recognised as gone at
// once (its folder reopens, with its data), a PID reused by an unrelated process is not mistaken
// for the holder, and a live holder is refused with its PID named.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../lib/db";
import { embeddedTemplate } from "../helpers/db";

const dirs: string[] = [];
const children: ChildProcess[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "syndicate-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const startTime = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
};
const bootId = () => readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();

/**
 * A process that opens the folder's database (a copy of the run's template when there is one:
 * creating one takes seconds more), writes a row, says "ready" and waits.
 */
const holder = (dir: string) =>
  new Promise<ChildProcess>((resolve, reject) => {
    const script = `
      const { readFileSync } = await import("node:fs");
      const { openDatabase } = await import(${JSON.stringify(path.resolve("lib/db/client.ts"))});
      const template = process.env.SYNDICATE_TEST_TEMPLATE;
      const db = openDatabase({ mode: "embedded", dataDir: process.argv[1], loadDataDir: template ? new Blob([readFileSync(template)]) : undefined });
      await db.sql.exec("CREATE TABLE IF NOT EXISTS kept (x int); INSERT INTO kept VALUES (42);");
      console.log("ready");
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script, dir], { stdio: ["ignore", "pipe", "inherit"] });
    children.push(child);
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve(child));
    child.on("exit", (code) => reject(new Error(`holder exited with ${code}`)));
  });

/** An unrelated live process (its start time is fixed once it has spawned). */
const sleeper = async () => {
  const child = spawn("sleep", ["60"], { stdio: "ignore" });
  children.push(child);
  await once(child, "spawn");
  return child;
};

describe("embedded database lock", () => {
  it("refuses a folder a live process holds, naming it; reopens at once after that process is killed (SIGKILL), data intact", async () => {
    const dir = folder();
    const child = await holder(dir);
    expect(() => openDatabase({ mode: "embedded", dataDir: dir })).toThrow(new RegExp(`in use by process ${child.pid}`));
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    const db = openDatabase({ mode: "embedded", dataDir: dir });
    try {
      expect(await db.sql.query("SELECT x FROM kept")).toEqual([{ x: 42 }]);
    } finally {
      await db.close();
    }
  }, 180_000);

  it("does not mistake a live process that reuses the holder's PID for the holder", async () => {
    const dir = folder();
    const other = await sleeper();
    // The lock names other's PID but a different start time: the holder that wrote it is gone.
    writeFileSync(path.join(dir, "syndicate.lock"), JSON.stringify({ pid: other.pid, start: "1", boot: bootId() }));
    const db = openDatabase({ mode: "embedded", dataDir: dir, loadDataDir: embeddedTemplate() });
    await db.close();
  }, 120_000);

  it("treats a lock whose holder has the recorded PID and start time as held", async () => {
    const dir = folder();
    const other = await sleeper();
    writeFileSync(path.join(dir, "syndicate.lock"), JSON.stringify({ pid: other.pid, start: startTime(other.pid!), boot: bootId() }));
    expect(() => openDatabase({ mode: "embedded", dataDir: dir })).toThrow(/in use by process/);
  });
});
