// Where a webhook may be sent (SSRF): never, by default, to loopback, private, link-local, shared,
// multicast or reserved addresses, which would let an operator's URL reach the server's own
// network. Checked when an endpoint is saved (a clear 422) and again on every delivery: the host
// is resolved once, every answer checked, and the connection made to that very address (so a name
// that changes its answer in between — DNS rebinding — is still refused). IPv6 forms that reach
// an IPv4 address (mapped, translated, NAT64, 6to4) are judged by that address; other IPv6 outside
// global unicast is refused. WEBHOOKS_ALLOW_PRIVATE_URLS=true lifts it for tests and local development.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { AppError } from "../core/errors";

// IPv4: every special-purpose range that is not globally reachable (IANA's registry), plus
// multicast and the reserved 240/4.
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
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}

// IPv6 inside global unicast (2000::/3) that is still not a public host: the IETF protocol block
// (Teredo 2001::/32, benchmarking, ORCHID 2001:10::/28 and ORCHIDv2 2001:20::/28, …),
// documentation (2001:db8::/32, 3fff::/20). Everything outside 2000::/3 is refused unless it is one
// of the forms below that carry an IPv4 address, which is then checked.
const blockedGlobal = new BlockList();
for (const [network, prefix] of [
  ["2001::", 23],
  ["2001:db8::", 32],
  ["3fff::", 20],
] as const) {
  blockedGlobal.addSubnet(network, prefix, "ipv6");
}

/** The eight 16-bit groups of an IPv6 literal (any spelling, dotted tail included), or undefined. */
const groupsOf = (address: string): number[] | undefined => {
  let canonical: string;
  try {
    // WHATWG URL parsing writes an IPv6 address one way: hex groups, :: for the longest zero run.
    canonical = new URL(`http://[${address}]`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const [head, tail] = canonical.includes("::") ? canonical.split("::") : [canonical, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill("0"), ...right].map((group) => parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : undefined;
};

const ipv4Of = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join(".");

/**
 * The IPv4 address an IPv6 one carries when it is a form that reaches it: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64 well-known prefix
 * (64:ff9b::a.b.c.d) and 6to4 (2002:AABB:CCDD::/48). Else undefined.
 */
const embeddedIPv4 = (groups: number[]): string | undefined => {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return ipv4Of(groups[6], groups[7]);
  if (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0) return ipv4Of(groups[6], groups[7]);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return ipv4Of(groups[6], groups[7]);
  if (groups[0] === 0x2002) return ipv4Of(groups[1], groups[2]);
  return undefined;
};

/**
 * Whether an IPv6 literal is one a webhook may not reach. Refused: everything outside global
 * unicast 2000::/3 — unspecified, loopback, IPv4-compatible ::a.b.c.d (deprecated), discard
 * 100::/64, NAT64 local-use 64:ff9b:1::/48, unique-local fc00::/7, link-local fe80::/10,
 * site-local fec0::/10, multicast ff00::/8 — and the non-public blocks inside it (above); a form
 * that carries an IPv4 address (mapped, translated, NAT64, 6to4) is judged by that address. Zone
 * ids (fe80::1%eth0) and anything unparsable are refused.
 */
const isPrivateIPv6 = (address: string): boolean => {
  if (address.includes("%")) return true;
  const groups = groupsOf(address);
  if (!groups) return true;
  const inner = embeddedIPv4(groups);
  if (inner) return blocked.check(inner, "ipv4");
  if ((groups[0] & 0xe000) !== 0x2000) return true;
  return blockedGlobal.check(groups.map((group) => group.toString(16)).join(":"), "ipv6");
};

/** Whether `address` (an IP literal) is one a webhook may not reach: loopback, private, link-local, … */
export const isPrivateAddress = (address: string): boolean => {
  const version = isIP(address);
  if (version === 4) return blocked.check(address, "ipv4");
  if (version === 6) return isPrivateIPv6(address);
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

/** Resolves a host name to every address it has (the system resolver, in its order). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

let resolver: Resolver = resolveAll;

/** Tests: answer host names with `replacement` (a name that rebinds, say); no argument restores the system resolver. */
export const useDeliveryResolver = (replacement?: Resolver) => {
  resolver = replacement ?? resolveAll;
};

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
    addresses = await resolver(url.hostname);
  } catch {
    throw fail(`the host ${url.hostname} could not be resolved`);
  }
  if (addresses.length === 0) throw fail(`the host ${url.hostname} could not be resolved`);
  const bad = addresses.find((entry) => isPrivateAddress(entry.address));
  if (!allowPrivate && bad) throw fail(refused(url, bad.address));
};

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

export type DeliveryTarget = { address: string; family: 4 | 6 } | { refusal: string };

/**
 * Where one delivery connects: the URL's host resolved once, every answer checked, and the first
 * one returned, so the connection goes to exactly the address that was checked (a name that
 * answers differently a moment later — DNS rebinding — changes nothing). An IP literal is checked
 * as it is. `refusal` says why not: an address webhooks may not reach, or a name that does not resolve.
 */
export const resolveDeliveryTarget = async (url: URL, allowPrivate: boolean): Promise<DeliveryTarget> => {
  const literal = literalHost(url);
  if (literal) {
    if (!allowPrivate && isPrivateAddress(literal)) return { refusal: refused(url, literal) };
    return { address: literal, family: isIP(literal) === 6 ? 6 : 4 };
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolver(url.hostname);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { refusal: `${code ? `${code}: ` : ""}${url.hostname} could not be resolved` };
  }
  const bad = addresses.find((entry) => isPrivateAddress(entry.address));
  if (!allowPrivate && bad) return { refusal: refused(url, bad.address) };
  const [first] = addresses;
  if (!first) return { refusal: `${url.hostname} could not be resolved` };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
};

/** A `lookup` for node:http(s) that answers every name with the one address already checked. */
export const pinnedLookup =
  (target: { address: string; family: 4 | 6 }) =>
  (_hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
