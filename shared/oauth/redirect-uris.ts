/**
 * Redirect URI rules (OAuth 2.1 section 2.3.1, the MCP authorization spec): https, or http on a
 * loopback host (native and CLI clients listen there); no fragment, no user info. Compared with
 * the registered ones exactly, as strings; for a loopback http URI the port may differ (RFC 8252
 * section 7.3: a native client picks a free port at run time).
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

export function redirectUriProblem(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return 'must be a URL of at most 2000 characters';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.hash || raw.includes('#')) return 'must not have a fragment';
  if (url.username || url.password) return 'must not carry user information';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  return 'must be https, or http on a loopback host (127.0.0.1, [::1], localhost)';
}

const isLoopbackHttp = (url: URL): boolean => url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);

/** Whether the redirect URI an authorization request names is one of the client's. */
export function redirectUriRegistered(asked: string, registered: readonly string[]): boolean {
  if (registered.includes(asked)) return true;
  let url: URL;
  try {
    url = new URL(asked);
  } catch {
    return false;
  }
  if (!isLoopbackHttp(url)) return false;
  const portless = (value: URL) => `${value.protocol}//${value.hostname}${value.pathname}${value.search}`;
  return registered.some((entry) => {
    try {
      const candidate = new URL(entry);
      return isLoopbackHttp(candidate) && portless(candidate) === portless(url);
    } catch {
      return false;
    }
  });
}

/** What the consent page shows of where the code goes: the host (and port). */
export const redirectHost = (uri: string): string => new URL(uri).host;

/** The redirect URI with the authorization response's parameters added (RFC 6749 section 4.1.2). */
export function withResponseParameters(uri: string, parameters: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}
