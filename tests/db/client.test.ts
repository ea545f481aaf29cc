import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { applyMigrations, openDatabase, optionsFromEnv, type DbHandle } from "../../lib/db";
import { readEnv } from "../../lib/config/env";
import { createServerDatabase, serverUrl } from "../helpers/db";

const opened: DbHandle[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close().catch(() => {})));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const open = (...args: Parameters<typeof openDatabase>) => {
  const db = openDatabase(...args);
  opened.push(db);
  return db;
};

const tempFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), "syndicate-db-"));
  folders.push(folder);
  return folder;
};

const writeAndReadAgent = async (db: DbHandle) => {
  await db.prisma.agent.create({
    data: {
      id: "agent-1",
      name: "Atlas",
      aiEngine: "GPT-4o",
      specialization: "Scout",
      roles: { create: [{ position: 0, roleName: "Scout", primaryFunction: "Recon", skills: ["a, b", "ü"] }] },
    },
  });
  return db.prisma.agent.findUniqueOrThrow({ where: { id: "agent-1" }, include: { roles: true } });
};

describe("configuration picks the database mode", () => {
  it("uses the embedded database in DATA_DIR when DATABASE_URL is unset", () => {
    const timeouts = { connectMs: 5_000, statementMs: 10_000, transactionMs: 10_000 };
    expect(optionsFromEnv(readEnv({ DATA_DIR: "/srv/data" }))).toEqual({ mode: "embedded", dataDir: "/srv/data", timeouts });
    expect(optionsFromEnv(readEnv({}))).toEqual({ mode: "embedded", dataDir: "./.data", timeouts });
    expect(optionsFromEnv(readEnv({ DATABASE_URL: "" }))).toMatchObject({ mode: "embedded" });
  });

  it("uses the server when DATABASE_URL is set", () => {
    expect(optionsFromEnv(readEnv({ DATABASE_URL: "postgresql://u@h:5432/d" }))).toEqual({
      mode: "server",
      url: "postgresql://u@h:5432/d",
      poolSize: 10,
      timeouts: { connectMs: 5_000, statementMs: 10_000, transactionMs: 10_000 },
    });
  });

  it("rejects a DATABASE_URL that is not a PostgreSQL URL, naming the variable", () => {
    expect(() => readEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must be a postgresql:\/\/ URL/);
  });
});

// Each test starts an embedded database of its own and applies every migration: on a loaded machine
// that takes longer than most tests' 30 s (minutes, with two other CI lanes beside it).
describe("embedded database (PGlite)", { timeout: 300_000 }, () => {
  it("keeps what was written across a restart", async () => {
    const folder = tempFolder();
    const first = open({ mode: "embedded", dataDir: folder });
    await applyMigrations(first.sql);
    const written = await writeAndReadAgent(first);
    expect(written.roles[0].skills).toEqual(["a, b", "ü"]);
    await first.close();

    const second = open({ mode: "embedded", dataDir: folder });
    expect(await second.prisma.agent.findUnique({ where: { id: "agent-1" }, select: { name: true } })).toEqual({
      name: "Atlas",
    });
  });

  it("refuses a data folder another live process holds, and names it", async () => {
    const folder = tempFolder();
    const { writeFileSync } = await import("node:fs");
    // PID 1 is always alive and never this test process.
    writeFileSync(path.join(folder, "syndicate.lock"), "1");
    expect(() => openDatabase({ mode: "embedded", dataDir: folder })).toThrow(/in use by process 1/);
  });

  it("takes over a lock left by a process that is gone", async () => {
    const folder = tempFolder();
    const { writeFileSync } = await import("node:fs");
    writeFileSync(path.join(folder, "syndicate.lock"), "999999999");
    const db = open({ mode: "embedded", dataDir: folder });
    await expect(db.sql.query("SELECT 1 AS one")).resolves.toEqual([{ one: 1 }]);
  });

  it("rolls back an interactive transaction that fails", async () => {
    const db = open({ mode: "embedded" });
    await applyMigrations(db.sql);
    await expect(
      db.prisma.$transaction(async (tx) => {
        await tx.squad.create({ data: { id: "s1", name: "Half" } });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await db.prisma.squad.count()).toBe(0);
  });
});

describe.runIf(serverUrl())("PostgreSQL server (DATABASE_URL)", () => {
  it("migrates, writes and reads through node-postgres", async () => {
    const server = await createServerDatabase();
    try {
      const db = open({ mode: "server", url: server.url, poolSize: 2 });
      await applyMigrations(db.sql);
      const written = await writeAndReadAgent(db);
      expect(written.roles).toHaveLength(1);
      const [{ server_version: version }] = await db.sql.query<{ server_version: string }>("SHOW server_version");
      expect(Number.parseInt(version, 10)).toBeGreaterThanOrEqual(15);
      await db.close();
    } finally {
      await server.drop();
    }
  });
});
