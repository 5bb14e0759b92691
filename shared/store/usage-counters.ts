import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { accountKey } from './accounts';

/**
 * Monthly usage counter: one item per account and UTC month, incremented inside the post
 * creation transaction under `used < limit` (see posts store).
 */
export const usageCounterKey = (accountId: string, month: string) => ({ pk: accountKey(accountId).pk, sk: `USAGE#${month}` });

export async function getUsedCount(accountId: string, month: string): Promise<number> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: usageCounterKey(accountId, month), ConsistentRead: true }),
  );
  return (Item?.used as number | undefined) ?? 0;
}
