import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { accountKey } from './accounts';
import { db, tableName } from './client';
import { cancellationReasons, isConditionFailure } from './transaction-errors';

/**
 * Owner logins: the dashboard's email + password of an account. The item is keyed by the
 * normalised email, so one GetItem finds the login at sign-in and the conditional put makes
 * an email belong to one account only. The account item carries `owner_email` back to it
 * (one login per account), written in the same transaction.
 */
export interface OwnerLogin {
  email: string;
  account_id: string;
  /** `scrypt$N$r$p$salt$hash` (shared/domain/passwords.ts); never returned or logged. */
  password_hash: string;
  created_at: string;
  password_changed_at: string;
}

export const ownerLoginKey = (email: string) => ({ pk: `LOGIN#${email}`, sk: 'LOGIN' });

/** Why a login could not be created. */
export class OwnerLoginConflict extends Error {
  constructor(readonly reason: 'email-taken' | 'account-has-login' | 'no-account') {
    super(reason);
    this.name = 'OwnerLoginConflict';
  }
}

export async function createOwnerLogin(login: OwnerLogin): Promise<void> {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName,
              Item: { ...ownerLoginKey(login.email), type: 'owner_login', ...login },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: tableName,
              Key: accountKey(login.account_id),
              UpdateExpression: 'SET owner_email = :email',
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(owner_email)',
              ExpressionAttributeValues: { ':email': login.email },
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            },
          },
        ],
      }),
    );
  } catch (error) {
    const [emailItem, account] = cancellationReasons(error) ?? [];
    if (emailItem?.conditionFailed) throw new OwnerLoginConflict('email-taken');
    if (account?.conditionFailed) throw new OwnerLoginConflict(account.item ? 'account-has-login' : 'no-account');
    throw error;
  }
}

export async function getOwnerLogin(email: string): Promise<OwnerLogin | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: ownerLoginKey(email), ConsistentRead: true }));
  if (!Item) return undefined;
  return {
    email: Item.email as string,
    account_id: Item.account_id as string,
    password_hash: Item.password_hash as string,
    created_at: Item.created_at as string,
    password_changed_at: Item.password_changed_at as string,
  };
}

/** Replaces the password hash of the account's login; false when the login is not this account's. */
export async function updatePasswordHash(email: string, accountId: string, passwordHash: string, at: string): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: ownerLoginKey(email),
        UpdateExpression: 'SET password_hash = :hash, password_changed_at = :at',
        ConditionExpression: 'account_id = :account',
        ExpressionAttributeValues: { ':hash': passwordHash, ':at': at, ':account': accountId },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Replaces a hash by the same password's hash at the current cost (after a successful sign-in);
 * only if the stored hash is still the one that was verified, so a password changed meanwhile
 * is never overwritten. Not a password change: password_changed_at and sessions stay.
 */
export async function replaceOutdatedHash(email: string, verifiedHash: string, newHash: string): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: ownerLoginKey(email),
        UpdateExpression: 'SET password_hash = :new',
        ConditionExpression: 'password_hash = :old',
        ExpressionAttributeValues: { ':new': newHash, ':old': verifiedHash },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
