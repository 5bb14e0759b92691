import { CSRF_HEADER } from '#shared/http/session-auth';
import type { Schema } from '#shared/http/validation';
import type { OperationDoc } from '#shared/api/operation';
import type { JsonSchema } from '#shared/api/schemas/primitives';

/**
 * Request parameters and bodies, taken from the endpoints' own ajv schemas. The ajv-only
 * `example` keyword becomes JSON Schema's `examples`; the `x-error-code(s)` annotations stay,
 * as OpenAPI extensions, because they say which error code each field's failure answers.
 */
export function toOpenApiSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toOpenApiSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const converted: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'example') converted.examples = [value];
    else if (keyword === 'properties') converted.properties = mapValues(value as Record<string, unknown>, toOpenApiSchema);
    else if (keyword === 'enum' || keyword === 'const' || keyword === 'default' || keyword === 'required') converted[keyword] = value;
    else converted[keyword] = toOpenApiSchema(value);
  }
  return converted;
}

const mapValues = (object: Record<string, unknown>, map: (value: unknown) => unknown): Record<string, unknown> =>
  Object.fromEntries(Object.entries(object).map(([name, value]) => [name, map(value)]));

/** A body made of each property's example: the documentation's request example, never typed twice. */
export function exampleFromSchema(schema: Schema): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, { example?: unknown }>;
  return Object.fromEntries(
    Object.entries(properties)
      .filter(([, property]) => 'example' in property)
      .map(([name, property]) => [name, property.example]),
  );
}

/** Path parameters by name: `id` everywhere, `code` in a tracked link's path (docs/api.md, "Tracked links"). */
const PATH_PARAMETERS: Record<string, { description: string; schema: JsonSchema }> = {
  id: {
    description: 'A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID.',
    schema: { type: 'string', format: 'uuid' },
  },
  code: {
    description: "A tracked link's code: 12 letters and digits. Anything else answers the 404 page.",
    schema: { type: 'string', pattern: '^[0-9A-Za-z]{12}$' },
  },
};

const pathParameter = (name: string): JsonSchema => ({
  name,
  in: 'path',
  required: true,
  description: PATH_PARAMETERS[name]?.description ?? name,
  schema: PATH_PARAMETERS[name]?.schema ?? { type: 'string' },
});

function queryParameters(doc: OperationDoc): JsonSchema[] {
  if (doc.parameters) {
    return doc.parameters.map((parameter) => ({
      name: parameter.name,
      in: 'query',
      required: false,
      description: parameter.description,
      schema: parameter.schema,
    }));
  }
  const schema = doc.query;
  if (!schema) return [];
  const required: string[] = schema.required ?? [];
  return Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: 'query', required: required.includes(name), description, schema: toOpenApiSchema(rest) };
  });
}

const IDEMPOTENCY_KEY: JsonSchema = {
  name: 'idempotency-key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the same key with the same body within 24 h replays the first response (header idempotent-replayed: true) ' +
    'and creates nothing; a different body answers IDEMPOTENCY_KEY_REUSED, a repeat while the first runs IDEMPOTENCY_KEY_IN_PROGRESS. ' +
    'Errors are not stored. 1 to 255 visible ASCII characters, else INVALID_FIELD (field idempotency-key).',
  schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
};

const CSRF_TOKEN: JsonSchema = {
  name: CSRF_HEADER,
  in: 'header',
  required: true,
  description: "The session's CSRF token (csrf_token from sign-in or GET /dashboard/api/session); without it: 403 FORBIDDEN.",
  schema: { type: 'string' },
};

export const pathParameterNames = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);

/** Path, query and header parameters of an operation. */
export function parametersOf(path: string, doc: OperationDoc, options: { csrf: boolean }): JsonSchema[] {
  return [
    ...pathParameterNames(path).map(pathParameter),
    ...queryParameters(doc),
    ...(doc.idempotent ? [IDEMPOTENCY_KEY] : []),
    ...(options.csrf ? [CSRF_TOKEN] : []),
  ];
}

/** The JSON request body, when the operation takes one. */
export function requestBodyOf(doc: OperationDoc): JsonSchema | undefined {
  if (doc.protocolBody) {
    const content = Object.fromEntries(
      Object.entries(doc.protocolBody.content).map(([type, schema]) => [
        type,
        { schema: toOpenApiSchema(schema), example: exampleFromSchema(schema) },
      ]),
    );
    return { required: true, description: doc.protocolBody.description, content };
  }
  if (!doc.body) return undefined;
  const required = (doc.body.required ?? []).length > 0;
  return {
    required,
    description:
      'JSON (content-type application/json or application/*+json), UTF-8, at most 65536 bytes.' + (required ? '' : ' May be empty.'),
    content: { 'application/json': { schema: toOpenApiSchema(doc.body), example: exampleFromSchema(doc.body) } },
  };
}
