import { OAUTH_SCOPES } from '#shared/oauth/scopes';
import { closedObject, nullable, ref, timestamp, uuid, type JsonSchema } from './primitives';

/**
 * The OAuth authorization server's documents and answers (docs/api.md, "Connecting an agent with
 * OAuth") and the connections it creates (docs/api.md, "Connections"). The discovery documents and
 * token answers are the RFCs' shapes, open to fields added later (RFC 8414 and RFC 9728 say
 * clients ignore what they do not know); the service's own resources are closed as usual.
 */
const scope = { type: 'string', enum: [...OAUTH_SCOPES], description: 'What the app may do: a key scope below admin.' };
const url = { type: 'string', format: 'uri' };

export const oauthResourceSchemas: Record<string, JsonSchema> = {
  ProtectedResourceMetadata: {
    type: 'object',
    description: 'RFC 9728: the MCP endpoint as an OAuth protected resource.',
    required: ['resource', 'authorization_servers', 'scopes_supported', 'bearer_methods_supported'],
    properties: {
      resource: { ...url, description: '{PUBLIC_BASE_URL}/mcp: the audience of every access token.' },
      authorization_servers: { type: 'array', items: url },
      scopes_supported: { type: 'array', items: scope },
      bearer_methods_supported: { type: 'array', items: { type: 'string', const: 'header' } },
    },
  },
  AuthorizationServerMetadata: {
    type: 'object',
    description: 'RFC 8414: this service as the authorization server of its MCP endpoint.',
    required: [
      'issuer',
      'authorization_endpoint',
      'token_endpoint',
      'registration_endpoint',
      'revocation_endpoint',
      'response_types_supported',
      'grant_types_supported',
      'code_challenge_methods_supported',
      'token_endpoint_auth_methods_supported',
      'client_id_metadata_document_supported',
    ],
    properties: {
      issuer: url,
      authorization_endpoint: url,
      token_endpoint: url,
      registration_endpoint: url,
      revocation_endpoint: url,
      scopes_supported: { type: 'array', items: scope },
      response_types_supported: { type: 'array', items: { type: 'string', const: 'code' } },
      grant_types_supported: { type: 'array', items: { type: 'string', enum: ['authorization_code', 'refresh_token'] } },
      code_challenge_methods_supported: { type: 'array', items: { type: 'string', const: 'S256' } },
      token_endpoint_auth_methods_supported: { type: 'array', items: { type: 'string', const: 'none' } },
      revocation_endpoint_auth_methods_supported: { type: 'array', items: { type: 'string', const: 'none' } },
      client_id_metadata_document_supported: { type: 'boolean', const: true },
    },
  },
  OAuthClientRegistration: {
    type: 'object',
    description: 'RFC 7591 section 3.2.1: the registered client (public: no secret).',
    required: [
      'client_id',
      'client_id_issued_at',
      'client_name',
      'redirect_uris',
      'token_endpoint_auth_method',
      'grant_types',
      'response_types',
    ],
    properties: {
      client_id: { type: 'string', pattern: '^spc_[A-Za-z0-9_-]{22}$' },
      client_id_issued_at: { type: 'integer', description: 'Unix seconds.' },
      client_name: { type: 'string' },
      client_uri: url,
      redirect_uris: { type: 'array', items: url, minItems: 1, maxItems: 10 },
      token_endpoint_auth_method: { type: 'string', const: 'none' },
      grant_types: { type: 'array', items: { type: 'string' } },
      response_types: { type: 'array', items: { type: 'string' } },
    },
  },
  OAuthTokens: {
    type: 'object',
    description:
      'RFC 6749 section 5.1: a new access token (1 hour) and refresh token (30 days, single use: each refresh returns the next).',
    required: ['access_token', 'token_type', 'expires_in', 'refresh_token', 'scope'],
    properties: {
      access_token: { type: 'string', pattern: '^spat_[A-Za-z0-9_-]{43}$' },
      token_type: { type: 'string', const: 'Bearer' },
      expires_in: { type: 'integer', const: 3600 },
      refresh_token: { type: 'string', pattern: '^sprt_[A-Za-z0-9_-]{43}$' },
      scope,
    },
  },
  OAuthError: closedObject(
    {
      error: {
        type: 'string',
        description: 'RFC 6749 section 5.2 (and RFC 7591 section 3.2.2): invalid_request, invalid_client, invalid_grant, ...',
      },
      error_description: { type: 'string' },
    },
    { description: "OAuth's own error body, not the API's (the OAuth endpoints speak the RFCs to any OAuth client)." },
  ),
  OAuthConsentRequest: closedObject({
    client_name: { type: 'string', description: 'As the app registered it (or its redirect host when it gave none).' },
    client_uri: nullable(url),
    redirect_host: { type: 'string', description: 'Where the answer goes: host and port of the redirect URI.' },
    scope: { ...scope, description: 'The highest scope the app asked for (preselected).' },
  }),
  OAuthConsentAnswer: closedObject({
    redirect_url: { ...url, description: "Where to send the browser: the app's redirect URI with code (or error) and state." },
  }),
  Connection: closedObject({
    id: uuid,
    client_name: { type: 'string' },
    client_uri: nullable(url),
    redirect_host: { type: 'string' },
    scope,
    created_at: timestamp,
    last_used_at: nullable({ ...timestamp, description: 'Kept to the minute.' }),
  }),
  ConnectionList: closedObject({ connections: { type: 'array', items: ref('Connection'), description: 'Newest first.' } }),
};
