import type { Caller } from '#shared/domain/drafts';
import type { PostCreator } from '#shared/domain/post';
import { getApiKey } from '#shared/store/api-keys';

/** Who creates a post, as the post records it (docs/api.md, "Drafts"): the key by id and its name now, or the dashboard. */
export async function postCreator(accountId: string, caller: Caller): Promise<PostCreator> {
  if (caller.connection)
    return { type: 'oauth_client', connection_id: caller.connection.connectionId, client_name: caller.connection.clientName };
  if (!caller.apiKeyId) return { type: 'dashboard', key_id: null, key_name: null };
  // Keys made before the name was kept on their lookup item cost one read.
  const name = caller.apiKeyName ?? (await getApiKey(accountId, caller.apiKeyId))?.name ?? null;
  return { type: 'api_key', key_id: caller.apiKeyId, key_name: name };
}
