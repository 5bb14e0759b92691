import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { WEBHOOK_EVENT_ITEM_TYPE } from '#shared/domain/webhook-events';
import { db, tableName } from './client';
import { scanAll } from './scan-all';
import { toEpochSeconds, TTL_ATTRIBUTE } from './table';
import type { WebhookEvent } from '#shared/domain/webhook';
import { ignoreConditionFailure } from './transaction-errors';
import { entityFields } from './item-fields';

/**
 * The webhook outbox: one item per event, put in the same transaction as the state change it
 * announces (a post's final status, a profile flagged), so no crash can separate the two. In
 * AWS the table's stream hands each new event item to the dispatcher; locally the in-process
 * stand-in (local/webhook-runner.ts) is told after the write and finds undispatched events
 * again on start. Events expire with their deliveries, after 30 days.
 */
export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60_000;
export { WEBHOOK_EVENT_ITEM_TYPE };

export const webhookEventKey = (eventId: string) => ({ pk: `WEBHOOKEVENT#${eventId}`, sk: 'WEBHOOKEVENT' });

/**
 * The body is stored deflated (`body_z`, binary): a post event's JSON (the post as GET /posts/{id}
 * shows it) is most of the item, and deflated it keeps a typical post's event under 1 KB, one
 * write unit (docs/decisions/0173-a-lean-webhook-outbox.md). The bytes sent and signed are the
 * inflated ones, identical. Events written before carry `body` as text, read as they are.
 */
const BODY_DEFLATED = 'body_z';

function fromItem(item: Record<string, unknown>): WebhookEvent {
  const { [BODY_DEFLATED]: deflated, ...fields } = entityFields<WebhookEvent & { [BODY_DEFLATED]?: Uint8Array | string }>(item);
  if (deflated === undefined) return fields;
  // A stream record's JSON carries a binary attribute as base64 text; the SDK's reads as bytes.
  const bytes = typeof deflated === 'string' ? Buffer.from(deflated, 'base64') : deflated;
  return { ...fields, body: inflateRawSync(bytes).toString('utf8') };
}

/** The item as stored (and as the stream's new image shows it). */
export function webhookEventItem(event: WebhookEvent): Record<string, unknown> {
  const { body, ...fields } = event;
  return {
    ...webhookEventKey(event.id),
    type: WEBHOOK_EVENT_ITEM_TYPE,
    ...fields,
    [BODY_DEFLATED]: deflateRawSync(Buffer.from(body, 'utf8')),
    [TTL_ATTRIBUTE]: toEpochSeconds(new Date(Date.parse(event.created_at) + EVENT_RETENTION_MS)),
  };
}

/**
 * The webhook event a table stream record announces: a new item of the outbox, read from its
 * image; undefined for any other record (other item types, updates, removals).
 */
export function webhookEventFromStreamRecord(record: { eventName?: string; dynamodb?: { NewImage?: unknown } }): WebhookEvent | undefined {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || !image) return undefined;
  const item = unmarshall(image as Record<string, AttributeValue>);
  return item.type === WEBHOOK_EVENT_ITEM_TYPE ? fromItem(item) : undefined;
}

/** Transaction item recording an event (the outbox write). */
export function putWebhookEventItem(event: WebhookEvent) {
  return { Put: { TableName: tableName, Item: webhookEventItem(event), ConditionExpression: 'attribute_not_exists(pk)' } };
}

export async function getWebhookEvent(eventId: string): Promise<WebhookEvent | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: webhookEventKey(eventId), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

/** Transaction item marking an event dispatched (it is written with its deliveries' first attempts). */
export function markDispatchedItem(eventId: string, at: Date) {
  return {
    Update: {
      TableName: tableName,
      Key: webhookEventKey(eventId),
      UpdateExpression: 'SET dispatched_at = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at.toISOString() },
    },
  };
}

export async function markWebhookEventDispatched(eventId: string, at: Date): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: webhookEventKey(eventId),
        UpdateExpression: 'SET dispatched_at = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at.toISOString() },
      }),
    )
    .catch(ignoreConditionFailure);
}

/** Events not yet dispatched, across accounts. A Scan: local start-up only, never a request path. */
export async function scanUndispatchedWebhookEvents(): Promise<WebhookEvent[]> {
  const items = await scanAll({
    FilterExpression: '#type = :type AND attribute_not_exists(dispatched_at)',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ':type': WEBHOOK_EVENT_ITEM_TYPE },
    ConsistentRead: true,
  });
  return items.map(fromItem);
}

/** Records an event that changes no other state (webhook.test). */
export async function recordWebhookEvent(event: WebhookEvent): Promise<void> {
  await db.send(new PutCommand(putWebhookEventItem(event).Put));
}
