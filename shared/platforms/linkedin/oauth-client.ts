import { config } from '#shared/config';
import { DomainError } from '#shared/domain/errors';
import type { AuthorChoice } from '#shared/domain/profile-author';
import { linkedinClientSecret } from './client-secret';
import { LinkedInNetworkError, linkedinRequest, parseErrorBody, type LinkedInResponse } from './http';

/**
 * LinkedIn's OAuth 2.0 authorization-code flow with OpenID Connect (docs/api.md, "LinkedIn OAuth"):
 * the authorization URL, the code exchange and the member's identity. LinkedIn refusing
 * (bad or expired code) is OAUTH_ERROR; LinkedIn down, slow or 5xx is SERVICE_UNAVAILABLE.
 */
export const LINKEDIN_SCOPES = ['openid', 'profile', 'w_member_social'] as const;
/** Asked for besides, to post as a page the member administers and to list those pages (docs/api.md, "LinkedIn pages"). */
export const LINKEDIN_PAGE_SCOPES = ['w_organization_social', 'r_organization_admin'] as const;

export const redirectUri = (): string => `${config.publicBaseUrl}/profiles/linkedin/callback`;

function clientId(): string {
  // A deployment without a LinkedIn app cannot connect LinkedIn: say so, as for a platform that is down.
  if (!config.linkedin.clientId) {
    throw new DomainError(
      'SERVICE_UNAVAILABLE',
      {},
      {
        message: 'LinkedIn is not configured on this deployment: the operator must set LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET',
      },
    );
  }
  return config.linkedin.clientId;
}

/** Where the member's browser goes to consent; encodeURIComponent so the scope's spaces are %20. */
export function authorizationUrl(state: string, author: AuthorChoice = 'member'): string {
  const scopes = author === 'organization' ? [...LINKEDIN_SCOPES, ...LINKEDIN_PAGE_SCOPES] : LINKEDIN_SCOPES;
  const query = {
    response_type: 'code',
    client_id: clientId(),
    redirect_uri: redirectUri(),
    scope: scopes.join(' '),
    state,
  };
  const encoded = Object.entries(query).map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
  return `${config.linkedin.oauthBaseUrl}/authorization?${encoded.join('&')}`;
}

/** Text LinkedIn (or a browser) handed us, made safe to echo in `details`: no control characters, bounded. */
export const describeOAuthError = (error: string, description?: string): string =>
  `${error}${description ? `: ${description}` : ''}`.replace(/[\p{Cc}]+/gu, ' ').slice(0, 300);

async function call(url: string, options: Parameters<typeof linkedinRequest>[1]): Promise<LinkedInResponse> {
  try {
    const response = await linkedinRequest(url, options);
    if (response.status >= 500 || response.status === 429) {
      throw new DomainError('SERVICE_UNAVAILABLE', {}, { message: 'LinkedIn is unavailable; retry the connection later' });
    }
    return response;
  } catch (error) {
    if (error instanceof LinkedInNetworkError) {
      throw new DomainError('SERVICE_UNAVAILABLE', {}, { message: 'LinkedIn could not be reached; retry the connection later' });
    }
    throw error;
  }
}

export interface LinkedInToken {
  accessToken: string;
  expiresInSeconds: number;
}

/** Exchanges an authorization code for an access token (a code works once, for minutes). */
export async function exchangeCode(code: string): Promise<LinkedInToken> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri(),
    client_id: clientId(),
    client_secret: await linkedinClientSecret(),
  });
  const response = await call(`${config.linkedin.oauthBaseUrl}/accessToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form.toString(),
    timeoutMs: config.linkedin.timeoutMs,
  });
  const body = parseErrorBody(response.body);
  if (response.status !== 200) {
    const error = typeof body.error === 'string' ? body.error : `http_${response.status}`;
    const description = typeof body.error_description === 'string' ? body.error_description : undefined;
    throw new DomainError('OAUTH_ERROR', { details: describeOAuthError(error, description) });
  }
  const expiresIn = Number(body.expires_in);
  if (typeof body.access_token !== 'string' || !body.access_token || !Number.isFinite(expiresIn) || expiresIn <= 0) {
    throw new DomainError('OAUTH_ERROR', { details: 'LinkedIn returned no usable access token' });
  }
  return { accessToken: body.access_token, expiresInSeconds: expiresIn };
}

export interface LinkedInMember {
  sub: string;
  name?: string;
}

/** Who the token belongs to (OpenID Connect userinfo: `sub`, `name`). */
export async function fetchMember(accessToken: string): Promise<LinkedInMember> {
  const response = await call(`${config.linkedin.apiBaseUrl}/v2/userinfo`, {
    method: 'GET',
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    timeoutMs: config.linkedin.timeoutMs,
  });
  const body = parseErrorBody(response.body);
  if (response.status !== 200) {
    const reason = typeof body.message === 'string' ? body.message : `HTTP ${response.status}`;
    throw new DomainError('OAUTH_ERROR', { details: describeOAuthError('userinfo_failed', reason) });
  }
  if (typeof body.sub !== 'string' || !body.sub) {
    throw new DomainError('OAUTH_ERROR', { details: 'LinkedIn returned no member id (sub)' });
  }
  const name = typeof body.name === 'string' && body.name.trim() ? body.name.trim() : undefined;
  return { sub: body.sub, name };
}
