import { randomBytes } from 'node:crypto';
import { config } from '#shared/config';
import { safeFetch } from '#shared/http-client/safe-fetch';
import { checkClientMetadata, isMetadataDocumentClientId, registrationResponse, type OAuthClient } from '#shared/oauth/clients';
import { OAuthError } from '#shared/oauth/errors';
import { clock } from '#shared/ports/clock';
import { getOAuthClient, putOAuthClient } from '#shared/store/oauth-clients';

/** Dynamic client registration (RFC 7591): public clients only; the metadata checked, then stored; the registration response. */
export async function registerClient(body: unknown): Promise<ReturnType<typeof registrationResponse>> {
  const checked = checkClientMetadata(body);
  const client: OAuthClient = {
    ...checked,
    client_id: `spc_${randomBytes(16).toString('base64url')}`,
    source: 'registered',
    created_at: clock.now().toISOString(),
  };
  await putOAuthClient(client);
  return registrationResponse(client);
}

/**
 * Client ID metadata documents (docs/decisions/0203-oauth-client-id-metadata-documents.md): fetched
 * through the one SSRF-safe client with a size and time bound, kept 5 minutes per process (a
 * Lambda instance, the local server), at most 100 of them.
 */
const DOCUMENT_MAX_BYTES = 16 * 1024;
const DOCUMENT_TIMEOUT_MS = 5_000;
const CACHE_MS = 5 * 60_000;
const CACHE_ENTRIES = 100;
const documents = new Map<string, { client: OAuthClient; until: number }>();

async function fetchMetadataDocument(url: string): Promise<OAuthClient> {
  const cached = documents.get(url);
  const now = clock.now();
  if (cached && cached.until > now.getTime()) return cached.client;
  let body: unknown;
  try {
    const response = await safeFetch(url, {
      timeoutMs: DOCUMENT_TIMEOUT_MS,
      maxBytes: DOCUMENT_MAX_BYTES,
      maxRedirects: 0,
      local: config.local,
      headers: { accept: 'application/json' },
    });
    if (response.status !== 200) throw new Error(`status ${response.status}`);
    body = JSON.parse(response.body.toString('utf8')) as unknown;
  } catch {
    throw new OAuthError('invalid_client', 'the client ID metadata document could not be fetched or is not JSON');
  }
  if ((body as { client_id?: unknown } | null)?.client_id !== url)
    throw new OAuthError('invalid_client', 'the client ID metadata document must name its own URL as client_id');
  let checked;
  try {
    checked = checkClientMetadata(body);
  } catch (error) {
    throw new OAuthError('invalid_client', error instanceof OAuthError ? error.description : 'invalid client metadata');
  }
  const client: OAuthClient = { ...checked, client_id: url, source: 'metadata_document', created_at: now.toISOString() };
  if (documents.size >= CACHE_ENTRIES) documents.delete(documents.keys().next().value as string);
  documents.set(url, { client, until: now.getTime() + CACHE_MS });
  return client;
}

/** The client a client_id names; undefined when none (unknown id). Errors of a metadata document are OAuthErrors. */
export async function resolveClient(clientId: string | undefined): Promise<OAuthClient | undefined> {
  if (!clientId || clientId.length > 2000) return undefined;
  if (isMetadataDocumentClientId(clientId, { local: config.local })) return fetchMetadataDocument(clientId);
  if (!/^spc_[A-Za-z0-9_-]{22}$/.test(clientId)) return undefined;
  return getOAuthClient(clientId);
}
