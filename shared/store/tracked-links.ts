import { createHash } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '#shared/domain/platforms';
import { db, tableName } from './client';
import { entityFields } from './item-fields';
import { cancellationReasons } from './transaction-errors';

/**
 * Tracked links (docs/api.md, "Tracked links"; docs/data-model.md). Two items per link:
 * - the link, `LINK#{code}` / `LINK`: what GET /l/{code} reads, one GetItem by the code alone;
 * - the post's note of it, `POST#{postId}#LINKS` / `{platform}#{hash of the original}`: how a
 *   republish or a retry finds the code made before, so one (post, platform, link) has one code.
 * Both are written in one transaction, the note on condition that none exists, so two runs that race
 * for the same link agree on the first one's code.
 */
export interface TrackedLink {
  code: string;
  account_id: string;
  post_id: string;
  platform: Platform;
  /** The link as the author wrote it. */
  original: string;
  /** Where /l/{code} sends the browser: the original with its UTM parameters. */
  target: string;
  created_at: string;
}

export const TRACKED_LINK_TYPE = 'tracked_link';
export const trackedLinkKey = (code: string) => ({ pk: `LINK#${code}`, sk: 'LINK' });

const linkHash = (original: string): string => createHash('sha256').update(original).digest('hex').slice(0, 32);
export const postLinkKey = (postId: string, platform: Platform, original: string) => ({
  pk: `POST#${postId}#LINKS`,
  sk: `${platform}#${linkHash(original)}`,
});

/** The codes already made for a post's links on one platform, by original link. */
export async function postLinkCodes(postId: string, platform: Platform): Promise<Map<string, string>> {
  const codes = new Map<string, string>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :platform)',
        ExpressionAttributeValues: { ':pk': `POST#${postId}#LINKS`, ':platform': `${platform}#` },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) codes.set(String(item.original), String(item.code));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return codes;
}

/**
 * Writes a new link and the post's note of it. Answers the code that holds for the (post, platform,
 * link): this one, or the one a concurrent run wrote first. Throws `CodeTaken` in the (71-bit)
 * event that the code exists already, for the caller to draw another.
 */
export async function putTrackedLink(link: TrackedLink): Promise<string> {
  const note = postLinkKey(link.post_id, link.platform, link.original);
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName,
              Item: { ...note, type: 'post_link', code: link.code, original: link.original },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: { ...trackedLinkKey(link.code), type: TRACKED_LINK_TYPE, ...link },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    return link.code;
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (!reasons) throw error;
    if (reasons[0]?.conditionFailed) {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: note, ConsistentRead: true }));
      if (Item) return String(Item.code);
    }
    if (reasons[1]?.conditionFailed) throw new CodeTaken();
    throw error;
  }
}

export class CodeTaken extends Error {
  constructor() {
    super('the drawn link code exists already');
    this.name = 'CodeTaken';
  }
}

/**
 * The link of a code. Read eventually consistent first (half the price, and the common case: a click
 * comes long after publication); only a miss is read again strongly, so a click in the second after
 * publication still finds its link.
 */
export async function getTrackedLink(code: string): Promise<TrackedLink | undefined> {
  for (const consistent of [false, true]) {
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: trackedLinkKey(code), ConsistentRead: consistent }));
    if (Item) return entityFields<TrackedLink>(Item);
  }
  return undefined;
}

/** The platforms on which a post's links went out tracked (one Query of its notes, keys only). */
export async function platformsWithTrackedLinks(postId: string): Promise<Set<Platform>> {
  const platforms = new Set<Platform>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `POST#${postId}#LINKS` },
        ProjectionExpression: 'sk',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) platforms.add(String(item.sk).split('#')[0] as Platform);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return platforms;
}
