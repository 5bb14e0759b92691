import { DomainError } from '#shared/domain/errors';
import { clock } from '#shared/ports/clock';
import { deliveryListKey, queryDeliveries, type DeliveryItem } from '#shared/store/webhook-deliveries';
import { ownWebhook } from './endpoints';

/** One attempt as GET /webhooks/{id}/deliveries shows it (docs/api.md, "Webhooks"). */
export interface DeliveryView {
  id: string;
  event_id: string;
  type: string;
  attempt: number;
  status: 'succeeded' | 'failed' | 'pending';
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  attempted_at: string | null;
  next_attempt_at: string | null;
}

export const toDeliveryView = (row: DeliveryItem): DeliveryView => ({
  id: row.id,
  event_id: row.event_id,
  type: row.event_type,
  attempt: row.attempt,
  status: row.status,
  response_status: row.response_status,
  error: row.error,
  duration_ms: row.duration_ms,
  attempted_at: row.attempted_at,
  next_attempt_at: row.next_attempt_at,
});

export interface DeliveryListQuery {
  limit?: number;
  cursor?: string;
}

/** The endpoint's attempts of the last 30 days, newest event first, a page at a time. */
export async function listDeliveries(
  accountId: string,
  webhookId: string,
  query: DeliveryListQuery,
): Promise<{ deliveries: DeliveryView[]; next_cursor: string | null }> {
  await ownWebhook(accountId, webhookId);
  const page = await queryDeliveries(webhookId, {
    limit: query.limit ?? 20,
    startKey: query.cursor === undefined ? undefined : decodeDeliveryCursor(query.cursor, webhookId),
    now: clock.now(),
  });
  return {
    deliveries: page.deliveries.map(toDeliveryView),
    next_cursor: page.nextKey ? Buffer.from(JSON.stringify(page.nextKey)).toString('base64url') : null,
  };
}

/** An opaque cursor: the last row's key, base64url JSON, valid only for this endpoint's list. */
function decodeDeliveryCursor(cursor: string, webhookId: string): Record<string, unknown> {
  const invalid = new DomainError(
    'INVALID_FIELD',
    { field: 'cursor' },
    { message: 'Invalid field: cursor (use next_cursor from a previous page)' },
  );
  let key: Record<string, unknown>;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw invalid;
  }
  const valid =
    key !== null &&
    typeof key === 'object' &&
    key.pk === deliveryListKey(webhookId).pk &&
    typeof key.sk === 'string' &&
    Object.keys(key).length === 2;
  if (!valid) throw invalid;
  return key;
}
