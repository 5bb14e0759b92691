import { AtpAgent, type AtpSessionData } from '@atproto/api';
import { config } from '#shared/config';
import { safeFetchFunction } from '#shared/http-client/fetch-function';
import { checkOutboundUrl, OutboundRequestRefused } from '#shared/http-client/safe-fetch';
import { PdsAddressRefused } from './errors';

/**
 * An AtpAgent for one PDS (the profile's stored `service`, never a global) whose every request
 * (login, refresh, records, blobs, to the service or to the PDS its DID document names) goes
 * through the SSRF-safe client: resolved once and pinned, internal addresses refused, given up
 * after BLUESKY_TIMEOUT_MS (docs/decisions/0037-outbound-requests.md). It reports when it
 * obtains a new session (login or refresh) so the caller can store it.
 */
export interface SessionTokens {
  accessJwt: string;
  refreshJwt: string;
  did: string;
  handle: string;
}

/** XRPC answers are small JSON documents; nothing the service reads comes near this. */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export function createAgent(service: string, onNewSession?: (session: SessionTokens) => void): AtpAgent {
  return new AtpAgent({
    service,
    fetch: safeFetchFunction({
      timeoutMs: config.bluesky.timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      maxRedirects: MAX_REDIRECTS,
      local: config.local,
      trustedOrigin: operatorPdsOrigin(),
    }),
    persistSession: (event, session) => {
      if ((event === 'create' || event === 'update') && session) onNewSession?.(toTokens(session));
    },
  });
}

/**
 * After a login or a refresh the agent sends everything to the PDS the account's DID document
 * names: checked here, before any request goes there, under the same rules as `service`
 * (PdsAddressRefused when it is not a public address; the requests themselves are checked again).
 */
export async function checkPdsEndpoint(agent: AtpAgent): Promise<void> {
  const pds = agent.sessionManager.pdsUrl;
  if (!pds || pds.origin === agent.serviceUrl.origin) return;
  try {
    await checkOutboundUrl(pds.toString(), {
      timeoutMs: config.bluesky.timeoutMs,
      local: config.local,
      trustedOrigin: operatorPdsOrigin(),
    });
  } catch (error) {
    if (error instanceof OutboundRequestRefused && ['internal_address', 'scheme', 'invalid_url'].includes(error.reason)) {
      throw new PdsAddressRefused('did-document', error);
    }
    throw error;
  }
}

/**
 * The operator's BLUESKY_SERVICE_URL is a setting, not user input: it may be a PDS inside the
 * operator's network, and requests to exactly its origin are not judged by the address rules
 * (docs/decisions/0037-outbound-requests.md). A user-supplied `service` and every other
 * origin a DID document names are.
 */
const operatorPdsOrigin = (): string => new URL(config.bluesky.serviceUrl).origin;

export const toTokens = (session: AtpSessionData): SessionTokens => ({
  accessJwt: session.accessJwt,
  refreshJwt: session.refreshJwt,
  did: session.did,
  handle: session.handle,
});

/** The claims of a session JWT (unverified: only for our own decisions, never for trust). */
export function jwtClaims(jwt: string): { exp?: number; scope?: string } {
  try {
    return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number; scope?: string };
  } catch {
    return {};
  }
}

/** True when the access token is expired (or about to, or unreadable): refresh before use. */
export function accessTokenStale(accessJwt: string, now: Date, marginSeconds = 60): boolean {
  const { exp } = jwtClaims(accessJwt);
  return typeof exp !== 'number' || exp - marginSeconds <= now.getTime() / 1000;
}
