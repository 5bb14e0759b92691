import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** What the operation answered: its HTTP status and body (JSON text, or none for 204). */
export interface OperationAnswer {
  statusCode: number;
  body?: string;
}

/**
 * The tool result of an operation's answer: the response body as `structuredContent` and as JSON
 * text; an error answer (4xx, 5xx) is a result with `isError: true` carrying the error body, so
 * the agent reads `error`, `message` and the code's fields (`required_scope`...). `_meta.http_status`
 * keeps the status (201 created, 200 replayed...).
 */
export function toolResult(answer: OperationAnswer): CallToolResult {
  const isError = answer.statusCode >= 400;
  const meta = { _meta: { http_status: answer.statusCode } };
  if (answer.body === undefined || answer.body === '') {
    return {
      content: [{ type: 'text', text: `HTTP ${answer.statusCode}: done, nothing to return.` }],
      ...meta,
      ...(isError ? { isError } : {}),
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    parsed = undefined;
  }
  const structured =
    parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  return {
    content: [{ type: 'text', text: answer.body }],
    ...(structured ? { structuredContent: structured } : {}),
    ...meta,
    ...(isError ? { isError } : {}),
  };
}
