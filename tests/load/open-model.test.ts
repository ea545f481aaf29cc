// The soak's load generator (tests/system/load.ts) against a stand-in server on 127.0.0.1 whose
// answers are slow or wrong on purpose: the rate holds however slow the answers (open model),
// latency is counted from when a request was due, and 5xx, unexpected statuses and requests the
// server falls behind on are each counted and fail the verdict.
import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { runLoad, verdict, type LoadRequest } from "../system/load";

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server?.closeAllConnections();
  server = undefined;
});

/**
 * A server answering `status` after `delayMs` (slow on purpose: the scenario); answers how many
 * requests reached it and the most it held unanswered at once.
 */
const standIn = async (delayMs: number, statusFor: (path: string) => number = () => 200) => {
  let received = 0;
  let open = 0;
  let peak = 0;
  server = createServer((request, response) => {
    received += 1;
    peak = Math.max(peak, ++open);
    setTimeout(() => {
      open -= 1;
      response.writeHead(statusFor(request.url ?? ""), { "content-type": "application/json" });
      response.end("{}");
    }, delayMs);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, received: () => received, peak: () => peak };
};

const gets = (path = "/x"): (() => LoadRequest) => () => ({ name: "GET", method: "GET", path, expect: [200] });

describe("fixed-rate load", () => {
  it("keeps the arrival rate when every answer takes longer than the gap between arrivals", async () => {
    // 40/s for 2 s with 400 ms answers: a closed loop of one client would send 5; this sends 80.
    const target = await standIn(400);
    const report = await runLoad({ url: target.url, rate: 40, durationMs: 2_000, warmupMs: 0, next: gets(), operatorKey: "k" });
    expect(report.sent).toBe(80);
    expect(target.received()).toBe(80);
    expect(report.answered).toBe(80);
    expect(report.byClass["2xx"]).toBe(80);
    // Requests went out while earlier ones waited for their answers (a closed loop holds one at a
    // time; 40/s with 400 ms answers holds about 16), and each latency includes its answer's wait.
    expect(target.peak()).toBeGreaterThan(4);
    expect(report.latencyMs.p50).toBeGreaterThanOrEqual(390);
    expect(verdict(report, 64)).toEqual([]);
  });

  it("counts 5xx and unexpected statuses, and the verdict names them", async () => {
    const target = await standIn(0, (path) => (path === "/boom" ? 503 : path === "/gone" ? 404 : 200));
    let n = 0;
    const next = (): LoadRequest => {
      n += 1;
      const path = n % 10 === 0 ? "/boom" : n % 10 === 5 ? "/gone" : "/ok";
      return { name: path, method: "GET", path, expect: [200] };
    };
    const report = await runLoad({ url: target.url, rate: 50, durationMs: 1_000, warmupMs: 0, next, operatorKey: "k" });
    expect(report.answered).toBe(50);
    expect(report.byClass["5xx"]).toBe(5);
    expect(report.byClass["4xx"]).toBe(5);
    expect(report.unexpected).toBe(10);
    const reasons = verdict(report, 64);
    expect(reasons.some((reason) => reason.includes("5 answers were 5xx"))).toBe(true);
    expect(reasons.some((reason) => reason.includes("/boom → 503"))).toBe(true);
  });

  it("counts requests it could not send once the server fell behind", async () => {
    // At most 5 waiting, answers after 1 s, 20/s: the server falls behind and later arrivals are not sent.
    const target = await standIn(1_000);
    const report = await runLoad({ url: target.url, rate: 20, durationMs: 1_000, warmupMs: 0, next: gets(), operatorKey: "k", maxInFlight: 5 });
    expect(report.sent).toBe(5);
    expect(report.notSent).toBe(15);
    expect(verdict(report, 64).some((reason) => reason.includes("15 requests were not sent"))).toBe(true);
  });

  it("counts latency from when a request was due, so a stall of the client or server shows", async () => {
    // The first draw blocks the generator for 400 ms: the requests due meanwhile leave late, and
    // their latency includes the wait although the server answers at once.
    const target = await standIn(0);
    let first = true;
    const next = (): LoadRequest => {
      if (first) {
        first = false;
        const until = Date.now() + 400;
        while (Date.now() < until) {
          // busy: the event loop is stalled
        }
      }
      return { name: "GET", method: "GET", path: "/x", expect: [200] };
    };
    const report = await runLoad({ url: target.url, rate: 20, durationMs: 1_000, warmupMs: 0, next, operatorKey: "k" });
    expect(report.answered).toBe(20);
    // The stalled requests show it; the ones due after the stall do not carry it.
    expect(report.latencyMs.max).toBeGreaterThanOrEqual(300);
    expect(report.latencyMs.p50).toBeLessThan(report.latencyMs.max);
  });
});
