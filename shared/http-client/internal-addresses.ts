import { BlockList, isIP } from 'node:net';

/**
 * Addresses an outbound request to a user-supplied URL must never reach: this machine, the
 * private networks around it, link-local (the instance metadata service at 169.254.169.254),
 * unique-local IPv6, and the other special-purpose ranges (IANA registries). IPv6 that carries an
 * IPv4 address is judged by its 128 bits, whatever its spelling (docs/decisions/0037-outbound-requests.md): IPv4-mapped (::ffff:0:0/96) and well-known NAT64 (64:ff9b::/96) as the
 * IPv4 address inside; IPv4-compatible (::/96), IPv4-translated (::ffff:0:0:0/96) and local-use
 * NAT64 (64:ff9b:1::/48) as internal whatever they carry.
 */
const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  internal.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and IPv4-compatible
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215)
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['3fff::', 20], // documentation (RFC 9637)
  ['5f00::', 16], // SRv6 SIDs (RFC 9602)
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  internal.addSubnet(network, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The eight 16-bit groups of an IPv6 address, in any spelling (URL parsing canonicalises it). */
function ipv6Groups(address: string): number[] | undefined {
  let canonical: string;
  try {
    canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const [head = '', tail] = canonical.split('::');
  const part = (text: string) => (text ? text.split(':').map((group) => parseInt(group, 16)) : []);
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** The IPv4 address an IPv4-mapped (::ffff:a.b.c.d) or well-known NAT64 (64:ff9b::a.b.c.d) address stands for. */
function embeddedIpv4(address: string): string | undefined {
  const groups = ipv6Groups(address);
  if (!groups) return undefined;
  const prefix = groups.slice(0, 6).join(':');
  if (prefix !== '0:0:0:0:0:65535' && prefix !== `${0x64}:${0xff9b}:0:0:0:0`) return undefined;
  const [high, low] = [groups[6]!, groups[7]!];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Normalised address: brackets and zone id dropped, IPv4 carried in IPv6 unwrapped. */
function normalise(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const v4 = isIP(bare) === 6 ? embeddedIpv4(bare) : undefined;
  if (v4) return { address: v4, family: 'ipv4' };
  return { address: bare, family: isIP(bare) === 4 ? 'ipv4' : 'ipv6' };
}

export function isInternalAddress(address: string): boolean {
  const { address: ip, family } = normalise(address);
  if (isIP(ip) === 0) return true; // not an address at all: never connect to it
  return internal.check(ip, family);
}

/** Loopback (allowed in local runs): 127.0.0.0/8 and ::1, also as IPv4-mapped; never through NAT64. */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(bare) === 6 && ipv6Groups(bare)?.[0] === 0x64) return false;
  const { address: ip, family } = normalise(bare);
  return isIP(ip) !== 0 && loopback.check(ip, family);
}

/** Host names that name something internal whatever they resolve to. */
export const isInternalHostName = (host: string): boolean => {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || name.endsWith('.internal') || name.endsWith('.local');
};
