import type { JsonSchemaObject, McpToolDefinition } from '#shared/mcp/tool-definition';
import { IDEMPOTENCY_ARGUMENT } from '#shared/mcp/tool-names';

/**
 * The MCP tools of an OpenAPI document: one per operation an API key can call (it has
 * `x-required-scope`), except those marked `x-mcp-tool: false` (POST /mcp itself). Pure: the same
 * document gives the same tools, in the document's path order.
 */
type Node = { [key: string]: unknown };
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema: Node;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
/** Formats a generic MCP client may know; the service's own (unicode-text...) are left out of tool schemas. */
const KNOWN_FORMATS = new Set(['uuid', 'date-time', 'uri', 'email']);

export const snakeCase = (operationId: string): string => operationId.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const kebabCase = (operationId: string): string => operationId.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

function resolve(document: Node, node: Node): Node {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const found = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, part) => (at as Node | undefined)?.[part], document);
  if (!found) throw new Error(`generate-mcp-tools: unresolved ${ref}`);
  return resolve(document, found as Node);
}

/** The schema as a tool shows it: references inlined, vendor keywords (x-...) and service formats dropped. */
function clean(document: Node, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => clean(document, item));
  if (value === null || typeof value !== 'object') return value;
  const node = resolve(document, value as Node);
  const out: Node = {};
  for (const [key, child] of Object.entries(node)) {
    if (key.startsWith('x-') || key === 'example') continue;
    if (key === 'format' && !KNOWN_FORMATS.has(String(child))) continue;
    // Inside `properties` every key is a field name, never a keyword.
    out[key] = key === 'properties' ? mapValues(child as Node, (schema) => clean(document, schema)) : clean(document, child);
  }
  return out;
}
const mapValues = (object: Node, map: (value: unknown) => unknown): Node =>
  Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value)]));

function toolOf(document: Node, method: (typeof METHODS)[number], path: string, operation: Node): McpToolDefinition {
  const operationId = String(operation.operationId);
  const parameters = ((operation.parameters ?? []) as Node[]).map((parameter) => resolve(document, parameter) as unknown as Parameter);
  const properties: Node = {};
  const required: string[] = [];
  const add = (name: string, schema: unknown, isRequired: boolean) => {
    properties[name] = schema;
    if (isRequired) required.push(name);
  };
  const pathParameters: string[] = [];
  const queryParameters: string[] = [];
  let idempotent = false;
  for (const parameter of parameters) {
    const schema = {
      ...(clean(document, parameter.schema) as Node),
      ...(parameter.description ? { description: parameter.description } : {}),
    };
    if (parameter.in === 'path') pathParameters.push(parameter.name);
    else if (parameter.in === 'query') queryParameters.push(parameter.name);
    else if (parameter.in === 'header' && parameter.name === 'idempotency-key') idempotent = true;
    if (parameter.in === 'path' || parameter.in === 'query') add(parameter.name, schema, parameter.in === 'path' || !!parameter.required);
  }
  if (idempotent) {
    const description = 'Optional idempotency-key: the same key with the same arguments within 24 h replays the first answer.';
    add(IDEMPOTENCY_ARGUMENT, { type: 'string', minLength: 1, maxLength: 255, description }, false);
  }
  const requestBody = operation.requestBody ? resolve(document, operation.requestBody as Node) : undefined;
  const bodySchema = requestBody && (clean(document, (requestBody.content as Node)['application/json']) as Node).schema;
  let body: McpToolDefinition['body'] = 'none';
  if (bodySchema) {
    const fields = ((bodySchema as Node).properties ?? {}) as Node;
    const flat = (bodySchema as Node).type === 'object' && Object.keys(fields).every((name) => !(name in properties) && name !== 'body');
    body = flat ? 'flat' : 'nested';
    if (flat)
      for (const [name, schema] of Object.entries(fields))
        add(name, schema, ((bodySchema as Node).required as string[] | undefined)?.includes(name) ?? false);
    else add('body', bodySchema, requestBody?.required === true);
  }
  const upper = method.toUpperCase() as McpToolDefinition['method'];
  const scope = operation['x-required-scope'] as McpToolDefinition['scope'];
  // A read key may call it (GET, and POST /posts/preview): it changes nothing.
  const readOnly = upper === 'GET' || scope === 'read';
  const title = String(operation.summary);
  return {
    name: snakeCase(operationId),
    title,
    description: `${title}.\n\n${String(operation.description)}`,
    inputSchema: {
      type: 'object',
      properties,
      ...(required.length ? { required } : {}),
      additionalProperties: false,
    } as JsonSchemaObject & {
      type: 'object';
    },
    annotations: {
      title,
      readOnlyHint: readOnly,
      // DELETE removes, PUT and PATCH overwrite; a POST adds.
      destructiveHint: !readOnly && upper !== 'POST',
      // Repeating a read, a PUT or a DELETE leaves things as one call did; a POST or PATCH only with its idempotency_key.
      idempotentHint: readOnly || upper === 'PUT' || upper === 'DELETE',
    },
    operation: kebabCase(operationId),
    method: upper,
    path,
    scope,
    pathParameters,
    queryParameters,
    body,
    idempotent,
  };
}

export function buildMcpTools(document: Node): McpToolDefinition[] {
  const tools: McpToolDefinition[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Node>)) {
    for (const method of METHODS) {
      const operation = item[method] as Node | undefined;
      if (!operation || typeof operation['x-required-scope'] !== 'string' || operation['x-mcp-tool'] === false) continue;
      tools.push(toolOf(document, method, path, operation));
    }
  }
  const names = tools.map((tool) => tool.name);
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate) throw new Error(`generate-mcp-tools: two operations make the tool ${duplicate}`);
  return tools;
}
