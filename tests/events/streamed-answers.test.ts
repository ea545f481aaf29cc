// Streamed answers hold at most one listener per stream, however long they run: the event
// stream's one listener on the request's signal goes when the stream ends (however it ends), and
// the production server's writer (lib/api/router.ts) waits out back-pressure without
// leaving a drain or close listener behind per write.
import { getEventListeners } from "node:events";
import { createServer, request as httpRequest, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { GET } from "../../app/api/events/stream/route";
import { closeEventStreams, whenEventStreamsIdle } from "../../lib/events";
import { whenWritable } from "../../lib/api/router";
import { useApiTest } from "../helpers/api";
import { sseReader } from "../helpers/sse";

const api = useApiTest({ withKeys: true });
afterAll(() => closeEventStreams());

describe("the event stream", () => {
  it("takes its listener off the request's signal when the client cancels the body", async () => {
    const request = new Request("http://localhost/api/events/stream", { headers: { authorization: `Bearer ${api.viewer}` }, signal: new AbortController().signal });
    const before = getEventListeners(request.signal, "abort").length;
    const response = await GET(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("event: ready");
    expect(getEventListeners(request.signal, "abort").length).toBe(before + 1);
    await reader.cancel();
    await whenEventStreamsIdle();
    expect(getEventListeners(request.signal, "abort").length).toBe(before);
  });

  it("takes it off when the server ends the stream (a shutdown)", async () => {
    const request = new Request("http://localhost/api/events/stream", { headers: { authorization: `Bearer ${api.viewer}` }, signal: new AbortController().signal });
    const before = getEventListeners(request.signal, "abort").length;
    const response = await GET(request, { params: Promise.resolve({}) });
    const reader = sseReader(response.body!);
    await reader.next();
    closeEventStreams();
    await reader.drain();
    expect(getEventListeners(request.signal, "abort").length).toBe(before);
  });
});

describe("the production server's writer", () => {
  /** A server whose handler writes `chunks` large chunks, waiting out back-pressure with whenWritable, and reports what it saw. */
  const serve = (chunks: number, onWait?: (response: ServerResponse) => void) => {
    const seen = { waits: 0, maxDrain: 0, maxClose: 0, afterDrain: [] as number[], afterClose: [] as number[], baseline: { drain: 0, close: 0 }, done: Promise.resolve() };
    let finish!: () => void;
    seen.done = new Promise((resolve) => (finish = resolve));
    const server = createServer(async (_request, response) => {
      seen.baseline = { drain: response.listenerCount("drain"), close: response.listenerCount("close") };
      const chunk = Buffer.alloc(256 * 1024, 120);
      for (let n = 0; n < chunks && !response.destroyed; n += 1) {
        if (response.write(chunk)) continue;
        seen.waits += 1;
        const waiting = whenWritable(response);
        seen.maxDrain = Math.max(seen.maxDrain, response.listenerCount("drain"));
        seen.maxClose = Math.max(seen.maxClose, response.listenerCount("close"));
        onWait?.(response);
        await waiting;
        seen.afterDrain.push(response.listenerCount("drain"));
        seen.afterClose.push(response.listenerCount("close"));
      }
      response.end();
      finish();
    });
    return { server, seen };
  };

  const listen = async (server: ReturnType<typeof createServer>) => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return (server.address() as AddressInfo).port;
  };

  it("waits out every back-pressured write with one drain and one close listener at most, none left after", async () => {
    const { server, seen } = serve(40);
    const port = await listen(server);
    try {
      const received = await new Promise<number>((resolve, reject) => {
        httpRequest({ port, host: "127.0.0.1", path: "/" }, (response) => {
          let bytes = 0;
          response.on("data", (data: Buffer) => (bytes += data.length));
          response.on("end", () => resolve(bytes));
        })
          .on("error", reject)
          .end();
      });
      await seen.done;
      expect(received).toBe(40 * 256 * 1024);
      // Writes of 256 KiB outrun a socket: most of them wait, and each wait is one listener of each kind.
      expect(seen.waits).toBeGreaterThan(5);
      expect(seen.maxDrain).toBe(seen.baseline.drain + 1);
      expect(seen.maxClose).toBe(seen.baseline.close + 1);
      expect(new Set(seen.afterDrain)).toEqual(new Set([seen.baseline.drain]));
      expect(new Set(seen.afterClose)).toEqual(new Set([seen.baseline.close]));
    } finally {
      server.close();
    }
  });

  it("stops waiting when the client goes away, and leaves nothing behind", async () => {
    let client: ReturnType<typeof httpRequest> | undefined;
    // The client never reads; at the first wait it hangs up.
    const { server, seen } = serve(1000, () => client?.destroy());
    const port = await listen(server);
    try {
      client = httpRequest({ port, host: "127.0.0.1", path: "/" }, (response) => response.pause());
      client.on("error", () => {});
      client.end();
      await seen.done;
      expect(seen.waits).toBeGreaterThanOrEqual(1);
      expect(seen.afterDrain.at(-1)).toBe(seen.baseline.drain);
      expect(seen.afterClose.at(-1)).toBe(seen.baseline.close);
    } finally {
      server.close();
    }
  });
});
