import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { OAuthClient } from '#shared/oauth/clients';
import { db, tableName } from './client';

/**
 * OAuth clients registered dynamically (RFC 7591), one item each, keyed by the client_id the
 * service issued. Clients named by a metadata document URL are not stored: their document is
 * fetched (and cached briefly in the process, shared/use-cases/oauth/clients.ts).
 */
export const oauthClientKey = (clientId: string) => ({ pk: `OAUTHCLIENT#${clientId}`, sk: 'OAUTHCLIENT' });

export async function putOAuthClient(client: OAuthClient): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...oauthClientKey(client.client_id), type: 'oauth_client', ...client },
      // 128 random bits never collide; the condition only guarantees a client is never overwritten.
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getOAuthClient(clientId: string): Promise<OAuthClient | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: oauthClientKey(clientId) }));
  if (!Item) return undefined;
  return {
    client_id: Item.client_id as string,
    client_name: Item.client_name as string,
    client_uri: (Item.client_uri as string | null) ?? null,
    redirect_uris: Item.redirect_uris as string[],
    source: 'registered',
    created_at: Item.created_at as string,
  };
}
