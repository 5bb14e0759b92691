import {
  buildAtprotoLoopbackClientMetadata,
  JoseKey,
  NodeOAuthClient,
  type NodeSavedSession,
  type NodeSavedState,
  type OAuthClientMetadataInput,
} from '@atproto/oauth-client-node';
import { config } from '#shared/config';
import { safeFetchFunction } from '#shared/http-client/fetch-function';
import { secretBox } from '#shared/ports/registry';
import { blueskyOAuthPrivateJwk } from './oauth-key';
import { blueskyHandleResolver } from './oauth-handle-resolver';
import { blueskyOAuthPersistence } from './oauth-persistence';

/**
 * The service as an atproto OAuth client (docs/api.md, "Connecting Bluesky with OAuth"). Deployed,
 * a confidential client: its client id is the URL of its metadata document
 * ({PUBLIC_BASE_URL}/oauth/bluesky/client-metadata.json), it authenticates with private_key_jwt
 * signed by the key of BLUESKY_OAUTH_PRIVATE_JWK(_SECRET_ARN). A PDS refuses such a client id on a
 * loopback or IP host, so when PUBLIC_BASE_URL is loopback (npm start, the tests) the service is
 * an atproto loopback client instead: public, no key, redirect on 127.0.0.1
 * (docs/decisions/0290-bluesky-oauth-client-modes.md).
 *
 * Every request the library makes to a user's PDS, authorization server, DID document or handle
 * host goes through the SSRF-safe client (the local-run allowance for loopback included); a client
 * is made per account, since its session store is that account's (two accounts may connect one DID).
 */
export const BLUESKY_OAUTH_SCOPE = 'atproto transition:generic';
export const BLUESKY_CALLBACK_PATH = '/profiles/bluesky/callback';
export const CLIENT_METADATA_PATH = '/oauth/bluesky/client-metadata.json';
export const JWKS_PATH = '/oauth/bluesky/jwks.json';

/** The key's `kid` when the setting's JWK has none (the JWKS must name each key). */
const DEFAULT_KID = 'bluesky-oauth';
/** Authorization-server and DID answers are small JSON documents. */
const MAX_ANSWER_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 3;
/** Clients kept per process (their metadata caches and DPoP nonces spare round trips). */
const MAX_CLIENTS = 50;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** True when PUBLIC_BASE_URL is a loopback http address: the service is then a loopback client. */
export function isLoopbackDeployment(publicBaseUrl: string = config.publicBaseUrl): boolean {
  const url = new URL(publicBaseUrl);
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/** Where the PDS sends the browser back: 127.0.0.1 rather than localhost for a loopback client (RFC 8252, atproto's rule). */
export function callbackUrl(publicBaseUrl: string = config.publicBaseUrl): string {
  const url = new URL(`${publicBaseUrl}${BLUESKY_CALLBACK_PATH}`);
  if (isLoopbackDeployment(publicBaseUrl) && url.hostname === 'localhost') url.hostname = '127.0.0.1';
  return url.toString();
}

/** The client metadata document this deployment serves and uses. */
export function blueskyClientMetadata(publicBaseUrl: string = config.publicBaseUrl): OAuthClientMetadataInput {
  if (isLoopbackDeployment(publicBaseUrl)) {
    return buildAtprotoLoopbackClientMetadata({
      scope: BLUESKY_OAUTH_SCOPE,
      redirect_uris: [callbackUrl(publicBaseUrl) as `http://127.0.0.1${string}`],
    });
  }
  return {
    client_id: `${publicBaseUrl}${CLIENT_METADATA_PATH}`,
    client_name: 'Social Posting Service',
    client_uri: publicBaseUrl,
    application_type: 'web',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: [callbackUrl(publicBaseUrl) as `https://${string}`],
    scope: BLUESKY_OAUTH_SCOPE,
    token_endpoint_auth_method: 'private_key_jwt',
    token_endpoint_auth_signing_alg: 'ES256',
    dpop_bound_access_tokens: true,
    jwks_uri: `${publicBaseUrl}${JWKS_PATH}`,
  };
}

export class BlueskyOAuthNotConfigured extends Error {
  constructor(reason = 'the operator must set BLUESKY_OAUTH_PRIVATE_JWK (or its secret)') {
    super(`Bluesky OAuth is not configured on this deployment: ${reason}`);
    this.name = 'BlueskyOAuthNotConfigured';
  }
}

let keysPromise: Promise<JoseKey[]> | undefined;

/**
 * The setting holds one private JWK, or several (a JSON array, or a JWK set `{"keys": [...]}`) while a
 * key is rotated: new sessions sign with the first, and a session keeps the key (`kid`) it started with,
 * so an old key stays in the set until the sessions made with it are gone.
 */
async function parseKeys(jwk: string): Promise<JoseKey[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(jwk);
  } catch {
    throw new BlueskyOAuthNotConfigured('the Bluesky OAuth key setting is not JSON');
  }
  const list = Array.isArray(parsed) ? parsed : ((parsed as { keys?: unknown[] }).keys ?? [parsed]);
  return Promise.all(
    list.map((entry, index) => {
      const key = entry as Record<string, unknown>;
      return JoseKey.fromJWK(key, typeof key.kid === 'string' ? key.kid : `${DEFAULT_KID}-${index}`);
    }),
  );
}

/** The private keys, none for a loopback client; BlueskyOAuthNotConfigured when a confidential client has none. */
async function clientKeys(): Promise<JoseKey[]> {
  if (isLoopbackDeployment()) return [];
  keysPromise ??= blueskyOAuthPrivateJwk().then((jwk) => (jwk ? parseKeys(jwk) : []));
  const made = keysPromise;
  made.catch(() => {
    if (keysPromise === made) keysPromise = undefined;
  });
  const keys = await made;
  if (!keys.length) throw new BlueskyOAuthNotConfigured();
  return keys;
}

/** The public keys (the JWKS document): empty for a loopback client. */
export async function blueskyClientJwks(): Promise<{ keys: unknown[] }> {
  return { keys: (await clientKeys()).map((key) => key.publicJwk).filter(Boolean) };
}

const stateContext = (accountId: string, key: string) => ({ account_id: accountId, profile_id: `bluesky-oauth-state:${key}` });
const sessionContext = (accountId: string, did: string) => ({ account_id: accountId, profile_id: `bluesky-oauth:${did}` });

/** The PDS keeps a pushed authorization request 5 minutes; our record of it lasts as long. */
export const PENDING_AUTHORIZATION_SECONDS = 5 * 60;

async function buildClient(accountId: string): Promise<NodeOAuthClient> {
  const persistence = await blueskyOAuthPersistence();
  const keys = await clientKeys();
  const fetch = safeFetchFunction({
    timeoutMs: config.bluesky.timeoutMs,
    maxBytes: MAX_ANSWER_BYTES,
    maxRedirects: MAX_REDIRECTS,
    local: config.local,
    trustedOrigin: new URL(config.bluesky.serviceUrl).origin,
  });
  return new NodeOAuthClient({
    clientMetadata: blueskyClientMetadata(),
    ...(keys.length ? { keyset: keys } : {}),
    // Plain http only where everything else may use it: local runs against a local PDS.
    allowHttp: config.local,
    fetch,
    plcDirectoryUrl: config.bluesky.plcUrl,
    handleResolver: blueskyHandleResolver(fetch),
    stateStore: {
      set: async (stateKey: string, state: NodeSavedState) => {
        const sealed = await (await secretBox()).seal(JSON.stringify(state), stateContext(accountId, stateKey));
        const expiresAt = new Date(Date.now() + PENDING_AUTHORIZATION_SECONDS * 1000);
        const appState = typeof state.appState === 'string' ? state.appState : undefined;
        await persistence.putPendingAuthorization(stateKey, { sealed, accountId, appState }, expiresAt);
      },
      get: async (stateKey: string) => {
        const record = await persistence.getPendingAuthorization(stateKey);
        // Another account's pending authorization is none of this client's business.
        if (!record || record.accountId !== accountId) return undefined;
        return JSON.parse(await (await secretBox()).open(record.sealed, stateContext(accountId, stateKey))) as NodeSavedState;
      },
      del: (stateKey: string) => persistence.deletePendingAuthorization(stateKey),
    },
    sessionStore: {
      set: async (did: string, session: NodeSavedSession) => {
        await persistence.putSession(
          accountId,
          did,
          await (await secretBox()).seal(JSON.stringify(session), sessionContext(accountId, did)),
        );
      },
      get: async (did: string) => {
        const sealed = await persistence.getSession(accountId, did);
        if (!sealed) return undefined;
        return JSON.parse(await (await secretBox()).open(sealed, sessionContext(accountId, did))) as NodeSavedSession;
      },
      del: (did: string) => persistence.deleteSession(accountId, did),
    },
    // Refreshes hold the session's lock in the table: one refresh token, one user (docs/decisions/0292-...).
    requestLock: (name, work) => persistence.withLock(`bluesky-oauth#${accountId}#${name}`, () => Promise.resolve(work())),
  });
}

const clients = new Map<string, Promise<NodeOAuthClient>>();

/** The account's OAuth client (kept per process; a failed build is not kept). */
export function blueskyOAuthClient(accountId: string): Promise<NodeOAuthClient> {
  let client = clients.get(accountId);
  if (!client) {
    if (clients.size >= MAX_CLIENTS) clients.delete(clients.keys().next().value!);
    client = buildClient(accountId);
    clients.set(accountId, client);
    client.catch(() => clients.delete(accountId));
  }
  return client;
}

/** Forgets the clients made so far (a test standing for a new process: sessions then come from the table alone). */
export function forgetBlueskyOAuthClients(): void {
  clients.clear();
  keysPromise = undefined;
}
