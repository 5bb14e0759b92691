import { randomUUID } from 'node:crypto';
import { DomainError } from '#shared/domain/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const newId = (): string => randomUUID();

/** Whether a path id is a UUID (any case), without throwing: for checks that must not answer INVALID_ID themselves. */
export const isId = (raw: string): boolean => UUID.test(raw);

/** Validates a path id (any case) and returns it lowercased; INVALID_ID otherwise. */
export function parseId(raw: string | undefined): string {
  if (raw === undefined || !UUID.test(raw)) throw new DomainError('INVALID_ID');
  return raw.toLowerCase();
}
