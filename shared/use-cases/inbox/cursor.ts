import { DomainError } from '#shared/domain/errors';
import { inboxListKey } from '#shared/store/inbox-items';

/** GET /inbox's opaque cursor: the last item's index key, base64url JSON, checked to be this account's list. */
export const encodeInboxCursor = (key: Record<string, unknown>): string => Buffer.from(JSON.stringify(key)).toString('base64url');

export function decodeInboxCursor(cursor: string, accountId: string): Record<string, unknown> {
  const invalid = () =>
    new DomainError('INVALID_FIELD', { field: 'cursor' }, { message: 'Invalid field: cursor (use next_cursor from a previous page)' });
  let key: Record<string, unknown>;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw invalid();
  }
  const valid =
    key !== null &&
    typeof key === 'object' &&
    key.gsi1pk === inboxListKey(accountId, '', '').gsi1pk &&
    ['pk', 'sk', 'gsi1sk'].every((name) => typeof key[name] === 'string') &&
    Object.keys(key).length === 4;
  if (!valid) throw invalid();
  return key;
}
