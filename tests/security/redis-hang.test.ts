// A Redis that accepts connections and never answers costs one request one timeout, not every
// request: the rate limiter falls back to its in-memory count, marks Redis suspect (readiness
// says so) and leaves it alone until a background probe, one per retry interval, finds it
// answering. The Redis here is a TCP server on 127.0.0.1 (an ephemeral port) that speaks just
// enough of the protocol and can be told to stop answering. Whether a request waited is read from
// the limiter's count of Redis attempts, never from the clock; the breaker's clock is the test's.
import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { GET as listAgents } from "../../app/api/agents/route";
import { GET as ready } from "../../app/api/health/ready/route";
import { redisRateLimiter, useRateLimiter, type RedisRateLimiter } from "../../lib/http/rate-limit";
import { useApiTest } from "../helpers/api";
import { call } from "../helpers/http";

type Command = { args: string[]; size: number };

/** One RESP command (an array of bulk strings) at the start of `buffer`, or undefined if it is incomplete. */
const parseCommand = (buffer: string): Command | undefined => {
  const header = /^\*(\d+)\r\n/.exec(buffer);
  if (!header) return undefined;
  let at = header[0].length;
  const args: string[] = [];
  for (let i = 0; i < Number(header[1]); i++) {
    const length = /^\$(\d+)\r\n/.exec(buffer.slice(at));
    if (!length) return undefined;
    at += length[0].length;
    if (buffer.length < at + Number(length[1]) + 2) return undefined;
    args.push(buffer.slice(at, at + Number(length[1])));
    at += Number(length[1]) + 2;
  }
  return { args, size: at };
};

type FakeRedis = { url: string; answering: boolean; hits: number; answer: (on: boolean) => void; close: () => Promise<void> };

/** A Redis stand-in: answers INFO, PING and the limiter's script while `answering`; else holds every command unanswered. */
const fakeRedis = async (answering: boolean): Promise<FakeRedis> => {
  const sockets = new Set<Socket>();
  const pending = new Map<Socket, string[][]>();
  const fake = { answering, hits: 0 } as FakeRedis;
  const reply = (args: string[]) => {
    const name = args[0]?.toUpperCase();
    if (name === "INFO") {
      const info = "# Server\r\nredis_version:7.2.0\r\nloading:0\r\n";
      return `$${Buffer.byteLength(info)}\r\n${info}\r\n`;
    }
    if (name === "PING") return "+PONG\r\n";
    if (name === "EVAL" || name === "EVALSHA") return `*2\r\n:${(fake.hits += 1)}\r\n:60000\r\n`;
    return "+OK\r\n";
  };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    pending.set(socket, []);
    socket.on("error", () => {});
    socket.on("close", () => {
      sockets.delete(socket);
      pending.delete(socket);
    });
    let buffer = "";
    socket.on("data", (chunk) => {
      buffer += chunk.toString("latin1");
      for (let command = parseCommand(buffer); command; command = parseCommand(buffer)) {
        buffer = buffer.slice(command.size);
        if (fake.answering) socket.write(reply(command.args));
        else pending.get(socket)!.push(command.args);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  fake.url = `redis://127.0.0.1:${port}`;
  // A slow Redis that comes back answers what it was sent, in order, as a real one would.
  fake.answer = (on) => {
    fake.answering = on;
    if (!on) return;
    for (const [socket, commands] of pending) for (const args of commands.splice(0)) socket.write(reply(args));
  };
  fake.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
};

let now = 1_000_000;
const RETRY_MS = 60_000;
const open: { limiter?: RedisRateLimiter; redis?: FakeRedis }[] = [];

const setUp = async (answering: boolean, commandTimeoutMs: number) => {
  const redis = await fakeRedis(answering);
  const limiter = redisRateLimiter(redis.url, { prefix: "syndicate:test:hang:", commandTimeoutMs, retryMs: RETRY_MS, now: () => now });
  open.push({ limiter, redis });
  return { redis, limiter };
};

useApiTest();
afterEach(async () => {
  for (const { limiter, redis } of open.splice(0)) {
    await limiter?.close();
    await redis?.close();
  }
});

describe("a hung Redis", () => {
  it("answers every request from memory after the first timeout, without calling Redis again until the retry time", async () => {
    const { redis, limiter } = await setUp(false, 50);
    useRateLimiter(limiter);

    const responses = [];
    for (let i = 0; i < 12; i++) responses.push(await call(listAgents, "GET", "/api/agents"));
    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(200));
    expect(responses.every((response) => response.headers.get("ratelimit-limit") !== null)).toBe(true);
    // One wait for the connection that never became ready; the eleven requests after it did not call Redis.
    expect(limiter.redisAttempts()).toBe(1);
    expect(redis.hits).toBe(0);

    // Readiness: up, degraded, naming the suspect Redis.
    const readiness = await call(ready, "GET", "/api/health/ready");
    expect(readiness.status).toBe(200);
    expect(readiness.json.checks.redis.status).toBe("degraded");
    expect(readiness.json.checks.redis.detail).toMatch(/suspect/);
    expect(limiter.redisAttempts()).toBe(1);

    // Past the retry interval: one background probe, the request itself answered from memory.
    now += RETRY_MS;
    expect((await call(listAgents, "GET", "/api/agents")).status).toBe(200);
    expect(limiter.redisAttempts()).toBe(2);
    await limiter.probed();
    for (let i = 0; i < 5; i++) expect((await call(listAgents, "GET", "/api/agents")).status).toBe(200);
    expect(limiter.redisAttempts()).toBe(2);
    expect(limiter.health()).toMatchObject({ status: "degraded" });
  });

  it("trips on a Redis that answered and then hangs, and trusts it again once a probe is answered", async () => {
    const { redis, limiter } = await setUp(true, 2_000);
    // Answered by Redis: the shared count.
    expect(await limiter.hit("k", 10, 60)).toMatchObject({ allowed: true, remaining: 9 });
    expect(redis.hits).toBe(1);
    expect(limiter.health()).toEqual({ backend: "redis", status: "ok" });
    const before = limiter.redisAttempts();

    redis.answer(false);
    // The first call after the hang waits for its timeout and falls back; the rest do not call Redis.
    const during = [];
    for (let i = 0; i < 10; i++) during.push(await limiter.hit("k", 10, 60));
    expect(during.map((decision) => decision.remaining)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(limiter.redisAttempts()).toBe(before + 1);
    expect(limiter.health()).toMatchObject({ backend: "redis", status: "degraded" });

    // Still suspect before the retry time, even though Redis answers again.
    redis.answer(true);
    await limiter.hit("other", 10, 60);
    expect(limiter.redisAttempts()).toBe(before + 1);

    // The retry time: one probe in the background (this call answered from memory), then Redis again.
    now += RETRY_MS;
    await limiter.hit("other", 10, 60);
    expect(limiter.redisAttempts()).toBe(before + 2);
    await limiter.probed();
    expect(limiter.health()).toEqual({ backend: "redis", status: "ok" });
    const hitsBefore = redis.hits;
    await limiter.hit("k", 10, 60);
    expect(redis.hits).toBe(hitsBefore + 1);
    expect(limiter.redisAttempts()).toBe(before + 3);
  });
});
