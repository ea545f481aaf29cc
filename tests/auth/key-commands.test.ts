// `npm run apikey` while the app runs on the embedded database: the app holds the database's folder,
// so the command hands its request to the app over the socket in that folder. Here this test process
// plays the app (its socket on a folder of its own, its database the test's), and the real command
// runs as a process with DATA_DIR pointing there: the key it prints works, list and revoke reach the
// same keys, a bad request changes nothing, and a socket no app listens on is not mistaken for one.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolvePrincipal } from "../../lib/auth";
import { askRunningApp, serveKeyCommands } from "../../lib/auth/run-key-commands";
import { prisma } from "../../lib/db";
import { useApiTest } from "../helpers/api";
import { unique } from "../helpers/factories";

useApiTest();

const folder = mkdtempSync(path.join(tmpdir(), "syndicate-keys-"));
const socket = path.join(folder, "control.sock");
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  close = await serveKeyCommands(socket);
});
afterAll(async () => {
  await close?.();
  rmSync(folder, { recursive: true, force: true });
});

/** The real command, as a user types it, pointed at this test's "app". */
const apikey = async (...args: string[]) => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: folder };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/apikey.ts", ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

describe("npm run apikey beside the running app", () => {
  it("creates a working key through the app, lists it, and revokes it", { timeout: 120_000 }, async () => {
    const email = `${unique("cli")}@example.test`;
    const created = await apikey("create", "--user", email, "--role", "operator", "--name", "laptop");
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toContain(`created user ${email} with role operator`);
    const key = created.stdout.trim().split("\n").at(-1)!;
    expect(key).toMatch(/^sk_syn_/);
    const asKey = () => resolvePrincipal(new Request("http://localhost/api/agents", { headers: { authorization: `Bearer ${key}` } }), { cachedKey: true });
    expect(await asKey()).toMatchObject({ kind: "apiKey", role: "operator" });

    const listed = await apikey("list", "--user", email);
    expect(listed.code, listed.stderr).toBe(0);
    const [row] = listed.stdout.trim().split("\n");
    const [id, , role, name, state] = row.split("\t");
    expect({ role, name, state }).toEqual({ role: "operator", name: "laptop", state: "active" });

    const revoked = await apikey("revoke", "--id", id);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout.trim()).toBe(`revoked ${id}`);
    // Refused at once by the app that revoked it (its key cache is the one that was forgotten).
    await expect(asKey()).rejects.toMatchObject({ status: 401 });
    expect((await apikey("list", "--user", email)).stdout).toContain("\trevoked ");
  });

  it("makes a scoped key that expires, and lists both", { timeout: 120_000 }, async () => {
    const email = `${unique("scoped-cli")}@example.test`;
    const created = await apikey("create", "--user", email, "--role", "operator", "--scopes", "wallet:read, agents:write", "--expires-in-days", "7");
    expect(created.code, created.stderr).toBe(0);
    const [, , , , state, scopes, expiry] = (await apikey("list", "--user", email)).stdout.trim().split("\t");
    expect({ state, scopes }).toEqual({ state: "active", scopes: "agents:write,wallet:read" });
    expect(Date.parse(expiry.replace("expires ", "")) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const bad = await apikey("create", "--user", email, "--role", "operator", "--scopes", "agents:delete");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--scopes:");
    const never = await apikey("create", "--user", email, "--role", "operator", "--expires-in-days", "0");
    expect(never.code).toBe(2);
    expect(never.stderr).toContain("--expires-in-days must be a whole number of days, 1 to 730");
  });

  it("says what is wrong and creates nothing: an unknown user to list, an unknown role, a missing email", { timeout: 120_000 }, async () => {
    const before = await prisma.apiKey.count();
    const unknownUser = await apikey("list", "--user", "nobody@example.test");
    expect(unknownUser.code).toBe(1);
    expect(unknownUser.stderr).toContain("No user with the email nobody@example.test");
    const badRole = await apikey("create", "--user", "someone@example.test", "--role", "owner");
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toContain("--role must be one of viewer, operator, admin");
    const noUser = await apikey("create", "--role", "viewer");
    expect(noUser.code).toBe(2);
    expect(noUser.stderr).toContain("usage: npm run apikey");
    expect(await prisma.apiKey.count()).toBe(before);
  });

  it("answers a request that is not a command with a message, and leaves a socket no app listens on to the caller", async () => {
    const { createConnection } = await import("node:net");
    const answer = await new Promise<string>((resolve) => {
      let text = "";
      const connection = createConnection(socket, () => connection.write('{"command":"drop"}\n'));
      connection.on("data", (chunk) => (text += chunk));
      connection.on("end", () => resolve(text));
    });
    expect(JSON.parse(answer)).toEqual({ ok: false, message: "Not a key command." });

    const stale = path.join(folder, "stale.sock");
    writeFileSync(stale, "");
    expect(await askRunningApp({ command: "list", user: "a@example.test" }, stale)).toBeUndefined();
    expect(await askRunningApp({ command: "list", user: "a@example.test" }, path.join(folder, "absent.sock"))).toBeUndefined();
  });
});
