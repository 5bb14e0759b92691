import type { AuditActor } from '#shared/domain/audit';
import type { RequestState } from './types';

/**
 * What authentication may learn about an OAuth caller (docs/api.md, "OAuth for MCP"): the
 * connection its token belongs to and the client's name. Set by the token authentication; absent
 * for API keys and the dashboard.
 */
export interface OAuthCallerState {
  oauthConnectionId?: string;
  oauthClientName?: string;
}

/**
 * Who the audit trail names for a request (docs/api.md, "Audit trail"): the OAuth client by its
 * connection, else the API key by id and the name it had then, else the dashboard's signed-in
 * owner (the account id, no name). The one place this mapping is made.
 */
export function auditActorOf(state: Pick<RequestState, 'accountId' | 'apiKeyId' | 'apiKeyName'> & OAuthCallerState): AuditActor {
  if (state.oauthConnectionId) return { type: 'oauth_client', id: state.oauthConnectionId, name: state.oauthClientName ?? null };
  if (state.apiKeyId) return { type: 'api_key', id: state.apiKeyId, name: state.apiKeyName ?? null };
  return { type: 'dashboard', id: state.accountId ?? '', name: null };
}
