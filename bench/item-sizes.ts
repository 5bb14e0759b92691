import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { localClient } from '../local/dynamodb-local';
import { accountKey } from '#shared/store/accounts';
import { apiKeyLookupKey } from '#shared/store/api-keys';
import { postKey } from '#shared/store/posts';
import { profileKey } from '#shared/store/profiles';
import { usageCounterKey } from '#shared/store/usage-counters';
import { usageMonth } from '#shared/domain/usage-month';
import type { BenchAccount } from './fixtures';
import { itemSize } from './item-size';

/** Billable sizes (bytes) of real items read back from the table. */
export interface ItemSizes {
  postCreated: number;
  postPublished: number;
  profileBluesky: number;
  profileLinkedin: number;
  account: number;
  apiKeyLookup: number;
  usageCounter: number;
}

export async function measureItemSizes(
  endpoint: string,
  tableName: string,
  input: { account: BenchAccount; createdPostId: string; publishedPostId: string },
): Promise<ItemSizes> {
  const client = localClient(endpoint);
  const sizeOf = async (key: Record<string, string>): Promise<number> => {
    const { Item } = await client.send(new GetItemCommand({ TableName: tableName, Key: marshall(key), ConsistentRead: true }));
    if (!Item) throw new Error(`item ${JSON.stringify(key)} not found`);
    return itemSize(Item);
  };
  try {
    const { accountId, keyHash } = input.account;
    return {
      postCreated: await sizeOf(postKey(input.createdPostId)),
      postPublished: await sizeOf(postKey(input.publishedPostId)),
      profileBluesky: await sizeOf(profileKey(accountId, 'bluesky')),
      profileLinkedin: await sizeOf(profileKey(accountId, 'linkedin')),
      account: await sizeOf(accountKey(accountId)),
      apiKeyLookup: await sizeOf(apiKeyLookupKey(keyHash)),
      usageCounter: await sizeOf(usageCounterKey(accountId, usageMonth(new Date()).month)),
    };
  } finally {
    client.destroy();
  }
}
