// The harness itself: the production server starts on a database of its own, answers ready, and
// stops gracefully with nothing of its process group left running; and a server whose test
// process dies without any cleanup (SIGKILL) stops by itself.
import { spawn } from "node:child_process";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { groupAlive, ROOT, startServer, testDatabase, waitFor } from "./server";

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => {});
});

describe("system-test harness", () => {
  it("starts the production server, ready and serving, then stops it with nothing left running", async () => {
    const db = await testDatabase("smoke");
    cleanups.push(db.cleanup);
    // No demo data: the quickest start (the other files seed where they need it).
    const server = await startServer({ env: { ...db.env, SEED_ON_FIRST_START: "false" } });
    const live = await server.fetch("/api/health/live");
    expect(live.status).toBe(200);
    const agents = await server.fetch("/api/agents?limit=1");
    expect(agents.status).toBe(200);
    expect(agents.headers.get("x-total-count")).toBe("0");
    expect(server.jsonLines().some((line) => line.msg === "listening")).toBe(true);

    // What never reaches the app is a problem document too: a method the server does not
    // implement, headers past Node's limit, a request that is not HTTP.
    const port = Number(new URL(server.url).port);
    const raw = (text: string) =>
      new Promise<{ status: number; type: string; body: Record<string, unknown> }>((resolve, reject) => {
        const socket = connect(port, "127.0.0.1", () => socket.end(text));
        let answer = "";
        socket.setEncoding("utf8");
        socket.on("data", (chunk: string) => (answer += chunk));
        socket.on("error", reject);
        socket.on("close", () => {
          const [head, ...rest] = answer.split("\r\n\r\n");
          let body = rest.join("\r\n\r\n");
          // An answer the app streamed comes in chunks: "<size in hex>\r\n<data>\r\n", ending with size 0.
          if (/transfer-encoding: chunked/i.test(head)) {
            let joined = "";
            for (let at = 0; ; ) {
              const end = body.indexOf("\r\n", at);
              const size = Number.parseInt(body.slice(at, end), 16);
              if (!(size > 0)) break;
              joined += body.slice(end + 2, end + 2 + size);
              at = end + 2 + size + 2;
            }
            body = joined;
          }
          try {
            resolve({ status: Number(head.split(" ")[1]), type: /content-type: ([^\r]+)/i.exec(head)?.[1] ?? "", body: JSON.parse(body) });
          } catch (error) {
            reject(new Error(`not a problem document: ${answer.slice(0, 300)}`, { cause: error }));
          }
        });
      });
    // On an API path, a method it lacks is its 405 naming the ones it has (TRACE too); elsewhere 501.
    for (const method of ["PROPFIND", "TRACE"]) {
      const refused = await raw(`${method} /api/agents HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(refused, method).toMatchObject({ status: 405, type: "application/problem+json", body: { status: 405, detail: `${method} is not allowed here; allowed: GET, POST.` } });
    }
    const propfind = await raw("PROPFIND /agents HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(propfind).toMatchObject({ status: 501, type: "application/problem+json", body: { status: 501, title: "Not Implemented" } });
    const huge = await raw(`GET /api/agents HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatchObject({ status: 431, type: "application/problem+json", body: { status: 431 } });
    const garbage = await raw("HELLO THERE\r\n\r\n");
    expect(garbage).toMatchObject({ status: 400, type: "application/problem+json", body: { status: 400 } });
    expect((await server.fetch("/api/health/live")).status).toBe(200);

    await server.stop();
    expect(server.running()).toBe(false);
    expect(groupAlive(server.pid)).toBe(false);
    expect(server.jsonLines().some((line) => line.msg === "shutdown: done")).toBe(true);
  });

  it("a server outlives no test process: when the process that started it is killed, it shuts down by itself", async () => {
    const db = await testDatabase("orphan");
    cleanups.push(db.cleanup);
    // The timer keeps this process alive while it waits (freePort's probe socket is unref'd; with
    // nothing else pending, node would exit with the start-up unsettled).
    const script = `
      setInterval(() => {}, 1000);
      const { startServer } = await import(${JSON.stringify(path.join(ROOT, "tests/system/server.ts"))});
      const server = await startServer({ env: ${JSON.stringify({ ...db.env, SEED_ON_FIRST_START: "false" })} });
      console.log("pid " + server.pid);`;
    const parent = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let serverPid = 0;
    let output = "";
    let parentExited = false;
    const exited = new Promise((resolve) => parent.once("exit", resolve));
    void exited.then(() => (parentExited = true));
    cleanups.push(async () => {
      for (const pid of [parent.pid, serverPid]) {
        try {
          if (pid) process.kill(-pid, "SIGKILL");
        } catch {
          // gone
        }
      }
    });
    let stdout = "";
    parent.stdout!.setEncoding("utf8");
    parent.stdout!.on("data", (chunk: string) => {
      stdout += chunk;
      output += chunk;
      const match = /^pid (\d+)$/m.exec(stdout);
      if (match) serverPid = Number(match[1]);
    });
    parent.stderr!.setEncoding("utf8");
    parent.stderr!.on("data", (chunk: string) => (output += chunk));
    await waitFor(() => serverPid > 0 || parentExited, 150_000, 200);
    if (!serverPid) throw new Error(`the intermediate process gave no server (exited: ${parentExited}); its output:\n${output.slice(-3000)}`);
    expect(groupAlive(serverPid)).toBe(true);
    process.kill(-parent.pid!, "SIGKILL");
    await exited;
    // server.mjs checks its parent every second, then shuts down gracefully.
    expect(await waitFor(() => !groupAlive(serverPid), 20_000, 200)).toBe(true);
  }, 240_000);
});
