import type { AuditActor } from '#shared/domain/audit';
import { DomainError } from '#shared/domain/errors';
import { clock } from '#shared/ports/clock';
import { deleteConnection, listConnections, type Connection } from '#shared/store/oauth-grants';

/** GET /connections (docs/api.md, "Connections"): each authorized client, newest first. */
export async function listAccountConnections(accountId: string) {
  const connections = await listConnections(accountId);
  return connections
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))
    .map((connection) => ({
      id: connection.id,
      client_name: connection.client_name,
      client_uri: connection.client_uri ?? null,
      redirect_host: connection.redirect_host,
      scope: connection.scope,
      created_at: connection.created_at,
      last_used_at: connection.last_used_at ?? null,
    }));
}

/** Who is calling, as the request state knows it: an API key, an OAuth connection, or else the dashboard's owner. */
export interface ActingCaller {
  apiKeyId?: string;
  apiKeyName?: string;
  oauth?: { connectionId: string; clientName: string };
}

/** The one mapping from a caller to the actor the audit trail names (docs/api.md, "Audit trail"). */
export function actorOf(accountId: string, caller: ActingCaller): AuditActor {
  if (caller.oauth) return { type: 'oauth_client', id: caller.oauth.connectionId, name: caller.oauth.clientName };
  if (caller.apiKeyId) return { type: 'api_key', id: caller.apiKeyId, name: caller.apiKeyName ?? null };
  return { type: 'dashboard', id: accountId, name: null };
}

/** Revokes a connection: every token of it refused from the next request on, and the audit entry beside it. */
export async function revokeConnection(accountId: string, connectionId: string, caller: ActingCaller, reason: string): Promise<void> {
  const actor = actorOf(accountId, caller);
  const deleted = await deleteConnection(
    accountId,
    connectionId,
    { actor, action: 'connection.revoked', target: { type: 'connection', id: connectionId }, details: { reason } },
    clock.now(),
  );
  if (!deleted) throw new DomainError('NOT_FOUND', {}, { message: 'No such connection' });
}

/** The same, for the authorization server's own revocations (a reused code or refresh token): a gone connection is fine. */
export async function revokeConnectionOf(
  grant: Pick<Connection, 'account_id'> & { connection_id: string; client_name?: string },
  reason: string,
) {
  const actor: AuditActor = { type: 'oauth_client', id: grant.connection_id, name: grant.client_name ?? null };
  await deleteConnection(
    grant.account_id,
    grant.connection_id,
    { actor, action: 'connection.revoked', target: { type: 'connection', id: grant.connection_id }, details: { reason } },
    clock.now(),
  );
}
