import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '#shared/domain/platforms';
import type { AuthorChoice } from '#shared/domain/profile-author';
import type { AuditActor } from '#shared/domain/audit';
import { db, tableName } from './client';
import { TTL_ATTRIBUTE, isExpired, toEpochSeconds } from './table';
import { isConditionFailure } from './transaction-errors';

/**
 * OAuth states: one item per authorization started, keyed by the SHA-256 of the state so a
 * table read never yields a usable state. Single use: consuming is one conditional delete
 * that returns the item, so of two callbacks racing with one state only one gets it.
 * DynamoDB's TTL removes abandoned states eventually; the expiry is checked in code. The
 * browser that opens the start URL binds the state to itself once (`nonce_hash`, the SHA-256 of
 * its nonce cookie), and only that nonce consumes it (docs/api.md, "LinkedIn OAuth").
 */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

export interface OAuthState {
  account_id: string;
  platform: Platform;
  return_url?: string;
  /** Who the LinkedIn profile will post as; absent: the member (docs/api.md, "LinkedIn pages"). */
  author?: AuthorChoice;
  /** Who started the authorization: the audit trail names them when the callback connects the profile (docs/api.md, "Audit trail"). */
  actor?: AuditActor;
  created_at: string;
  /** Bluesky: the user's PDS sign-in URL (its pushed request), where the start URL sends the browser. */
  location?: string;
  /** Set when a browser opened the start URL: the hash of that browser's nonce cookie. */
  nonce_hash?: string;
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

/**
 * Binds a live state to the browser that opened the start URL, once: the state, or undefined when
 * it is unknown, used, expired or already bound to a browser.
 */
export async function bindOAuthStateToBrowser(stateHash: string, nonceHash: string, now: Date): Promise<OAuthState | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: oauthStateKey(stateHash),
        UpdateExpression: 'SET nonce_hash = :nonce',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(nonce_hash) AND #ttl > :now',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':nonce': nonceHash, ':now': toEpochSeconds(now) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes as OAuthState;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Takes the state out of the table, only for the browser it is bound to; undefined when unknown,
 * already used, expired, never opened by a browser or bound to another one (then it stays for
 * its own browser).
 */
export async function consumeOAuthState(stateHash: string, nonceHash: string, now: Date): Promise<OAuthState | undefined> {
  try {
    const { Attributes } = await db.send(
      new DeleteCommand({
        TableName: tableName,
        Key: oauthStateKey(stateHash),
        ConditionExpression: 'attribute_exists(pk) AND nonce_hash = :nonce',
        ExpressionAttributeValues: { ':nonce': nonceHash },
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
