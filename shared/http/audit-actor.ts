import type { AuditActor } from '#shared/domain/audit';
import { actorOf } from '#shared/use-cases/oauth/connections';
import type { RequestState } from './types';

/**
 * Who the audit trail names for a request (docs/api.md, "Audit trail"): the OAuth client by its
 * connection (set by the token authentication), else the API key by id and the name it had then,
 * else the dashboard's signed-in owner (the account id, no name).
 */
export function auditActorOf(state: Pick<RequestState, 'accountId' | 'apiKeyId' | 'apiKeyName' | 'oauth'>): AuditActor {
  return actorOf(state.accountId ?? '', state);
}
