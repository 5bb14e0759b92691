import { config } from '#shared/config';
import { checkOutboundUrl, OutboundRequestRefused } from '#shared/http-client/safe-fetch';
import { DomainError } from '#shared/domain/errors';

/** How long the check at creation may spend resolving the endpoint's name. */
const RESOLVE_TIMEOUT_MS = 5_000;

const invalidUrl = (message: string) => new DomainError('INVALID_FIELD', { field: 'url' }, { message: `Invalid field: url (${message})` });

/**
 * The URL of a new endpoint (docs/api.md, "Webhooks"): https (locally http too), no credentials,
 * and a name that resolves now, only to public addresses (locally loopback too, so that
 * http://127.0.0.1 and localhost work: safe-fetch's `local` rules). The deliverer checks again at every send, so a name that later resolves inside
 * (DNS rebinding) is refused then. Returns the URL normalised.
 */
export async function checkWebhookUrl(raw: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalidUrl('not an absolute URL');
  }
  if (url.protocol !== 'https:' && !(config.local && url.protocol === 'http:')) {
    throw invalidUrl(config.local ? 'https, or http in local runs' : 'https only');
  }
  if (url.hash) throw invalidUrl('no #fragment: it is never sent');
  try {
    await checkOutboundUrl(url.toString(), { timeoutMs: RESOLVE_TIMEOUT_MS, local: config.local });
  } catch (error) {
    if (!(error instanceof OutboundRequestRefused)) throw error;
    if (error.reason === 'unresolvable' || error.reason === 'timeout') throw invalidUrl(`${url.hostname} does not resolve`);
    throw invalidUrl(`${url.hostname} is or resolves to an internal address, which webhooks may not reach`);
  }
  return url.toString();
}
