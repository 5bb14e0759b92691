import { DomainError } from '#shared/domain/errors';
import { toInboxItemView, type InboxItem, type InboxItemView, type SettableInboxStatus } from '#shared/domain/inbox';
import { getInboxItem, queryInboxItems, setInboxStatus, type InboxFilter } from '#shared/store/inbox-items';
import { decodeInboxCursor, encodeInboxCursor } from './cursor';

/** The account's item, or 404 NOT_FOUND (another account's item is no different from none). */
export async function ownInboxItem(accountId: string, itemId: string): Promise<InboxItem> {
  const item = await getInboxItem(itemId);
  if (!item || item.account_id !== accountId) throw new DomainError('NOT_FOUND', {}, { message: 'No inbox item with this id' });
  return item;
}

export async function getInbox(accountId: string, itemId: string): Promise<{ item: InboxItemView }> {
  return { item: toInboxItemView(await ownInboxItem(accountId, itemId)) };
}

export interface InboxQuery extends InboxFilter {
  cursor?: string;
  limit?: number;
}

/** GET /inbox: newest first, filtered, 20 a page by default (at most 100). */
export async function listInbox(accountId: string, query: InboxQuery): Promise<{ items: InboxItemView[]; next_cursor: string | null }> {
  const startKey = query.cursor ? decodeInboxCursor(query.cursor, accountId) : undefined;
  const page = await queryInboxItems(accountId, {
    limit: query.limit ?? 20,
    status: query.status,
    platform: query.platform,
    post_id: query.post_id?.toLowerCase(),
    startKey,
  });
  return { items: page.items.map(toInboxItemView), next_cursor: page.nextKey ? encodeInboxCursor(page.nextKey) : null };
}

/** PATCH /inbox/{id}: read, hidden, or new again. */
export async function setInboxItemStatus(accountId: string, itemId: string, status: SettableInboxStatus): Promise<{ item: InboxItemView }> {
  await ownInboxItem(accountId, itemId);
  const change = await setInboxStatus(itemId, status);
  if (!('changed' in change)) throw new DomainError('NOT_FOUND', {}, { message: 'No inbox item with this id' });
  return { item: toInboxItemView(change.changed) };
}
