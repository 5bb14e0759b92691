import type { AuditActor } from '#shared/domain/audit';
import type { RequestState } from '#shared/http/types';

/**
 * Who made a change, for the audit trail, from what authentication put on the request: the API key
 * (its id and name), or the dashboard's owner. A local mapping until the shared one lands (the
 * lead unifies them with the OAuth client's).
 */
export function actorOf(state: RequestState, accountId: string): AuditActor {
  if (state.apiKeyId) return { type: 'api_key', id: state.apiKeyId, name: state.apiKeyName ?? null };
  return { type: 'dashboard', id: accountId, name: null };
}
