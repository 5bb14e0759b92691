import type { AttributeValue } from '@aws-sdk/client-dynamodb';

/**
 * An item's size as DynamoDB bills it (developer guide, "Item sizes"): attribute names plus
 * values; strings in UTF-8 bytes; numbers about one byte per two significant digits plus
 * one; booleans and nulls one byte; lists and maps 3 bytes plus one per element.
 */
export function itemSize(item: Record<string, AttributeValue>): number {
  return Object.entries(item).reduce((total, [name, value]) => total + Buffer.byteLength(name) + valueSize(value), 0);
}

function numberSize(value: string): number {
  const digits = value.replace(/^[-+]/, '').replace(/e.*$/i, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(1, digits.length) / 2) + 1;
}

function valueSize(value: AttributeValue): number {
  if (value.S !== undefined) return Buffer.byteLength(value.S);
  if (value.N !== undefined) return numberSize(value.N);
  if (value.B !== undefined) return value.B.length;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS) return value.SS.reduce((sum, s) => sum + Buffer.byteLength(s), 0);
  if (value.NS) return value.NS.reduce((sum, n) => sum + numberSize(n), 0);
  if (value.BS) return value.BS.reduce((sum, b) => sum + b.length, 0);
  if (value.L) return 3 + value.L.reduce((sum, element) => sum + 1 + valueSize(element), 0);
  if (value.M)
    return 3 + Object.entries(value.M).reduce((sum, [name, element]) => sum + 1 + Buffer.byteLength(name) + valueSize(element), 0);
  return 0;
}
