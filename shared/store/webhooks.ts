import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { accountKey } from './accounts';
import type { Webhook } from '#shared/domain/webhook';
import type { PreviousSecret } from '#shared/domain/webhook-secret-rotation';
import { failedCondition, isConditionFailure } from './transaction-errors';
import { counterFailure, givePlaceBackItem, startCounter, takePlaceItem } from './quota-counters';
import { entityFields } from './item-fields';
import type { AuditPut } from './audit-log';

/**
 * Webhook endpoints: one item per endpoint in the account's partition (listed with one Query),
 * and the account's webhook quota counter beside them (shared/store/quota-counters.ts) that every
 * creation raises under the limit in the same transaction, so concurrent creations never pass it.
 */

/**
 * The stored endpoint: the public fields plus its signing secret, sealed by the secret box, and
 * after a rotation the secrets it replaced while they still sign (never returned).
 */
export interface WebhookItem extends Webhook {
  account_id: string;
  secret: string;
  previous_secrets?: PreviousSecret[];
}

export const webhookKey = (accountId: string, webhookId: string) => ({ pk: accountKey(accountId).pk, sk: `WEBHOOK#${webhookId}` });

export const toWebhook = (item: Webhook): Webhook => ({
  id: item.id,
  url: item.url,
  events: item.events,
  description: item.description ?? null,
  created_at: item.created_at,
});

const fromItem = (item: Record<string, unknown>): WebhookItem => entityFields<WebhookItem>(item);

/** Stores a new endpoint; false (nothing written) when the account already has `max`. */
export async function putWebhook(item: WebhookItem, max: number, audit?: AuditPut): Promise<boolean> {
  const write = () =>
    db.send(
      new TransactWriteCommand({
        TransactItems: [
          takePlaceItem(item.account_id, 'webhooks', max),
          {
            Put: {
              TableName: tableName,
              Item: { ...webhookKey(item.account_id, item.id), type: 'webhook', ...item },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          // Last, unconditional: the audit entry lands with the endpoint or not at all.
          ...(audit ? [audit] : []),
        ],
      }),
    );
  for (let attempt = 0; ; attempt += 1) {
    try {
      await write();
      return true;
    } catch (error) {
      const failure = counterFailure(error, 0, 'webhooks');
      if (failure === 'full') return false;
      if (failure !== 'unstarted' || attempt > 0) throw error;
      // An account that never had an endpoint has no counter yet.
      await startCounter(item.account_id, 'webhooks');
    }
  }
}

export async function getWebhookItem(accountId: string, webhookId: string): Promise<WebhookItem | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: webhookKey(accountId, webhookId), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

/** The account's endpoints, oldest first. */
export async function listWebhookItems(accountId: string): Promise<WebhookItem[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': accountKey(accountId).pk, ':prefix': 'WEBHOOK#' },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map(fromItem).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/**
 * Replaces the endpoint's secret, on condition that it is still the one the caller read (a
 * concurrent rotation must not be lost), with its audit entry in the same transaction. False when
 * it changed meanwhile or the endpoint is gone.
 */
export async function replaceWebhookSecret(
  accountId: string,
  webhookId: string,
  change: { expected: string; secret: string; previous: PreviousSecret[] },
  audit?: AuditPut,
): Promise<boolean> {
  const update = {
    TableName: tableName,
    Key: webhookKey(accountId, webhookId),
    UpdateExpression: 'SET secret = :secret, previous_secrets = :previous',
    ConditionExpression: 'attribute_exists(pk) AND secret = :expected',
    ExpressionAttributeValues: { ':secret': change.secret, ':previous': change.previous, ':expected': change.expected },
  };
  try {
    if (audit) await db.send(new TransactWriteCommand({ TransactItems: [{ Update: update }, audit] }));
    else await db.send(new UpdateCommand(update));
    return true;
  } catch (error) {
    if (isConditionFailure(error) || failedCondition(error, 0)) return false;
    throw error;
  }
}

/** Deletes the endpoint and gives its place back; false when the account has no such endpoint. */
export async function deleteWebhookItem(accountId: string, webhookId: string, audit?: AuditPut): Promise<boolean> {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName, Key: webhookKey(accountId, webhookId), ConditionExpression: 'attribute_exists(pk)' } },
          givePlaceBackItem(accountId, 'webhooks'),
          ...(audit ? [audit] : []),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (failedCondition(error, 0)) return false;
    throw error;
  }
}
