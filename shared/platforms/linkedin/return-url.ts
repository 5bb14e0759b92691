import { config } from '#shared/config';
import { DomainError } from '#shared/domain/errors';

/**
 * Where the callback sends the browser when the flow ends. Only hosts the operator allows
 * (OAUTH_RETURN_URL_HOSTS; by default the service's own host and localhost), so the
 * callback cannot be used as an open redirect carrying a profile id or an error to anyone.
 */
export interface ReturnUrlPolicy {
  allowedHosts: readonly string[];
  publicBaseUrl: string;
}

const LOOPBACK = ['localhost', '127.0.0.1'];
const defaultPolicy = (): ReturnUrlPolicy => ({ allowedHosts: config.oauthReturnUrlHosts, publicBaseUrl: config.publicBaseUrl });

const invalid = (reason: string) =>
  new DomainError('INVALID_FIELD', { field: 'return_url' }, { message: `Invalid field: return_url (${reason})` });

/** The return URL, normalised, or INVALID_FIELD (field return_url). */
export function checkReturnUrl(raw: string, policy: ReturnUrlPolicy = defaultPolicy()): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('not an absolute URL');
  }
  const host = url.hostname.toLowerCase();
  const loopback = LOOPBACK.includes(host);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw invalid('must be https, or http on localhost');
  }
  if (url.username || url.password) throw invalid('must not carry credentials');
  const allowed =
    policy.allowedHosts.length > 0
      ? policy.allowedHosts.includes(host) || policy.allowedHosts.includes(url.host.toLowerCase())
      : loopback || host === new URL(policy.publicBaseUrl).hostname.toLowerCase();
  if (!allowed) throw invalid(`host ${host} is not allowed`);
  return url.toString();
}

/** The return URL with the outcome added to its query (its own parameters and fragment kept). */
export function returnUrlWith(returnUrl: string, outcome: Record<string, string>): string {
  const url = new URL(returnUrl);
  for (const [name, value] of Object.entries(outcome)) url.searchParams.set(name, value);
  return url.toString();
}
