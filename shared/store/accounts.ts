import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Plan } from '#shared/domain/plans';
import { db, tableName } from './client';

/** Account: the owner of keys, profiles, posts and a monthly counter. */
export interface Account {
  id: string;
  name: string;
  plan: Plan;
  monthly_limit_override: number | null;
  created_at: string;
  /** The owner's dashboard login (shared/store/owner-logins.ts); absent until one is set. */
  owner_email?: string;
}

export const accountKey = (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: 'ACCOUNT' });

const toAccount = (item: Record<string, unknown>): Account => ({
  id: item.id as string,
  name: item.name as string,
  plan: item.plan as Plan,
  monthly_limit_override: (item.monthly_limit_override as number | undefined) ?? null,
  created_at: item.created_at as string,
  ...(typeof item.owner_email === 'string' ? { owner_email: item.owner_email } : {}),
});

export async function putAccount(account: Account): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...accountKey(account.id), type: 'account', ...account },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getAccount(accountId: string): Promise<Account | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: accountKey(accountId), ConsistentRead: true }));
  return Item ? toAccount(Item) : undefined;
}
