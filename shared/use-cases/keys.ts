import { apiKeyPrefix, generateApiKeyValue, hashApiKey } from '#shared/domain/api-key-values';
import { newId } from '#shared/domain/ids';
import { DomainError } from '#shared/domain/errors';
import { clock } from '#shared/ports/clock';
import { deleteApiKey, listApiKeys, putApiKey, type ApiKey } from '#shared/store/api-keys';

/** Creates a key; the returned value is the only time it exists outside the caller's hands. */
export async function createApiKey(accountId: string, name: string): Promise<{ key: ApiKey; apiKey: string }> {
  const value = generateApiKeyValue();
  const key: ApiKey = {
    id: newId(),
    name,
    prefix: apiKeyPrefix(value),
    created_at: clock.now().toISOString(),
    last_used_at: null,
  };
  await putApiKey(accountId, key, hashApiKey(value));
  return { key, apiKey: value };
}

export const listAccountApiKeys = (accountId: string): Promise<ApiKey[]> => listApiKeys(accountId);

/** Deletes a key of the account: it fails on the very next request. Unknown key: NOT_FOUND. */
export async function deleteAccountApiKey(accountId: string, keyId: string): Promise<void> {
  if (!(await deleteApiKey(accountId, keyId))) throw new DomainError('NOT_FOUND', {}, { message: 'API key not found' });
}
