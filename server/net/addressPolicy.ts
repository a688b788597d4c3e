import { isIP } from "node:net";

/**
 * Which IP addresses a server-side fetch of a user's URL may connect to (OWASP SSRF cheat sheet).
 * Only public unicast addresses: no loopback, private, link-local (cloud metadata at 169.254.169.254),
 * carrier-grade NAT, unspecified, multicast, broadcast, documentation or other reserved ranges.
 * IPv6 forms that carry an IPv4 address (::ffff:7f00:1, NAT64, 6to4) are decoded and judged as that
 * IPv4 address, because "[::ffff:127.0.0.1]" reaches 127.0.0.1 on a dual-stack host.
 */

type Cidr = readonly [bytes: readonly number[], prefixBits: number];

const BLOCKED_V4: readonly Cidr[] = [
  [[0, 0, 0, 0], 8], // "this network", incl. 0.0.0.0
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local, cloud metadata
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // documentation
  [[203, 0, 113, 0], 24], // documentation
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, incl. broadcast 255.255.255.255
];

/** Inside global unicast (2000::/3), the parts that are not somebody's ordinary public server. */
const BLOCKED_V6_GLOBAL: readonly Cidr[] = [
  [[0x20, 0x01, 0x00, 0x00], 32], // Teredo: a tunnel whose IPv4 end we cannot judge
  [[0x20, 0x01, 0x00, 0x10], 28], // ORCHID
  [[0x20, 0x01, 0x00, 0x20], 28], // ORCHIDv2
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x3f, 0xff, 0x00, 0x00], 20], // documentation (2024)
];

function inCidr(bytes: readonly number[], [net, bits]: Cidr): boolean {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i / 8] ?? 0) & mask) !== ((net[i / 8] ?? 0) & mask)) return false;
  }
  return true;
}

function parseIPv4(ip: string): number[] | null {
  if (isIP(ip) !== 4) return null;
  return ip.split(".").map(Number);
}

/** 16 bytes of an IPv6 address (zone id dropped, "::" expanded, a trailing dotted quad read), or null. */
export function parseIPv6(input: string): number[] | null {
  const ip = input.replace(/^\[|\]$/g, "").split("%")[0] ?? "";
  if (isIP(ip) !== 6) return null;
  let text = ip.toLowerCase();
  const tail: number[] = [];
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    tail.push(...(parseIPv4(quad[1]!) ?? []));
    text = text.slice(0, -quad[1]!.length) + "0:0";
  }
  const [head = "", rest] = text.split("::");
  const groups = (s: string) => (s ? s.split(":") : []);
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const missing = 8 - left.length - right.length;
  const words = [...left, ...Array<string>(rest === undefined ? 0 : missing).fill("0"), ...right].map((g) => parseInt(g, 16));
  if (words.length !== 8 || words.some((w) => !(w >= 0 && w <= 0xffff))) return null;
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

const allZero = (bytes: readonly number[], from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), or null. */
export function embeddedIPv4(bytes: readonly number[]): number[] | null {
  const mapped = allZero(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff; // ::ffff:a.b.c.d
  const translated = allZero(bytes, 0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && allZero(bytes, 10, 12); // ::ffff:0:a.b.c.d
  const compatible = allZero(bytes, 0, 12) && !allZero(bytes, 12, 15); // ::a.b.c.d, but not :: or ::1
  const nat64 = inCidr(bytes, [[0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96]); // 64:ff9b::a.b.c.d
  if (mapped || translated || compatible || nat64) return bytes.slice(12, 16);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6); // 6to4: 2002:aabb:ccdd::
  return null;
}

const isPublicV4 = (bytes: readonly number[]) => !BLOCKED_V4.some((cidr) => inCidr(bytes, cidr));

/** The strict default policy: true only for a public unicast address. Anything unparseable is refused. */
export function isPublicAddress(ip: string): boolean {
  const v4 = parseIPv4(ip);
  if (v4) return isPublicV4(v4);
  const v6 = parseIPv6(ip);
  if (!v6) return false;
  const carried = embeddedIPv4(v6);
  if (carried) return isPublicV4(carried);
  // Everything outside 2000::/3 (loopback, ::, link-local fe80::/10, unique-local fc00::/7, multicast
  // ff00::/8, NAT64 local-use, discard-only…) is refused wholesale.
  if (!inCidr(v6, [[0x20], 3])) return false;
  return !BLOCKED_V6_GLOBAL.some((cidr) => inCidr(v6, cidr));
}
