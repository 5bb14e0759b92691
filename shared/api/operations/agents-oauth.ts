import { decideOAuthRequestSchema } from '#shared/http/endpoints/decide-oauth-request/schema';
import { oauthRequestQuerySchema } from '#shared/http/endpoints/get-oauth-request/schema';
import type { Schema } from '#shared/http/validation';
import type { OperationEntry } from '../operation';

/**
 * OAuth 2.1 for the MCP server (docs/api.md, "Connecting an agent with OAuth"; contract section 18):
 * discovery, registration, authorization with the dashboard's consent page, tokens. The protocol
 * endpoints are `auth: 'none'` on purpose: an OAuth client reaches them before it holds anything
 * (the token endpoint authenticates by the code or refresh token itself, PKCE for public clients);
 * their bodies are the RFCs' (`protocolBody`) and their errors OAuth's (`oauthErrors`).
 */
const base = 'https://api.example.com/v1';
const asMetadata = {
  issuer: base,
  authorization_endpoint: `${base}/oauth/authorize`,
  token_endpoint: `${base}/oauth/token`,
  registration_endpoint: `${base}/oauth/register`,
  revocation_endpoint: `${base}/oauth/revoke`,
  scopes_supported: ['read', 'draft', 'write'],
  response_types_supported: ['code'],
  grant_types_supported: ['authorization_code', 'refresh_token'],
  code_challenge_methods_supported: ['S256'],
  token_endpoint_auth_methods_supported: ['none'],
  revocation_endpoint_auth_methods_supported: ['none'],
  client_id_metadata_document_supported: true,
};
const prMetadata = {
  resource: `${base}/mcp`,
  authorization_servers: [base],
  scopes_supported: ['read', 'draft', 'write'],
  bearer_methods_supported: ['header'],
};
const text = (description: string, example: string) => ({ type: 'string', description, example });
const form = (schema: Schema) => ({ 'application/x-www-form-urlencoded': schema, 'application/json': schema });

const tokenBody: Schema = {
  type: 'object',
  required: ['grant_type', 'client_id'],
  properties: {
    grant_type: { type: 'string', enum: ['authorization_code', 'refresh_token'], example: 'authorization_code' },
    client_id: text('The client_id from registration (or the metadata document URL).', 'spc_Qm9vc3RlZC1jbGllbnQtaW'),
    code: text('authorization_code: the code from the redirect.', 'spac_…'),
    redirect_uri: text('authorization_code: the redirect URI of the authorization request.', 'http://127.0.0.1:8976/callback'),
    code_verifier: text('authorization_code: the PKCE verifier.', 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'),
    refresh_token: text('refresh_token: the latest refresh token (each is single use).', 'sprt_…'),
    resource: text('Optional (RFC 8707): must be the resource of the grant.', `${base}/mcp`),
    scope: text('Optional on refresh: must be the granted scope.', 'draft'),
  },
};
const registrationBody: Schema = {
  type: 'object',
  required: ['redirect_uris'],
  properties: {
    redirect_uris: {
      type: 'array',
      items: { type: 'string' },
      description: '1 to 10: https, or http on a loopback host.',
      example: ['http://127.0.0.1:8976/callback'],
    },
    client_name: text('Shown on the consent page and in Connections (at most 100 characters).', 'Claude'),
    client_uri: text('The app’s home page (https).', 'https://claude.ai'),
    token_endpoint_auth_method: { type: 'string', enum: ['none'], example: 'none' },
    grant_types: { type: 'array', items: { type: 'string', enum: ['authorization_code', 'refresh_token'] } },
    response_types: { type: 'array', items: { type: 'string', enum: ['code'] } },
  },
};
const queryParameter = (name: string, description: string) => ({ name, description, schema: { type: 'string' } });

export const agentOAuthOperations: Record<string, OperationEntry> = {
  'get-protected-resource-metadata': {
    method: 'GET',
    path: '/.well-known/oauth-protected-resource',
    auth: 'none',
    tag: 'OAuth',
    summary: 'Protected-resource metadata (RFC 9728)',
    description:
      'The MCP endpoint as an OAuth protected resource: the resource (the audience of every token), its authorization server, the scopes.',
    success: { status: 200, description: 'The metadata.', schema: 'ProtectedResourceMetadata', example: prMetadata },
    errors: [],
  },
  'get-mcp-resource-metadata': {
    method: 'GET',
    path: '/.well-known/oauth-protected-resource/mcp',
    auth: 'none',
    tag: 'OAuth',
    summary: 'Protected-resource metadata of /mcp (RFC 9728, at the resource path)',
    description:
      'The same document at the resource’s own path, where a 401 from /mcp points (`WWW-Authenticate: Bearer ' +
      'resource_metadata="…/.well-known/oauth-protected-resource/mcp"`).',
    success: { status: 200, description: 'The metadata.', schema: 'ProtectedResourceMetadata', example: prMetadata },
    errors: [],
  },
  'get-authorization-server-metadata': {
    method: 'GET',
    path: '/.well-known/oauth-authorization-server',
    auth: 'none',
    tag: 'OAuth',
    summary: 'Authorization-server metadata (RFC 8414)',
    description: 'This service as the authorization server of its MCP endpoint: its endpoints and what it supports.',
    success: { status: 200, description: 'The metadata.', schema: 'AuthorizationServerMetadata', example: asMetadata },
    errors: [],
  },
  'register-oauth-client': {
    method: 'POST',
    path: '/oauth/register',
    auth: 'none',
    tag: 'OAuth',
    summary: 'Register an OAuth client (RFC 7591)',
    description:
      'Dynamic registration of a public client (`token_endpoint_auth_method: "none"`; PKCE protects its codes). Redirect URIs: ' +
      'https, or http on 127.0.0.1, [::1] or localhost. Errors are RFC 7591’s: `invalid_redirect_uri`, `invalid_client_metadata`.',
    protocolBody: { description: 'RFC 7591 client metadata, JSON.', content: { 'application/json': registrationBody } },
    success: {
      status: 201,
      description: 'Registered.',
      schema: 'OAuthClientRegistration',
      headers: ['cache-control'],
      example: {
        client_id: 'spc_Qm9vc3RlZC1jbGllbnQtaW',
        client_id_issued_at: 1795000000,
        client_name: 'Claude',
        redirect_uris: ['http://127.0.0.1:8976/callback'],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    },
    errors: [],
    oauthErrors: [400],
  },
  'authorize-oauth': {
    method: 'GET',
    path: '/oauth/authorize',
    auth: 'none',
    // A client named by its metadata document's URL is fetched from there (up to 5 s).
    deadline: 'outbound',
    tag: 'OAuth',
    summary: 'Start an authorization (reached by the browser)',
    description:
      'Authorization code with PKCE (S256 only) and the `resource` parameter (RFC 8707: `{PUBLIC_BASE_URL}/mcp`, the default). ' +
      'An unknown client or a redirect URI it did not register: the dashboard’s page shows the error (the redirect URI is not ' +
      'trusted). Any other problem goes back to the redirect URI as `error=` with the `state`. A good request goes on to the ' +
      'dashboard’s consent page (`/dashboard/authorize`), through sign-in when needed; Allow sends the browser back with `code` ' +
      '(single use, 60 s) and `state`.',
    parameters: [
      queryParameter('response_type', '`code`.'),
      queryParameter('client_id', 'The registered client_id, or the https URL of a client ID metadata document.'),
      queryParameter('redirect_uri', 'One the client registered (exact; a loopback http URI may change its port).'),
      queryParameter('code_challenge', 'PKCE: base64url SHA-256 of the verifier.'),
      queryParameter('code_challenge_method', '`S256`.'),
      queryParameter('state', 'Returned as is.'),
      queryParameter('scope', 'Space-separated, of read, draft, write (default draft); the person chooses the one granted.'),
      queryParameter('resource', '`{PUBLIC_BASE_URL}/mcp`.'),
    ],
    success: {
      status: 302,
      description: 'To the consent page, or back to the app with `error`.',
      headers: ['location', 'cache-control', 'referrer-policy'],
    },
    errors: [],
  },
  'oauth-token': {
    method: 'POST',
    path: '/oauth/token',
    auth: 'none',
    tag: 'OAuth',
    summary: 'Exchange a code or a refresh token for tokens',
    description:
      '`authorization_code`: the code once (a code used twice revokes what it issued), from the same client and redirect URI, ' +
      'with the PKCE verifier. `refresh_token`: rotating (each refresh token is single use; one used twice revokes the whole ' +
      'connection). The access token lasts 1 hour and is valid at `/mcp` only (its audience); the refresh token 30 days. ' +
      'Errors: `invalid_request`, `invalid_grant`, `unsupported_grant_type`, `invalid_target`, `invalid_scope`.',
    protocolBody: { description: 'Form-encoded (RFC 6749 section 4.1.3); JSON is taken too.', content: form(tokenBody) },
    success: {
      status: 200,
      description: 'The tokens.',
      schema: 'OAuthTokens',
      headers: ['cache-control'],
      example: {
        access_token: 'spat_Jq2sV6mXw1cP0o9nT4rY8uE3iA5dF7gH2jK6lZ0xC1v',
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: 'sprt_Yt7wQ2eR9uI4oP1aS6dF3gH8jK5lZ0xC2vB7nM4qW1e',
        scope: 'draft',
      },
    },
    errors: [],
    oauthErrors: [400],
  },
  'revoke-oauth-token': {
    method: 'POST',
    path: '/oauth/revoke',
    auth: 'none',
    tag: 'OAuth',
    summary: 'Revoke a token (RFC 7009)',
    description:
      'An access token stops at once; a refresh token revokes its connection (every token of it). 200 whether or not the token ' +
      'was known; `invalid_request` without `token`.',
    protocolBody: {
      description: 'Form-encoded; JSON is taken too.',
      content: form({
        type: 'object',
        required: ['token'],
        properties: {
          token: text('An access or refresh token.', 'sprt_…'),
          token_type_hint: text('Optional; not needed.', 'refresh_token'),
          client_id: text('Optional: the client the token was issued to.', 'spc_Qm9vc3RlZC1jbGllbnQtaW'),
        },
      }),
    },
    success: { status: 200, description: 'Revoked (or unknown).', headers: ['cache-control'] },
    errors: [],
    oauthErrors: [400],
  },
  'get-oauth-request': {
    method: 'GET',
    path: '/dashboard/api/oauth/request',
    auth: 'session',
    tag: 'Dashboard',
    summary: 'An authorization request waiting for consent',
    description:
      'What the consent page shows: the app’s name and address, where the answer goes, the scope it asked for. `request` is ' +
      'the secret in the consent page’s URL (10 minutes, single use); unknown, used or expired: NOT_FOUND.',
    query: oauthRequestQuerySchema,
    success: {
      status: 200,
      description: 'The request.',
      schema: 'OAuthConsentRequest',
      example: { client_name: 'Claude', client_uri: 'https://claude.ai', redirect_host: 'claude.ai', scope: 'draft' },
    },
    errors: ['NOT_FOUND'],
  },
  'decide-oauth-request': {
    method: 'POST',
    path: '/dashboard/api/oauth/decision',
    auth: 'session',
    tag: 'Dashboard',
    summary: 'Allow or deny an app',
    description:
      'Allow: the connection is created with the chosen scope (read, draft or write; never admin) and a single-use code (60 s) ' +
      'for the app; deny: the request ends. Either way, where to send the browser (the app’s redirect URI with `code` or ' +
      '`error=access_denied`, and `state`).',
    body: decideOAuthRequestSchema,
    success: {
      status: 200,
      description: 'Where the browser goes next.',
      schema: 'OAuthConsentAnswer',
      example: { redirect_url: 'http://127.0.0.1:8976/callback?code=spac_…&state=af0ifjsldkj&iss=https%3A%2F%2Fapi.example.com%2Fv1' },
    },
    errors: ['NOT_FOUND'],
  },
};
