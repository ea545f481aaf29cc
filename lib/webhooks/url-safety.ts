// Where a webhook may be sent (SSRF): never, by default, to loopback, private, link-local, shared,
// multicast or reserved addresses, which would let an operator's URL reach the server's own
// network. Checked when an endpoint is saved (a clear 422) and again when each delivery connects
// (the check runs in the socket's own DNS lookup, so a name that changes its answer in between —
// DNS rebinding — is still refused). WEBHOOKS_ALLOW_PRIVATE_URLS=true lifts it for tests and local
// development.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { AppError } from "../core/errors";

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address inside an IPv4-mapped IPv6 one (::ffff:127.0.0.1, ::ffff:7f00:1), else undefined. */
const mappedIPv4 = (address: string): string | undefined => {
  const canonical = new URL(`http://[${address}]`).hostname.slice(1, -1).toLowerCase();
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (match) {
    const [high, low] = [parseInt(match[1], 16), parseInt(match[2], 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(canonical);
  return dotted?.[1];
};

/** Whether `address` (an IP literal) is one a webhook may not reach: loopback, private, link-local, … */
export const isPrivateAddress = (address: string): boolean => {
  const version = isIP(address);
  if (version === 4) return blocked.check(address, "ipv4");
  if (version === 6) {
    const inner = mappedIPv4(address);
    return inner ? blocked.check(inner, "ipv4") : blocked.check(address, "ipv6");
  }
  return true;
};

/** A URL's host as an IP literal when it is one ("[::1]" → "::1"), else undefined. */
const literalHost = (url: URL) => {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return isIP(host) ? host : undefined;
};

const refused = (url: URL, address: string) => `${url.hostname} resolves to ${address}, a private, loopback or link-local address; webhooks may not reach those`;

const resolveAll = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/**
 * Refuses (422 at `path`) a URL whose host does not resolve, or resolves to an address a webhook may
 * not reach, unless private addresses are allowed.
 */
export const assertDeliverableUrl = async (text: string, allowPrivate: boolean, path = "body.url") => {
  const url = new URL(text);
  const fail = (message: string) => new AppError("unprocessable", `The webhook URL is refused: ${message}.`, { errors: [{ path, message }] });
  const literal = literalHost(url);
  if (literal) {
    if (!allowPrivate && isPrivateAddress(literal)) throw fail(refused(url, literal));
    return;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(url.hostname);
  } catch {
    throw fail(`the host ${url.hostname} could not be resolved`);
  }
  if (addresses.length === 0) throw fail(`the host ${url.hostname} could not be resolved`);
  const bad = addresses.find((entry) => isPrivateAddress(entry.address));
  if (!allowPrivate && bad) throw fail(refused(url, bad.address));
};

export class UnsafeAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnsafeAddressError";
  }
}

/** The refusal for a URL whose host is an IP literal webhooks may not reach, else undefined (checked before connecting). */
export const literalRefusal = (url: URL, allowPrivate: boolean): string | undefined => {
  const literal = literalHost(url);
  return literal && !allowPrivate && isPrivateAddress(literal) ? refused(url, literal) : undefined;
};

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http(s) that resolves as usual and refuses the connection when any answer is
 * an address webhooks may not reach: the check and the connection use the same answer.
 */
export const safeLookup =
  (allowPrivate: boolean) =>
  (hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true, verbatim: true, ...(options.family ? { family: Number(options.family) || 0 } : {}) }, (error, addresses) => {
      if (error) return callback(error, []);
      const bad = addresses.find((entry) => isPrivateAddress(entry.address));
      if (!allowPrivate && bad) return callback(new UnsafeAddressError(`${hostname} resolves to ${bad.address}, a private, loopback or link-local address; webhooks may not reach those`), []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(Object.assign(new Error(`${hostname} did not resolve`), { code: "ENOTFOUND" }), []);
      callback(null, first.address, first.family);
    });
  };
