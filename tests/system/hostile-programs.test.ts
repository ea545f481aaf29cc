// Hostile programs against the production server: programs generated from every construct the
// language offers, combined and nested (tests/security/hostile-programs.ts), and the ones that took
// the server down before the sandbox, sent with a viewer's key to every endpoint that takes a
// program (run, jobs, diagram) and anonymously to the diagram (tests/security/hostile-run.ts).
// Each gets an answer — a 400 problem naming a limit, or the result of a program that fits — and
// through all of it the server stays up, its health answers every probe, and its memory stays
// within 512 MiB of where it started. How fast they are answered is measured by `npm run bench`
// (the "hostile programs" part), not asserted here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BELL, ENDPOINTS, HOSTILE_SERVER_ENV, hostileCases, runHostile, sendProgram, type HostileFigures } from "../security/hostile-run";
import { ACCOUNTS, startServer, testDatabase, type SystemServer } from "./server";
import { createKey, signIn } from "./session";

const MIB = 1024 * 1024;

let database: Awaited<ReturnType<typeof testDatabase>>;
let server: SystemServer;
let key: string;
let figures: HostileFigures | undefined;

beforeAll(async () => {
  database = await testDatabase("hostile");
  server = await startServer({ env: { ...database.env, ...HOSTILE_SERVER_ENV } });
  key = await createKey(server, await signIn(server, ACCOUNTS.admin), "viewer");
}, 180_000);

afterAll(async () => {
  await server?.stop(10_000).catch(() => {});
  await database?.cleanup().catch(() => {});
  if (figures) {
    const { wrong, ...rest } = figures;
    console.log(`hostile programs (${database?.mode}): ${JSON.stringify({ ...rest, wrong: wrong.length, baselineMiB: Math.round(rest.baselineBytes / MIB), peakMiB: Math.round(rest.peakBytes / MIB) })}`);
  }
});

describe("hostile programs against the production server", () => {
  it("every program to every endpoint is answered, the server stays up and healthy, and its memory steady", async () => {
    figures = await runHostile(server, key, hostileCases(Number(process.env.FUZZ_RUNS ?? 40)));
    expect(figures.endedAfter).toBeUndefined();
    expect(figures.wrong).toEqual([]);
    expect(figures.healthFailures).toBe(0);
    expect(figures.healthProbes).toBeGreaterThan(0);
    expect(figures.peakBytes - figures.baselineBytes).toBeLessThan(512 * MIB);
    // Over-limit programs are refused: the generator makes plenty of them.
    expect(figures.statuses["diagram 400"] ?? 0).toBeGreaterThan(0);
    expect(figures.statuses["jobs 400"] ?? 0).toBeGreaterThan(0);
    // And the server still does its work afterwards.
    expect((await sendProgram(server, key, ENDPOINTS[0], BELL)).status).toBe(200);
  });
});
