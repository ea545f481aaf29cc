import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "./check-delivery-url";

// [address, what it is]: every one must be refused.
const REFUSED: [string, string][] = [
  // IPv4
  ["127.0.0.1", "loopback"],
  ["10.0.0.1", "private"],
  ["172.16.5.4", "private"],
  ["192.168.1.1", "private"],
  ["169.254.169.254", "link-local (cloud metadata)"],
  ["100.64.0.1", "shared address space"],
  ["0.0.0.0", "this network"],
  ["192.0.0.8", "IETF protocol assignments"],
  ["192.0.2.1", "documentation"],
  ["192.88.99.1", "6to4 relay anycast"],
  ["198.18.0.1", "benchmarking"],
  ["224.0.0.1", "multicast"],
  ["255.255.255.255", "broadcast"],
  // IPv6 itself non-global
  ["::", "unspecified"],
  ["::1", "loopback"],
  ["0:0:0:0:0:0:0:1", "loopback, spelled out"],
  ["fe80::1", "link-local"],
  ["fe80::1%eth0", "link-local with a zone id"],
  ["febf::1", "link-local, top of fe80::/10"],
  ["fec0::1", "site-local (deprecated)"],
  ["feff::1", "site-local, top of fec0::/10"],
  ["fc00::1", "unique-local"],
  ["fd12:3456:789a::1", "unique-local"],
  ["ff02::1", "multicast"],
  ["ff0e::1", "multicast, global scope"],
  ["2001:db8::1", "documentation"],
  ["2001:db8:ffff::1", "documentation"],
  ["3fff::1", "documentation (RFC 9637)"],
  ["100::1", "discard-only"],
  ["2001:20::1", "ORCHIDv2"],
  ["2001:10::1", "ORCHID (deprecated)"],
  ["2001::1", "Teredo"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
  ["2001:2::1", "benchmarking"],
  ["64:ff9b:1::1", "NAT64 local-use"],
  ["64:ff9b:1:ffff::808:808", "NAT64 local-use, whatever it embeds"],
  ["5f00::1", "SRv6 SIDs (outside global unicast)"],
  ["4000::1", "reserved (outside global unicast)"],
  // IPv6 forms that reach a reserved or private IPv4 address
  ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
  ["::ffff:7f00:1", "IPv4-mapped loopback, hex"],
  ["::ffff:10.0.0.1", "IPv4-mapped private"],
  ["::FFFF:A9FE:A9FE", "IPv4-mapped metadata address, upper-case hex"],
  ["0:0:0:0:0:ffff:192.168.0.1", "IPv4-mapped, spelled out"],
  ["::127.0.0.1", "IPv4-compatible loopback"],
  ["::8.8.8.8", "IPv4-compatible (deprecated), even to a public address"],
  ["::a00:1", "IPv4-compatible, hex"],
  ["::ffff:0:127.0.0.1", "IPv4-translated loopback"],
  ["::ffff:0:a00:1", "IPv4-translated private, hex"],
  ["64:ff9b::127.0.0.1", "NAT64 to loopback"],
  ["64:ff9b::a9fe:a9fe", "NAT64 to the metadata address"],
  ["64:ff9b::192.168.1.1", "NAT64 to private"],
  ["2002:7f00:1::1", "6to4 of loopback"],
  ["2002:a00:1::", "6to4 of private"],
  ["2002:c0a8:101::1", "6to4 of 192.168.1.1"],
  ["2002::1", "6to4 of 0.0.0.0"],
  // Not an address at all
  ["localhost", "a name"],
  ["", "nothing"],
];

const ALLOWED: [string, string][] = [
  ["93.184.216.34", "public IPv4"],
  ["8.8.8.8", "public IPv4"],
  ["172.32.0.1", "just past 172.16.0.0/12"],
  ["2606:4700:4700::1111", "public IPv6"],
  ["2a00:1450:4001:82b::200e", "public IPv6"],
  ["::ffff:8.8.8.8", "IPv4-mapped public"],
  ["64:ff9b::808:808", "NAT64 to a public address"],
  ["2002:808:808::1", "6to4 of a public address"],
  ["2001:200::1", "global unicast just past 2001::/23"],
];

describe("isPrivateAddress", () => {
  it.each(REFUSED)("refuses %s (%s)", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(ALLOWED)("lets %s through (%s)", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});
