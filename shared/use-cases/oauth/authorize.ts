import { randomUUID } from 'node:crypto';
import { config } from '#shared/config';
import type { AuditActor } from '#shared/domain/audit';
import { DomainError } from '#shared/domain/errors';
import { OAuthError } from '#shared/oauth/errors';
import { mcpResource } from '#shared/oauth/metadata';
import { CODE_CHALLENGE_PATTERN } from '#shared/oauth/pkce';
import { redirectHost, redirectUriRegistered, withResponseParameters } from '#shared/oauth/redirect-uris';
import { isOAuthScope, requestedScope, type OAuthScope } from '#shared/oauth/scopes';
import { generateOAuthSecret, hashOAuthSecret, isOAuthSecret, LIFETIME_SECONDS } from '#shared/oauth/tokens';
import { clock } from '#shared/ports/clock';
import {
  createConnectionWithCode,
  getAuthorizationRequest,
  putAuthorizationRequest,
  takeAuthorizationRequest,
  type AuthorizationRequest,
} from '#shared/store/oauth-grants';
import { toEpochSeconds } from '#shared/store/table';
import { resolveClient } from './clients';

/** The dashboard's consent page (dashboard/src/pages/authorize.tsx). */
const consentPage = (parameters: Record<string, string>): string =>
  `${config.publicBaseUrl}/dashboard/authorize?${new URLSearchParams(parameters).toString()}`;

export type AuthorizeQuery = Record<string, string | undefined>;

/**
 * GET /oauth/authorize (docs/api.md, "Connecting an agent with OAuth"; docs/decisions/0202-oauth-consent-flow.md).
 * Until the client and its redirect URI are known good, a problem is shown to the person (the
 * consent page with `error`), never sent to an address nobody vouched for; after, it goes back to
 * the client as `error=` on its redirect URI (RFC 6749 section 4.1.2.1). A good request is kept
 * 10 minutes under a secret the consent page carries.
 */
export async function startAuthorization(query: AuthorizeQuery): Promise<string> {
  let client;
  try {
    client = await resolveClient(query.client_id);
  } catch (error) {
    if (error instanceof OAuthError) return consentPage({ error: error.error, error_description: error.description });
    throw error;
  }
  if (!client) return consentPage({ error: 'invalid_client', error_description: 'Unknown client_id.' });
  const redirectUri = query.redirect_uri ?? (client.redirect_uris.length === 1 ? client.redirect_uris[0] : undefined);
  if (!redirectUri || !redirectUriRegistered(redirectUri, client.redirect_uris))
    return consentPage({ error: 'invalid_request', error_description: 'redirect_uri is not one the client registered.' });

  const back = (error: string, description: string) =>
    withResponseParameters(redirectUri, { error, error_description: description, state: query.state, iss: config.publicBaseUrl });
  if (query.response_type !== 'code') return back('unsupported_response_type', 'response_type must be code.');
  if (!query.code_challenge || !CODE_CHALLENGE_PATTERN.test(query.code_challenge))
    return back('invalid_request', 'code_challenge is required (PKCE).');
  if (query.code_challenge_method !== 'S256') return back('invalid_request', 'code_challenge_method must be S256.');
  const resource = query.resource ?? mcpResource(config.publicBaseUrl);
  if (resource !== mcpResource(config.publicBaseUrl))
    return back('invalid_target', `resource must be ${mcpResource(config.publicBaseUrl)}.`);
  const scope = requestedScope(query.scope);
  if (!scope) return back('invalid_scope', 'scope may hold read, draft and write.');
  if (query.state !== undefined && query.state.length > 1000) return back('invalid_request', 'state is too long.');

  const secret = generateOAuthSecret('request');
  const now = clock.now();
  await putAuthorizationRequest(hashOAuthSecret(secret), {
    client_id: client.client_id,
    client_name: client.client_name,
    client_uri: client.client_uri,
    redirect_uri: redirectUri,
    code_challenge: query.code_challenge,
    resource,
    scope,
    ...(query.state !== undefined ? { state: query.state } : {}),
    expires_at_epoch: toEpochSeconds(now) + LIFETIME_SECONDS.request,
  });
  return consentPage({ request: secret });
}

const requestGone = () =>
  new DomainError('NOT_FOUND', {}, { message: 'This authorization request is unknown, used or expired: start again from the app' });

async function liveRequest(secret: string | undefined): Promise<{ hash: string; request: AuthorizationRequest }> {
  if (!isOAuthSecret('request', secret)) throw requestGone();
  const hash = hashOAuthSecret(secret);
  const request = await getAuthorizationRequest(hash, clock.now());
  if (!request) throw requestGone();
  return { hash, request };
}

/** What the consent page shows: who asks, where the answer goes, what it asks for. */
export async function describeAuthorizationRequest(secret: string | undefined) {
  const { request } = await liveRequest(secret);
  return {
    client_name: request.client_name,
    client_uri: request.client_uri,
    redirect_host: redirectHost(request.redirect_uri),
    scope: request.scope,
  };
}

/**
 * The person's answer, from the signed-in dashboard (session and CSRF token): allow with a scope
 * (read, draft or write) creates the connection, its single-use code (60 s, stored hashed, bound
 * to the client, redirect URI, challenge, resource and scope) and the audit entry in one
 * transaction; deny consumes the request. Either way, the URL to send the browser to.
 */
export async function decideAuthorizationRequest(
  accountId: string,
  secret: string | undefined,
  decision: { allow: boolean; scope?: string },
): Promise<string> {
  const { hash, request } = await liveRequest(secret);
  const now = clock.now();
  const answer = (parameters: Record<string, string | undefined>) =>
    withResponseParameters(request.redirect_uri, { ...parameters, state: request.state, iss: config.publicBaseUrl });
  if (!decision.allow) {
    if (!(await takeAuthorizationRequest(hash, now))) throw requestGone();
    return answer({ error: 'access_denied', error_description: 'The account owner declined.' });
  }
  const scope: OAuthScope = decision.scope === undefined ? request.scope : (decision.scope as OAuthScope);
  if (!isOAuthScope(scope)) throw new DomainError('INVALID_FIELD', { field: 'scope' });
  const code = generateOAuthSecret('code');
  const connectionId = randomUUID();
  const actor: AuditActor = { type: 'dashboard', id: accountId, name: null };
  const created = await createConnectionWithCode({
    requestHash: hash,
    now,
    connection: {
      id: connectionId,
      account_id: accountId,
      client_id: request.client_id,
      client_name: request.client_name,
      client_uri: request.client_uri,
      redirect_host: redirectHost(request.redirect_uri),
      scope,
      resource: request.resource,
      created_at: now.toISOString(),
      last_used_at: null,
    },
    codeHash: hashOAuthSecret(code),
    code: {
      account_id: accountId,
      connection_id: connectionId,
      client_id: request.client_id,
      client_name: request.client_name,
      scope,
      resource: request.resource,
      redirect_uri: request.redirect_uri,
      code_challenge: request.code_challenge,
      expires_at_epoch: toEpochSeconds(now) + LIFETIME_SECONDS.code,
    },
    audit: {
      actor,
      action: 'connection.authorized',
      target: { type: 'connection', id: connectionId },
      details: { client_id: request.client_id, client_name: request.client_name, scope },
    },
  });
  if (!created) throw requestGone();
  return answer({ code });
}
