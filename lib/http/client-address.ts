// Who the caller is on the network. X-Forwarded-For is written by whoever sent the request, so
// it decides nothing unless TRUST_PROXY says how many proxies in front of us append to it; then
// the address is the entry that many places from the right (the one our outermost proxy saw).
// Without a trusted proxy, the production server (server.mjs) passes the connection's own peer
// address in PEER_HEADER, replacing whatever a client sent under that name; the header is read
// only in a process that server.mjs started (PEER_FLAG), never under `next dev` or a test.
import { env } from "../config/env";

export const PEER_HEADER = "x-syndicate-peer";
export const PEER_FLAG = "SYNDICATE_PEER_HEADER";

const ADDRESS = /^[0-9A-Fa-f:.[\]]{1,64}$/;

const peerAddress = (request: Request) => {
  if (process.env[PEER_FLAG] !== "1") return undefined;
  const peer = request.headers.get(PEER_HEADER) ?? "";
  return ADDRESS.test(peer) ? peer : undefined;
};

/** The client's address, or undefined when it cannot be known (no trusted proxy, no peer). */
export const clientAddress = (request: Request, hops: number = env().TRUST_PROXY): string | undefined => {
  if (hops <= 0) return peerAddress(request);
  const entries = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  if (entries.length === 0) return undefined;
  const candidate = entries[Math.max(0, entries.length - hops)];
  return ADDRESS.test(candidate) ? candidate : undefined;
};
