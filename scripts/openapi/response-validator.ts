import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import type { JsonSchema } from '#shared/api/schemas/primitives';

/**
 * Checks a real response against the document: the status is documented for the operation,
 * the content type and body match its schema (JSON Schema 2020-12, `$ref`s resolved into the
 * document's components), and every required documented header is present and valid.
 * For contract tests; nothing on a request path uses it.
 */
export interface ObservedResponse {
  status: number;
  headers: Headers | Record<string, string | undefined>;
  /** The raw body text ('' when none). */
  text: string;
}

const DOCUMENT_ID = 'https://social-posting.invalid/openapi.json';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An ajv for the document's schemas, with the formats it uses and its annotation keywords. */
export function documentAjv(document: JsonSchema): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  ajv.addVocabulary(['components', 'x-error-code', 'x-error-codes', 'x-error-field']);
  ajv.addFormat('uuid', UUID);
  ajv.addFormat('date-time', { validate: (value: string) => !Number.isNaN(Date.parse(value)) && /T.*(Z|[+-]\d{2}:\d{2})$/i.test(value) });
  ajv.addFormat('uri', { validate: (value: string) => URL.canParse(value) });
  ajv.addFormat('unicode-text', true);
  ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
  return ajv;
}

/** Resolves a local `$ref` (`#/components/...`) in the document, or returns the object itself. */
export function resolveRef<T = JsonSchema>(document: JsonSchema, value: unknown): T {
  const pointer = (value as { $ref?: string })?.$ref;
  if (!pointer) return value as T;
  return pointer
    .slice(2)
    .split('/')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], document) as T;
}

const headerValue = (headers: ObservedResponse['headers'], name: string): string | undefined =>
  headers instanceof Headers ? (headers.get(name) ?? undefined) : headers[name];

export function createResponseValidator(document: JsonSchema) {
  const ajv = documentAjv(document);
  const compiled = new Map<string, ValidateFunction>();
  // Response schemas are `$ref`s or `oneOf`s of them: rebase their refs onto the added document.
  const compile = (schema: JsonSchema): ValidateFunction => {
    const text = JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`);
    let validate = compiled.get(text);
    if (!validate) compiled.set(text, (validate = ajv.compile(JSON.parse(text) as JsonSchema)));
    return validate;
  };
  const describe = (validate: ValidateFunction) => ajv.errorsText(validate.errors, { separator: '; ' });

  /** Problems found (empty when the response matches). `path` is the route template (`/posts/{id}`). */
  return (method: string, path: string, observed: ObservedResponse): string[] => {
    const paths = document.paths as Record<string, Record<string, JsonSchema>>;
    const operation = paths[path]?.[method.toLowerCase()];
    if (!operation) return [`${method} ${path} is not in the document`];
    const response = (operation.responses as Record<string, JsonSchema>)[String(observed.status)];
    if (!response) return [`${method} ${path}: status ${observed.status} is not documented (body ${observed.text.slice(0, 200)})`];
    const problems: string[] = [];
    for (const [name, entry] of Object.entries((response.headers ?? {}) as Record<string, unknown>)) {
      const header = resolveRef<{ required?: boolean; schema: JsonSchema }>(document, entry);
      const value = headerValue(observed.headers, name);
      if (value === undefined) {
        if (header.required) problems.push(`header ${name} is missing`);
        continue;
      }
      const typed = header.schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
      const validate = compile(header.schema);
      if (!validate(typed)) problems.push(`header ${name}=${value}: ${describe(validate)}`);
    }
    const contentType = headerValue(observed.headers, 'content-type');
    // An HTML page (a tracked link's unknown code): the type is checked, the markup is not.
    if ((response.content as Record<string, unknown> | undefined)?.['text/html']) {
      if (contentType?.split(';')[0].trim() !== 'text/html') problems.push(`content-type is ${String(contentType)}`);
      return problems;
    }
    const media = (response.content as Record<string, { schema: JsonSchema }> | undefined)?.['application/json'];
    if (!media) {
      if (observed.text !== '') problems.push(`expected no body, got ${observed.text.slice(0, 200)}`);
      return problems;
    }
    if (contentType?.split(';')[0].trim() !== 'application/json') problems.push(`content-type is ${String(contentType)}`);
    let body: unknown;
    try {
      body = JSON.parse(observed.text);
    } catch {
      return [...problems, `body is not JSON: ${observed.text.slice(0, 200)}`];
    }
    const validate = compile(media.schema);
    if (!validate(body)) problems.push(`body ${JSON.stringify(body).slice(0, 300)}: ${describe(validate)}`);
    return problems;
  };
}
