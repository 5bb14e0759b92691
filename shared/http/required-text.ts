import type { SchemaObject } from 'ajv';

/**
 * A required text field: blank (empty or only whitespace) is MISSING_REQUIRED_FIELD, as
 * docs/api.md, "Posts" says of content; text no platform can carry (lone surrogates) is INVALID_FIELD.
 */
export function requiredText(maxLength: number, annotations: { description: string; example: string }): SchemaObject {
  return {
    type: 'string',
    minLength: 1,
    maxLength,
    pattern: '\\S',
    format: 'unicode-text',
    'x-error-codes': { minLength: 'MISSING_REQUIRED_FIELD', pattern: 'MISSING_REQUIRED_FIELD', format: 'INVALID_FIELD' },
    ...annotations,
  };
}
