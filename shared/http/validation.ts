import Ajv, { type ErrorObject, type SchemaObject } from 'ajv';
import { ServiceError, type ErrorCode } from './errors';
import { suggestFieldName } from './field-suggestion';

/**
 * ajv validation with the spec's error codes. Schemas are compiled once, at module load of
 * the endpoint that owns them. A schema may annotate a property with `x-error-code`: every
 * failure inside that property then maps to that code (e.g. platforms → INVALID_PLATFORMS),
 * or with `x-error-codes: {keyword: code}` for single keywords (e.g. maxLength → CONTENT_TOO_LONG).
 *
 * Precedence among several failures (CONTRACT section 5): unknown field → missing field
 * (in the order of `required`) → wrong type (INVALID_FIELD) → annotated codes in property order.
 */
export type Schema = SchemaObject;
export type ErrorExtras = (code: ErrorCode, field: string, value: unknown) => Record<string, unknown>;

// unicode: false counts string length in UTF-16 code units, as the contract (and LinkedIn) count; logger: false
// silences ajv's notice that this option is unusual.
const ajv = new Ajv({ allErrors: true, unicode: false, strict: true, allowUnionTypes: true, coerceTypes: false, logger: false });
ajv.addKeyword({ keyword: 'x-error-code', schemaType: 'string' });
ajv.addKeyword({ keyword: 'x-error-codes', schemaType: 'object' });
ajv.addKeyword({ keyword: 'example' });

// Text the platforms can carry: no lone UTF-16 surrogates (JSON escapes can smuggle them in).
const LONE_SURROGATE = /\p{Cs}/u;
ajv.addFormat('unicode-text', { type: 'string', validate: (value: string) => !LONE_SURROGATE.test(value) });


interface Failure {
  rank: number;
  order: number;
  code: ErrorCode;
  field: string;
}

const topField = (error: ErrorObject): string => error.instancePath.split('/')[1] ?? '';

function classify(schema: Schema, error: ErrorObject): Failure {
  const properties = Object.keys(schema.properties ?? {});
  const required: string[] = schema.required ?? [];
  if (error.keyword === 'additionalProperties') {
    return { rank: 0, order: 0, code: 'INVALID_FIELD', field: String(error.params.additionalProperty) };
  }
  if (error.keyword === 'required') {
    const field = String(error.params.missingProperty);
    return { rank: 1, order: required.indexOf(field), code: 'MISSING_REQUIRED_FIELD', field };
  }
  const field = topField(error);
  const property = schema.properties?.[field] ?? {};
  const order = properties.indexOf(field);
  const mapped: ErrorCode | undefined = property['x-error-codes']?.[error.keyword] ?? property['x-error-code'];
  if (mapped === 'MISSING_REQUIRED_FIELD') return { rank: 1, order: required.indexOf(field), code: mapped, field };
  if (mapped === 'INVALID_FIELD') return { rank: 2, order, code: mapped, field };
  if (mapped) return { rank: 3, order, code: mapped, field };
  return { rank: 2, order, code: 'INVALID_FIELD', field };
}

function toServiceError(failure: Failure, value: unknown, knownFields: string[], extras?: ErrorExtras): ServiceError {
  const fieldExtras = failure.code === 'INVALID_FIELD' || failure.code === 'MISSING_REQUIRED_FIELD' ? { field: failure.field } : {};
  let message: string | undefined;
  if (failure.rank === 0) {
    const close = suggestFieldName(failure.field, knownFields);
    message = `Unknown field: ${failure.field}${close ? `; did you mean ${close}?` : ''}`;
  }
  return new ServiceError(failure.code, { ...fieldExtras, ...(extras?.(failure.code, failure.field, value) ?? {}) }, { message });
}

function makeValidator(engine: Ajv, schema: Schema, extras?: ErrorExtras): (data: Record<string, unknown>) => void {
  const validate = engine.compile(schema);
  const fields = Object.keys(schema.properties ?? {});
  const required: string[] = schema.required ?? [];
  return (data) => {
    // A required field sent as null is as good as absent.
    for (const field of required) {
      if (data[field] === null) delete data[field];
    }
    if (validate(data)) return;
    const failures = (validate.errors ?? []).map((error) => classify(schema, error));
    failures.sort((a, b) => a.rank - b.rank || a.order - b.order);
    const first = failures[0];
    throw toServiceError(first, data[first.field], fields, extras);
  };
}

/** Compiles a validator for a JSON body (no type coercion). */
export const compileBodyValidator = (schema: Schema, extras?: ErrorExtras) => makeValidator(ajv, schema, extras);

/**
 * Compiles a validator for query parameters. Query values are strings; a parameter the schema
 * types as an integer is converted only when it is written as one (`20`, not `2e1`, `0x14`,
 * ` 20` or `Infinity`: ajv's own coercion accepts those), else left a string to fail as
 * INVALID_FIELD.
 */
export function compileQueryValidator(schema: Schema, extras?: ErrorExtras): (query: Record<string, unknown>) => void {
  const validate = makeValidator(ajv, schema, extras);
  const integers = Object.entries(schema.properties ?? {})
    .filter(([, property]) => (property as Schema).type === 'integer')
    .map(([name]) => name);
  return (query) => {
    for (const name of integers) {
      const value = query[name];
      if (typeof value === 'string' && /^-?\d{1,15}$/.test(value)) query[name] = Number(value);
    }
    validate(query);
  };
}

/**
 * A required text field: blank (empty or only whitespace) is MISSING_REQUIRED_FIELD, as the
 * contract says of content; text no platform can carry (lone surrogates) is INVALID_FIELD.
 */
export function requiredText(maxLength: number, annotations: { description: string; example: string }): Schema {
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
