import { TTL_ATTRIBUTE } from './table';

/** The table's own attributes: keys, index keys, the item type and the expiry. Never part of an entity. */
const TABLE_ATTRIBUTES: ReadonlySet<string> = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'type', TTL_ATTRIBUTE]);

/**
 * The entity a stored item holds: its attributes less the table's own. The one place where an
 * item read from DynamoDB becomes a typed entity, so the cast is made once, next to the rule
 * that every entity module writes its fields unchanged beside its keys.
 */
export function entityFields<T>(item: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !TABLE_ATTRIBUTES.has(name))) as T;
}
