// `npm run apikey` while the app runs on the embedded database. PGlite is one process's database (the
// app holds its folder), so the command cannot open it beside the app; instead the app listens on a
// Unix socket inside that folder, and the command hands it the request there. Only who can write to the
// data folder can reach the socket (it is made owner-only), which is who could open the database
// anyway: the same trust as PostgreSQL's local socket. One JSON request per connection, one JSON
// answer. On a PostgreSQL server the command opens the database itself, as any number of processes may.
import { chmodSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import path from "node:path";
import { z } from "zod";
import { env } from "../config/env";
import { isAppError } from "../core/errors";
import { ROLES } from "./rules";
import { createKeyForEmail, listKeysForEmail, revokeKeyById } from "./manage-keys-by-email";
import { ZCreateApiKeyBody, type TApiKey, type TCreatedApiKey } from "./schemas";

export const KeyCommand = z.discriminatedUnion("command", [
  z.object({
    command: z.literal("create"),
    user: z.string().min(1),
    role: z.enum(ROLES),
    name: z.string().min(1),
    scopes: ZCreateApiKeyBody.shape.scopes,
    expiresAt: ZCreateApiKeyBody.shape.expiresAt,
  }),
  z.object({ command: z.literal("list"), user: z.string().min(1) }),
  z.object({ command: z.literal("revoke"), id: z.string().min(1) }),
]);
export type TKeyCommand = z.infer<typeof KeyCommand>;

export type KeyCommandResult =
  | { ok: true; command: "create"; notes: string[]; key: TCreatedApiKey }
  | { ok: true; command: "list"; keys: TApiKey[] }
  | { ok: true; command: "revoke"; id: string }
  | { ok: false; message: string };

const REQUEST_BYTES_MAX = 4096;

/** The socket's path: in the embedded database's folder; none on a PostgreSQL server or in memory. */
export const keyCommandSocket = (config = env()): string | undefined =>
  config.DATABASE_URL || config.DATA_DIR === ":memory:" ? undefined : path.join(path.resolve(config.DATA_DIR), "control.sock");

/** Carries out one command in this process (its database); failures become a message, never a throw. */
export const runKeyCommand = async (request: TKeyCommand): Promise<KeyCommandResult> => {
  try {
    switch (request.command) {
      case "create": {
        const notes: string[] = [];
        const key = await createKeyForEmail(request.user, request.role, request.name, (line) => notes.push(line), {
          scopes: request.scopes,
          expiresAt: request.expiresAt,
        });
        return { ok: true, command: "create", notes, key };
      }
      case "list":
        return { ok: true, command: "list", keys: await listKeysForEmail(request.user) };
      case "revoke":
        await revokeKeyById(request.id);
        return { ok: true, command: "revoke", id: request.id };
    }
  } catch (error) {
    return { ok: false, message: isAppError(error) || error instanceof Error ? error.message : String(error) };
  }
};

/** Listens for commands on the socket (the app, embedded mode); resolves to its closer. */
export const serveKeyCommands = async (socketPath = keyCommandSocket()): Promise<(() => Promise<void>) | undefined> => {
  if (!socketPath) return undefined;
  // A socket left by an earlier run of this app (it holds the folder's lock, so no other app is on it).
  rmSync(socketPath, { force: true });
  const server: Server = createServer((connection) => {
    let text = "";
    connection.setEncoding("utf8");
    connection.on("error", () => connection.destroy());
    connection.on("data", (chunk: string) => {
      text += chunk;
      if (text.length > REQUEST_BYTES_MAX) connection.destroy();
      const end = text.indexOf("\n");
      if (end < 0) return;
      connection.pause();
      let request: TKeyCommand | undefined;
      try {
        request = KeyCommand.parse(JSON.parse(text.slice(0, end)));
      } catch {
        request = undefined;
      }
      const answer = request ? runKeyCommand(request) : Promise.resolve<KeyCommandResult>({ ok: false, message: "Not a key command." });
      void answer.then((result) => connection.end(`${JSON.stringify(result)}\n`));
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => resolve());
    });
  } catch (error) {
    // Too long a path for a socket, or a read-only folder: the command then says the app holds the database.
    console.warn(`apikey: the command socket ${socketPath} could not be opened (${(error as Error).message}).`);
    return undefined;
  }
  chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(socketPath, { force: true });
    });
};

/**
 * Hands a command to the running app; undefined when no app listens (nothing there, or a socket an
 * app that stopped has left), so that the caller opens the database itself.
 */
export const askRunningApp = (request: TKeyCommand, socketPath = keyCommandSocket()): Promise<KeyCommandResult | undefined> =>
  new Promise((resolve, reject) => {
    if (!socketPath) return resolve(undefined);
    let text = "";
    const connection = createConnection(socketPath, () => connection.write(`${JSON.stringify(request)}\n`));
    connection.setEncoding("utf8");
    connection.on("data", (chunk: string) => (text += chunk));
    connection.on("end", () => {
      try {
        resolve(JSON.parse(text) as KeyCommandResult);
      } catch {
        reject(new Error("The running app gave no answer to the key command."));
      }
    });
    connection.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(undefined);
      else reject(error);
    });
  });
