import { config } from '#shared/config';
import { mcpResource } from '#shared/oauth/metadata';
import { hashOAuthSecret, isOAuthSecret } from '#shared/oauth/tokens';
import { countConnectionRequest, getTokenGrant, touchConnection } from '#shared/store/oauth-grants';
import type { OAuthScope } from '#shared/oauth/scopes';

export interface TokenCaller {
  accountId: string;
  connectionId: string;
  clientName: string;
  scope: OAuthScope;
  /** This request's number in the connection's rate-limit window. */
  count: number;
}

/** Whether a bearer value is one of our access tokens (then it is never tried as an API key). */
export const isAccessToken = (value: string): boolean => isOAuthSecret('access', value);

/**
 * An OAuth access token acting as a key of its granted scope (docs/decisions/0204-oauth-tokens-at-mcp-only.md):
 * known, not expired, issued for this resource (the MCP endpoint), and of a connection that still
 * exists; the request is counted in the connection's window, the API key's rate limit, and the
 * connection's last use kept to the minute. Undefined when any of that fails (401).
 */
export async function authenticateAccessToken(value: string, windowStart: number, now: Date): Promise<TokenCaller | undefined> {
  if (!isAccessToken(value)) return undefined;
  const grant = await getTokenGrant(hashOAuthSecret(value), now);
  if (!grant || grant.kind !== 'access' || grant.resource !== mcpResource(config.publicBaseUrl)) return undefined;
  const connection = await countConnectionRequest(grant.account_id, grant.connection_id, windowStart);
  if (!connection) return undefined;
  const lastUsed = connection.last_used_at ? Date.parse(connection.last_used_at) : 0;
  if (now.getTime() - lastUsed >= 60_000) await touchConnection(grant.account_id, grant.connection_id, now);
  return {
    accountId: grant.account_id,
    connectionId: grant.connection_id,
    clientName: connection.client_name,
    scope: connection.scope,
    count: connection.count,
  };
}
