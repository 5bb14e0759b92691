import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '#shared/domain/platforms';
import { db, tableName } from './client';
import { TTL_ATTRIBUTE, isExpired } from './table';
import { isConditionFailure } from './transaction-errors';

/**
 * OAuth states: one item per authorization started, keyed by the SHA-256 of the state so a
 * table read never yields a usable state. Single use: consuming is one conditional delete
 * that returns the item, so of two callbacks racing with one state only one gets it.
 * DynamoDB's TTL removes abandoned states eventually; the expiry is checked in code.
 */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

export interface OAuthState {
  account_id: string;
  platform: Platform;
  return_url?: string;
  created_at: string;
  [TTL_ATTRIBUTE]: number;
}

export const oauthStateKey = (stateHash: string) => ({ pk: `OAUTHSTATE#${stateHash}`, sk: 'OAUTHSTATE' });

export async function putOAuthState(stateHash: string, state: OAuthState): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...oauthStateKey(stateHash), type: 'oauth_state', ...state },
      // 256 random bits never collide; the condition only guarantees a state is never overwritten.
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Takes the state out of the table; undefined when unknown, already used or expired. */
export async function consumeOAuthState(stateHash: string, now: Date): Promise<OAuthState | undefined> {
  try {
    const { Attributes } = await db.send(
      new DeleteCommand({
        TableName: tableName,
        Key: oauthStateKey(stateHash),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_OLD',
      }),
    );
    const state = Attributes as OAuthState | undefined;
    // An expired state is deleted all the same: it can never be used again.
    return state && !isExpired(state, now) ? state : undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
