import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Media } from '#shared/domain/media';
import { accountKey } from './accounts';
import { db, tableName } from './client';
import { newMediaItem } from './media';
import { toEpochSeconds } from './table';
import { cancellationReasons, ignoreConditionFailure } from './transaction-errors';

/**
 * The account's uploads declared and not yet completed (docs/api.md, "Quotas"), in one item beside
 * the account: a string set `pending` of `mediaId|size_bytes|expiry epoch seconds` and their total
 * `pending_bytes`. A declaration adds its entry in the transaction that stores the media, on
 * condition that the set is under the count limit and the total stays under the byte limit, so
 * concurrent declarations never pass either. Completing or deleting the media takes its entry
 * out (on condition it is there, so the total stays exact); an entry whose media expired is
 * cleared by the next declaration that finds the quota full. So a lost release costs a place for
 * 24 hours at most, never for ever.
 */
export const pendingUploadsKey = (accountId: string) => ({ pk: accountKey(accountId).pk, sk: 'PENDINGUPLOADS' });

export interface PendingEntry {
  value: string;
  mediaId: string;
  bytes: number;
  expiresAt: number;
}

/** The entry of media awaiting upload: its expiry is fixed at creation (attaching needs it ready). */
export function pendingEntryOf(media: Pick<Media, 'id' | 'size_bytes' | 'expires_at'>): string {
  return `${media.id}|${media.size_bytes}|${toEpochSeconds(new Date(media.expires_at ?? 0))}`;
}

function parseEntry(value: string): PendingEntry {
  const [mediaId = '', bytes = '0', expiresAt = '0'] = value.split('|');
  return { value, mediaId, bytes: Number(bytes), expiresAt: Number(expiresAt) };
}

export interface PendingLimits {
  count: number;
  bytes: number;
}

/**
 * Stores new media awaiting upload and counts it as pending, in one transaction; a refusal is the
 * cancelled transaction, read with `pendingAtRefusal`.
 */
export async function putPendingMedia(media: Media, limits: PendingLimits): Promise<void> {
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName,
            Key: pendingUploadsKey(media.account_id),
            UpdateExpression: 'ADD pending :entry, pending_bytes :bytes SET #type = :type',
            ConditionExpression:
              '(attribute_not_exists(pending) OR size(pending) < :count) AND (attribute_not_exists(pending_bytes) OR pending_bytes <= :room)',
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: {
              ':entry': new Set([pendingEntryOf(media)]),
              ':bytes': media.size_bytes,
              ':type': 'pending_uploads',
              ':count': limits.count,
              ':room': limits.bytes - media.size_bytes,
            },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        { Put: { TableName: tableName, Item: newMediaItem(media), ConditionExpression: 'attribute_not_exists(pk)' } },
      ],
    }),
  );
}

/** The pending entries a cancelled declaration found (ALL_OLD), or undefined when the quota item was not the cause. */
export function pendingAtRefusal(error: unknown): PendingEntry[] | undefined {
  const reason = cancellationReasons(error)?.[0];
  if (!reason?.conditionFailed) return undefined;
  const pending = reason.item?.pending;
  return pending instanceof Set ? [...(pending as Set<string>)].map(parseEntry) : [];
}

/** Takes entries out of the pending set (released or expired); a no-op for any that another request took out first. */
export async function releasePending(accountId: string, entries: readonly string[]): Promise<void> {
  if (entries.length === 0) return;
  const parsed = entries.map(parseEntry);
  const names = parsed.map((_, index) => `:e${index}`);
  await db
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: pendingUploadsKey(accountId),
        UpdateExpression: 'DELETE pending :entries ADD pending_bytes :minus',
        // Every entry still there, so the total goes down by exactly what leaves.
        ConditionExpression: names.map((name) => `contains(pending, ${name})`).join(' AND '),
        ExpressionAttributeValues: {
          ':entries': new Set(entries),
          ':minus': -parsed.reduce((sum, entry) => sum + entry.bytes, 0),
          ...Object.fromEntries(names.map((name, index) => [name, entries[index]])),
        },
      }),
    )
    .catch(ignoreConditionFailure);
}
