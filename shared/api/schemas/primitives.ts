import { VALID_PLATFORMS } from '#shared/domain/platforms';

/**
 * JSON Schema building blocks for the OpenAPI document (OpenAPI 3.1 schemas are JSON Schema
 * 2020-12). Each wire convention (docs/api.md, "Conventions") is written once, here.
 */
export type JsonSchema = Record<string, unknown>;

/** `#/components/schemas/<name>`. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** Ids are lowercase UUIDs on output. */
export const uuid: JsonSchema = {
  type: 'string',
  format: 'uuid',
  pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
};

/** Times are ISO 8601 UTC with milliseconds and `Z` on output. */
export const timestamp: JsonSchema = {
  type: 'string',
  format: 'date-time',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$',
  examples: ['2026-11-23T10:00:00.000Z'],
};

export const platform: JsonSchema = { type: 'string', enum: [...VALID_PLATFORMS] };

/** The value, or null (JSON Schema 2020-12 style: no OpenAPI 3.0 `nullable`). */
export function nullable(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

/** An object whose every listed property is required and nothing else is allowed. */
export function closedObject(properties: Record<string, JsonSchema>, extra: JsonSchema = {}): JsonSchema {
  return { type: 'object', additionalProperties: false, required: Object.keys(properties), properties, ...extra };
}
