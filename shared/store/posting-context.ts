import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { VALID_PLATFORMS, type Platform } from '#shared/domain/platforms';
import { accountKey, type Account } from './accounts';
import { db, tableName } from './client';
import { profileKey, type ProfileItem } from './profiles';
import { usageCounterKey } from './usage-counters';

/** What post creation needs to know before its transaction, read in one strongly consistent round trip. */
export interface PostingContext {
  account: Account | undefined;
  profiles: Partial<Record<Platform, ProfileItem>>;
  used: number;
}

export async function readPostingContext(accountId: string, month: string): Promise<PostingContext> {
  const keys = [
    accountKey(accountId),
    usageCounterKey(accountId, month),
    ...VALID_PLATFORMS.map((platform) => profileKey(accountId, platform)),
  ];
  const context: PostingContext = { account: undefined, profiles: {}, used: 0 };
  let pending: Record<string, unknown>[] | undefined = keys;
  while (pending?.length) {
    const output: BatchGetCommandOutput = await db.send(
      new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ConsistentRead: true } } }),
    );
    const { Responses, UnprocessedKeys } = output;
    for (const item of Responses?.[tableName] ?? []) {
      if (item.sk === 'ACCOUNT') context.account = item as Account;
      else if (String(item.sk).startsWith('USAGE#')) context.used = item.used as number;
      else if (String(item.sk).startsWith('PROFILE#')) context.profiles[item.platform as Platform] = item as ProfileItem;
    }
    pending = UnprocessedKeys?.[tableName]?.Keys;
  }
  return context;
}
