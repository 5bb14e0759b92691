import { isIP } from 'node:net';
import { isInternalAddress, isInternalHostName } from './internal-addresses';

/**
 * Whether a URL a client gave us is safe for the service to call from inside AWS: https, and
 * not a name or address of the machine's own or private networks (instance metadata at
 * 169.254.169.254, VPC addresses, loopback). Without this, `service` on POST /profiles/bluesky
 * would let any client make our functions send requests wherever it likes (SSRF).
 * This is the check at the door, on the URL alone; names are resolved and checked again when
 * the SSRF-safe client (shared/http-client/safe-fetch.ts) connects.
 */
export function isPublicHttpsUrl(url: URL): boolean {
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isInternalHostName(host)) return false;
  if (isIP(host)) return !isInternalAddress(host);
  return host.includes('.');
}
