import { BlockList, isIP } from 'node:net';

/**
 * Addresses an outbound request to a user-supplied URL must never reach: this machine, the
 * private networks around it, link-local (the instance metadata service at 169.254.169.254),
 * unique-local IPv6, and the other special-purpose ranges (IANA registries). An IPv4 address
 * written as IPv6 (::ffff:10.0.0.1, 64:ff9b::a00:1) is judged as the IPv4 address it carries.
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
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2002::', 16],
] as const)
  internal.addSubnet(network, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The IPv4 address inside an IPv4-mapped or NAT64 IPv6 address, if it is one. */
function embeddedIpv4(address: string): string | undefined {
  const mapped = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Normalised address: zone id dropped, IPv4 carried in IPv6 unwrapped. */
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

export function isLoopbackAddress(address: string): boolean {
  const { address: ip, family } = normalise(address);
  return isIP(ip) !== 0 && loopback.check(ip, family);
}

/** Host names that name something internal whatever they resolve to. */
export const isInternalHostName = (host: string): boolean => {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || name.endsWith('.internal') || name.endsWith('.local');
};
