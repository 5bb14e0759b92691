import { inboxListKey } from '#shared/store/inbox-items';
import { decodeListCursor, encodeCursor } from '../post-cursor';

/** GET /inbox's opaque cursor: the last item's index key, as GET /posts's, checked to be this account's inbox. */
export const encodeInboxCursor = encodeCursor;

export const decodeInboxCursor = (cursor: string, accountId: string): Record<string, unknown> =>
  decodeListCursor(cursor, inboxListKey(accountId, '', '').gsi1pk);
