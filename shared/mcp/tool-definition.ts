import type { KeyScope } from '#shared/domain/key-scopes';

/** A JSON Schema object, as the OpenAPI document holds it (plain data). */
export type JsonSchemaObject = { [key: string]: unknown };

/**
 * One MCP tool: what `tools/list` shows (name, title, description, inputSchema, annotations) and
 * how `tools/call` turns its arguments into the HTTP request of its operation. Generated from
 * docs/openapi.json by scripts/generate-mcp-tools.ts into shared/mcp/tools.gen.ts, never by hand.
 */
export interface McpToolDefinition {
  /** The operationId in snake_case (`previewPost` → `preview_post`). */
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchemaObject & { type: 'object' };
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean };
  /** The route it calls: the route table's operation, method and path. */
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** The least key scope of the route (the document's `x-required-scope`). */
  scope: KeyScope;
  pathParameters: string[];
  queryParameters: string[];
  /**
   * Where the request body comes from: `flat` — the arguments left once path, query and
   * idempotency_key are taken; `nested` — the `body` argument (when a body field would clash
   * with a parameter's name); `none` — no body.
   */
  body: 'flat' | 'nested' | 'none';
  /** The operation honours `idempotency-key`: the tool takes `idempotency_key`. */
  idempotent: boolean;
}
