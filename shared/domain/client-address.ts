import { isIPv4, isIPv6 } from 'node:net';

/**
 * The part of a client's address that sign-in limits count against (docs/api.md, "Dashboard"):
 * an IPv4 address as is (an IPv4-mapped IPv6 one as its IPv4 form), an IPv6 address by its /64,
 * since one subscriber usually holds a whole /64 and could otherwise take a fresh address per
 * guess. Anything else (no address at all) is one group of its own.
 */
export function clientAddressGroup(address: string | undefined): string {
  const raw = (address ?? '').trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(raw);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(raw)) return raw;
  if (!isIPv6(raw)) return 'unknown';
  return `${expandIPv6(raw).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros. */
function expandIPv6(address: string): string[] {
  const withoutZone = address.split('%')[0];
  // A trailing dotted IPv4 part counts as two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(withoutZone);
  const text = dotted
    ? withoutZone.slice(0, dotted.index) +
      [(Number(dotted[1]) << 8) | Number(dotted[2]), (Number(dotted[3]) << 8) | Number(dotted[4])].map((n) => n.toString(16)).join(':')
    : withoutZone;
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}
