import { DomainError } from '#shared/domain/errors';
import { postListKey } from '#shared/store/posts';

/**
 * Opaque list cursors: the last returned post's index key, base64url JSON. A cursor that does
 * not decode, or belongs to another account's list, is a bad query value (INVALID_FIELD).
 */
export const encodeCursor = (key: Record<string, unknown>): string => Buffer.from(JSON.stringify(key)).toString('base64url');

export function decodeCursor(cursor: string, accountId: string): Record<string, unknown> {
  return decodeListCursor(cursor, postListKey(accountId, '', '').gsi1pk);
}

/** The same for any list read through GSI1: the cursor must name that very list (`gsi1pk`). */
export function decodeListCursor(cursor: string, listPartition: string): Record<string, unknown> {
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
    key.gsi1pk === listPartition &&
    ['pk', 'sk', 'gsi1sk'].every((name) => typeof key[name] === 'string') &&
    Object.keys(key).length === 4;
  if (!valid) throw invalid();
  return key;
}
