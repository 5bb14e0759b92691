import { OAuthError } from './errors';
import { redirectUriProblem } from './redirect-uris';

/**
 * An OAuth client of this authorization server: public only (no secret; PKCE protects the code),
 * registered dynamically (RFC 7591) or named by the https URL of its client ID metadata document
 * (the MCP authorization spec, 2025-11-25).
 */
export interface OAuthClient {
  client_id: string;
  client_name: string;
  client_uri: string | null;
  redirect_uris: string[];
  source: 'registered' | 'metadata_document';
  created_at: string;
}

const MAX_REDIRECT_URIS = 10;
const MAX_NAME_LENGTH = 100;
const GRANT_TYPES = new Set(['authorization_code', 'refresh_token']);

const invalidMetadata = (description: string) => new OAuthError('invalid_client_metadata', description);

const stringField = (metadata: Record<string, unknown>, name: string): string | undefined => {
  const value = metadata[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidMetadata(`${name} must be a string`);
  return value;
};

/** The redirect URIs of client metadata: 1 to 10, each https or http on loopback. */
function redirectUrisOf(metadata: Record<string, unknown>): string[] {
  const uris = metadata.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0) throw new OAuthError('invalid_redirect_uri', 'redirect_uris must list at least one URI');
  if (uris.length > MAX_REDIRECT_URIS) throw new OAuthError('invalid_redirect_uri', `at most ${MAX_REDIRECT_URIS} redirect_uris`);
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', `redirect URI ${JSON.stringify(uri)} ${problem}`);
  }
  return [...new Set(uris as string[])];
}

/**
 * Checks client metadata (a registration request's body, or a metadata document) and returns what
 * is kept of it. Public clients only: `token_endpoint_auth_method` must be absent or `none`.
 */
export function checkClientMetadata(metadata: unknown): Pick<OAuthClient, 'client_name' | 'client_uri' | 'redirect_uris'> {
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata))
    throw invalidMetadata('the metadata must be a JSON object');
  const fields = metadata as Record<string, unknown>;
  const redirect_uris = redirectUrisOf(fields);
  const method = stringField(fields, 'token_endpoint_auth_method');
  if (method !== undefined && method !== 'none')
    throw invalidMetadata('only public clients are registered: token_endpoint_auth_method must be "none"');
  const grants = fields.grant_types;
  if (grants !== undefined && (!Array.isArray(grants) || !grants.every((grant) => GRANT_TYPES.has(grant as string))))
    throw invalidMetadata('grant_types may hold authorization_code and refresh_token only');
  const responses = fields.response_types;
  if (responses !== undefined && (!Array.isArray(responses) || !responses.every((type) => type === 'code')))
    throw invalidMetadata('response_types may hold code only');
  const name = stringField(fields, 'client_name')?.trim();
  if (name !== undefined && name.length > MAX_NAME_LENGTH)
    throw invalidMetadata(`client_name must be at most ${MAX_NAME_LENGTH} characters`);
  const clientUri = stringField(fields, 'client_uri');
  if (clientUri !== undefined && redirectUriProblem(clientUri)) throw invalidMetadata('client_uri must be an https URL');
  return {
    // A nameless client is shown by where its codes go, so the person still sees who asks.
    client_name: name || new URL(redirect_uris[0]).host,
    client_uri: clientUri ?? null,
    redirect_uris,
  };
}

/**
 * Whether a client_id names a client ID metadata document: an https URL with a path (the spec's
 * rule); local runs also take http on 127.0.0.1, as they take loopback everywhere else.
 */
export function isMetadataDocumentClientId(clientId: string, options: { local?: boolean } = {}): boolean {
  try {
    const url = new URL(clientId);
    const scheme = url.protocol === 'https:' || (options.local === true && url.protocol === 'http:' && url.hostname === '127.0.0.1');
    return scheme && url.pathname !== '/' && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The registration response (RFC 7591 section 3.2.1). */
export function registrationResponse(client: OAuthClient) {
  return {
    client_id: client.client_id,
    client_id_issued_at: Math.floor(Date.parse(client.created_at) / 1000),
    client_name: client.client_name,
    ...(client.client_uri ? { client_uri: client.client_uri } : {}),
    redirect_uris: client.redirect_uris,
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  };
}
