import { lookup } from 'node:dns/promises';

/**
 * The name-resolver port: how the SSRF-safe client turns a host name into the addresses it
 * checks and then connects to. The system resolver in production and `npm start`; tests put
 * in one that never leaves the machine (no test may depend on the internet or on what a real
 * name resolves to today) and that can map a name to a private address to test the refusals.
 */
export interface ResolvedAddress {
  address: string;
  family: number;
}

export type NameResolver = (host: string) => Promise<ResolvedAddress[]>;

const systemResolver: NameResolver = (host) => lookup(host, { all: true, verbatim: true });
let current: NameResolver = systemResolver;

export const resolveName: NameResolver = (host) => current(host);

/** Replaces the resolver (tests); no argument goes back to the system's. */
export function useNameResolver(replacement: NameResolver = systemResolver): void {
  current = replacement;
}

/**
 * A resolver that knows only the names it is given (and localhost); every other name fails as
 * an unknown one does. `names` may be changed afterwards (a name that starts resolving elsewhere).
 */
export function offlineResolver(names: Map<string, string[]> = new Map()): NameResolver & { names: Map<string, string[]> } {
  const resolver = async (host: string): Promise<ResolvedAddress[]> => {
    const key = host.toLowerCase().replace(/\.$/, '');
    const addresses = key === 'localhost' ? ['127.0.0.1'] : names.get(key);
    if (!addresses?.length) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolver, { names });
}
