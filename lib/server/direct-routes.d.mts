// Types of lib/server/direct-routes.mjs (plain ESM, loaded by server.mjs without a build step).
import type { IncomingMessage, ServerResponse } from "node:http";

/** The dispatcher for the build in `distDir`, or `{ dispatch: null, reason }` when it cannot dispatch directly. */
export declare const createDirectRoutes: (options: { distDir: string; hostname: string; port: number }) =>
  | { dispatch: (request: IncomingMessage, response: ServerResponse) => Promise<string | null>; reason: null }
  | { dispatch: null; reason: string };

/** Resolves when `response` may be written again (drain) or never will be (close); leaves no listener behind. */
export declare const whenWritable: (response: ServerResponse) => Promise<void>;
