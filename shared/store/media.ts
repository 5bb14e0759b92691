import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { toEpochSeconds, TTL_ATTRIBUTE } from './table';
import type { Media } from '#shared/domain/media';
import { ignoreConditionFailure, isConditionFailure } from './transaction-errors';
import { entityFields } from './item-fields';

/**
 * Media: one item per uploaded image, keyed by its id. Unattached media carries the table's TTL
 * (24 h after creation, docs/api.md, "Media"); attaching it to a post (in the post's creation
 * transaction) records the post in `post_ids` and removes the TTL, so the image lives as long
 * as a post uses it.
 */

export const mediaKey = (mediaId: string) => ({ pk: `MEDIA#${mediaId}`, sk: 'MEDIA' });

const toMedia = (item: Record<string, unknown>): Media => entityFields<Media>(item);

/** The item of new media, with the table's TTL at its expiry (put by shared/store/pending-uploads.ts with its quota entry). */
export const newMediaItem = (media: Media): Record<string, unknown> => ({
  ...mediaKey(media.id),
  type: 'media',
  ...media,
  [TTL_ATTRIBUTE]: toEpochSeconds(new Date(media.expires_at!)),
});

/** The account's media, or undefined for an unknown id, another account's, or one past its expiry (TTL deletes lazily). */
export async function getMedia(accountId: string, mediaId: string, now: Date): Promise<Media | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: mediaKey(mediaId), ConsistentRead: true }));
  if (!Item || Item.account_id !== accountId) return undefined;
  const media = toMedia(Item);
  if (media.expires_at !== null && Date.parse(media.expires_at) <= now.getTime()) return undefined;
  return media;
}

/** awaiting_upload → ready with its size and variants; false when it is no longer awaiting (another complete won). */
export async function markMediaReady(
  media: Media,
  ready: { width: number | null; height: number | null; variants: NonNullable<Media['variants']>; duration_seconds?: number },
): Promise<Media | undefined> {
  const duration = ready.duration_seconds === undefined ? {} : { ':duration': ready.duration_seconds };
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: mediaKey(media.id),
        UpdateExpression: `SET #status = :ready, width = :width, height = :height, variants = :variants${ready.duration_seconds === undefined ? '' : ', duration_seconds = :duration'}`,
        ConditionExpression: '#status = :awaiting',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':ready': 'ready',
          ':awaiting': 'awaiting_upload',
          ':width': ready.width,
          ':height': ready.height,
          ':variants': ready.variants,
          ...duration,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toMedia(Attributes!);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * The transaction item that attaches ready media to a post: it must still be this account's,
 * ready and unexpired; its TTL goes, the post joins `post_ids`.
 */
export function attachMediaItem(accountId: string, mediaId: string, postId: string, now: Date) {
  return {
    Update: {
      TableName: tableName,
      Key: mediaKey(mediaId),
      UpdateExpression: 'ADD post_ids :post SET expires_at = :null REMOVE #ttl',
      ConditionExpression: 'account_id = :account AND #status = :ready AND (attribute_not_exists(#ttl) OR #ttl > :now)',
      ExpressionAttributeNames: { '#status': 'status', '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: {
        ':post': new Set([postId]),
        ':null': null,
        ':account': accountId,
        ':ready': 'ready',
        ':now': toEpochSeconds(now),
      },
    },
  };
}

/**
 * A deleted post lets go of its media; media no post uses any more expires 24 h later, as an
 * unattached upload does. Two writes: if the second is lost the image is kept, never lost early.
 */
export async function detachMedia(mediaId: string, postId: string, expiresAt: Date): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: mediaKey(mediaId),
        UpdateExpression: 'DELETE post_ids :post',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':post': new Set([postId]) },
      }),
    )
    .catch(ignoreConditionFailure);
  await db
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: mediaKey(mediaId),
        UpdateExpression: 'SET expires_at = :expires, #ttl = :epoch',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(post_ids)',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':expires': expiresAt.toISOString(), ':epoch': toEpochSeconds(expiresAt) },
      }),
    )
    .catch(ignoreConditionFailure);
}

/** Deletes the media item unless a post started using it meanwhile (then false). */
export async function deleteMediaItem(media: Media, usedBy: string[]): Promise<boolean> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName,
        Key: mediaKey(media.id),
        // Deleted only as read: the same posts (none or only final ones) use it.
        ConditionExpression: usedBy.length ? 'size(post_ids) = :count' : 'attribute_not_exists(post_ids)',
        ...(usedBy.length ? { ExpressionAttributeValues: { ':count': usedBy.length } } : {}),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
