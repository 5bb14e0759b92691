import type { ErrorCode } from '#shared/domain/errors';
import type { Schema } from '#shared/http/validation';

/**
 * What the generator needs to know about an operation beyond the route table: its words,
 * its request schemas (the endpoint's own ajv schemas, imported, never copied), its success
 * response and the codes only it can answer. Codes that follow from the route (API key,
 * body, path id, idempotency) are added by the generator.
 */
export const TAGS = {
  Profiles: 'Connected platform profiles: Bluesky (app password) and LinkedIn (OAuth).',
  Posts: 'Create, schedule, edit, list, retry and delete posts; per-platform publishing results.',
  Media: 'Images with alt text: declare, upload to the returned URL, complete, then attach to posts (at most 4).',
  Usage: 'The monthly post allowance.',
  Keys: 'API keys of the account. A value is shown once, at creation.',
  Webhooks:
    'Endpoints that receive signed events (Standard Webhooks) when posts finish and profiles need attention; the events are under `webhooks`.',
  Agents: "The MCP server: every operation above as a tool for AI agents, limited by the key's scope.",
  Queue: 'The posting schedule: weekly slots in a time zone that posts created with `queue: true` take, the first free one first.',
  Analytics: "Published posts' figures read back from the platforms, and their sums per day.",
  Dashboard: "The account dashboard's API: a session cookie after sign-in, and the x-csrf-token header on every mutation; never x-api-key.",
} as const;
export type Tag = keyof typeof TAGS;

export interface ParameterDoc {
  name: string;
  description: string;
  schema: Record<string, unknown>;
}

export interface OperationDoc {
  summary: string;
  description: string;
  tag: Tag;
  body?: Schema;
  query?: Schema;
  /** Query parameters of an endpoint that has no query schema (the OAuth callback). */
  parameters?: ParameterDoc[];
  /** The endpoint honours the idempotency-key header (docs/api.md, "Idempotency"). */
  idempotent?: boolean;
  success: {
    status: number;
    description: string;
    /** Component name of the body; absent for 204. */
    schema?: string;
    example?: unknown;
    /** Extra response headers (names of header components). */
    headers?: string[];
  };
  /** A redirect the operation may answer instead (the OAuth callback with a return_url). */
  redirect?: { status: 302; description: string; headers: string[] };
  /** Codes only this operation answers. */
  errors: ErrorCode[];
  /**
   * Which shapes of RATE_LIMIT_EXCEEDED it answers when `errors` names that code: the platform
   * spacing (default) or the API shape (`retry_after`, as the dashboard's sign-in lock). API-key
   * routes answer the API shape anyway.
   */
  rateLimitVariants?: ('api' | 'platform')[];
  /** false: not an MCP tool although an API key calls it (`x-mcp-tool: false`: POST /mcp itself). */
  mcpTool?: false;
}
