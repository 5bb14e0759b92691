import { apiKeyPrefix, generateApiKeyValue, hashApiKey } from '#shared/domain/api-key-values';
import { newId } from '#shared/domain/ids';
import { DEFAULT_KEY_SCOPE, type KeyScope } from '#shared/domain/key-scopes';
import { DomainError } from '#shared/domain/errors';
import type { AuditActor } from '#shared/domain/audit';
import { auditPutItem } from '#shared/store/audit-log';
import { quotaExceeded } from '#shared/domain/quotas';
import { config } from '#shared/config';
import { clock } from '#shared/ports/clock';
import { retryOnConflict } from './store-retries';
import { sealedResponseField } from './sealed-response-field';
import { deleteApiKey, listApiKeys, putApiKey, type ApiKey } from '#shared/store/api-keys';

/**
 * Creates a key; the returned value is the only time it exists outside the caller's hands. Every
 * way of making one (the API, the dashboard, the admin command, a new account's first key) comes
 * here, so all count against the account's key quota (docs/api.md, "Quotas"): at the limit,
 * 409 QUOTA_EXCEEDED and nothing written.
 */
export async function createApiKey(
  accountId: string,
  name: string,
  scope: KeyScope = DEFAULT_KEY_SCOPE,
  /** Who creates it, for the audit trail (docs/api.md, "Audit trail"); none for the operator's admin command. */
  actor?: AuditActor,
): Promise<{ key: ApiKey; apiKey: string }> {
  const value = generateApiKeyValue();
  const key: ApiKey = {
    id: newId(),
    name,
    prefix: apiKeyPrefix(value),
    scope,
    created_at: clock.now().toISOString(),
    last_used_at: null,
  };
  const limit = config.quotas.keys;
  // Real DynamoDB cancels concurrent transactions on the one counter both ways: try again.
  const audit =
    actor &&
    auditPutItem(accountId, { actor, action: 'key.created', target: { type: 'key', id: key.id }, details: { name, scope } }, clock.now());
  const stored = await retryOnConflict(8, 'the key count kept changing', () => putApiKey(accountId, key, hashApiKey(value), limit, audit));
  if (!stored) throw quotaExceeded('keys', limit);
  return { key, apiKey: value };
}

export const listAccountApiKeys = (accountId: string): Promise<ApiKey[]> => listApiKeys(accountId);

/** Deletes a key of the account: it fails on the very next request. Unknown key: NOT_FOUND. */
export async function deleteAccountApiKey(accountId: string, keyId: string, actor?: AuditActor): Promise<void> {
  const audit = actor
    ? (key: ApiKey) =>
        auditPutItem(
          accountId,
          { actor, action: 'key.deleted', target: { type: 'key', id: key.id }, details: { name: key.name, scope: key.scope } },
          clock.now(),
        )
    : undefined;
  const deleted = await retryOnConflict(8, 'the key count kept changing', () => deleteApiKey(accountId, keyId, audit));
  if (!deleted) throw new DomainError('NOT_FOUND', {}, { message: 'API key not found' });
}

/**
 * POST /keys honours idempotency-key (docs/api.md, "Idempotency"): a client that lost the answer
 * and repeats the request must get the same key, not a second full-power key it never saw. The
 * table keeps only the value's hash, so the idempotency record (24 h) keeps the value sealed by
 * the secret box, bound to the account and the key, and a replay opens it (
 * docs/decisions/0032-secrets-shown-once-replayable.md).
 */
export const createdKeyCodec = sealedResponseField<{ key: { id: string } }>('api_key', (body, accountId) => ({
  account_id: accountId,
  api_key_id: body.key.id,
}));
