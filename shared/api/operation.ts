import type { ErrorCode } from '#shared/domain/errors';
import type { KeyScope } from '#shared/domain/key-scopes';
import type { Schema } from '#shared/http/validation';

/**
 * One operation, described once (docs/decisions/0102-the-operation-manifest.md): its route, how it
 * is authenticated, its documentation and schemas, how long it may take and what it needs from
 * AWS. Pure data: the CDK stack, the scripts and the runtime all read it without loading a use case.
 * The code that is not data (the handler) is `functions/<operation>/handler.ts`.
 */
export type OperationEntry = OperationRoute & OperationRuntime & OperationDoc;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OperationRoute {
  method: HttpMethod;
  /** API Gateway route path; `{name}` is one path segment. */
  path: string;
  /**
   * The same operation at the dashboard's API (docs/api.md, "Dashboard"), behind the session cookie
   * and CSRF token: the stack adds a second route to the same function, whose handler chooses the
   * authentication from the route API Gateway matched (shared/http/route-auth.ts).
   */
  dashboardPath?: string;
  /**
   * How the public route is authenticated: the x-api-key header, the dashboard's session cookie
   * (the dashboard's own operations), or its own means (OAuth state, the dashboard's sign-in).
   */
  auth: 'api-key' | 'session' | 'none';
  /**
   * The least key scope that may call an api-key route (docs/api.md, "Key scopes"); a key below it
   * gets 403 INSUFFICIENT_SCOPE. Creating, editing and deleting posts need `draft` here and `write`
   * unless the post is a draft (checked by the use case). The dashboard session is admin.
   */
  scope?: KeyScope;
  /** Appended to "for the signed-in account" in the dashboard route's description (default '.'). */
  dashboardNote?: string;
}

/** What the functions' wiring (lib/) and the request deadline read. */
export interface OperationRuntime {
  /**
   * 'outbound' (the longer budget) when it waits on more than the store: a platform, a web address,
   * image decoding or password hashing (shared/http/request-deadline.ts). Default 'store'.
   */
  deadline?: DeadlineClass;
  /** Lambda memory; default lib/api-function.ts's. Lambda's CPU share grows with it. */
  memoryMb?: number;
  /** Lambda timeout in seconds; default lib/api-function.ts's. */
  timeoutSeconds?: number;
  /** What it needs from AWS beyond read-write access to the table; each becomes a grant in lib/. */
  needs?: OperationNeeds;
  /** Native packages esbuild cannot bundle, installed beside the bundle for Lambda's platform (sharp decodes images). */
  nativeModules?: NativeModule[];
}

export type NativeModule = 'sharp';

export type DeadlineClass = 'store' | 'outbound';

/** What the functions read per request (shared/api/runtime.gen.ts, generated from the manifest). */
export type OperationRuntimeRow = Pick<OperationRoute, 'method' | 'path' | 'dashboardPath' | 'auth' | 'scope'> &
  Pick<OperationRuntime, 'deadline'> & { idempotent?: boolean };

export interface OperationNeeds {
  /** The secret box's KMS key: 'seal' to seal and open (credentials, webhook secrets, key values in idempotency records), 'open' only. */
  secretBox?: 'seal' | 'open';
  /** Reads the LinkedIn app's client secret (the OAuth code exchange). */
  linkedinClientSecret?: true;
  /** Reads the Bluesky OAuth client's private key (private_key_jwt: connecting, and refreshing OAuth sessions). */
  blueskyOAuthKey?: true;
  /** Creates release schedules ('schedule') or deletes them ('cancel') in the scheduler. */
  scheduler?: Array<'schedule' | 'cancel'>;
  /** The media bucket: presign uploads ('put'), read, delete. */
  media?: Array<'put' | 'read' | 'delete'>;
  /** Sends to the metrics queue (a collection now). */
  metricsRefresh?: true;
  /**
   * Schedules webhook retries due beyond the webhook queue's 15-minute delay in EventBridge Scheduler
   * (docs/decisions/0171-webhook-retries-wait-in-scheduler.md).
   */
  webhookRetries?: true;
}

export const TAGS = {
  Profiles: 'Connected platform profiles: Bluesky (atproto OAuth, or an app password) and LinkedIn (OAuth).',
  Posts: 'Create, schedule, edit, list, retry and delete posts; per-platform publishing results.',
  Media: 'Images with alt text: declare, upload to the returned URL, complete, then attach to posts (at most 4).',
  Usage: 'The monthly post allowance.',
  Keys: 'API keys of the account. A value is shown once, at creation.',
  Webhooks:
    'Endpoints that receive signed events (Standard Webhooks) when posts finish and profiles need attention; the events are under `webhooks`.',
  Agents: "The MCP server: every operation above as a tool for AI agents, limited by the key's scope.",
  Queue: 'The posting schedule: weekly slots in a time zone that posts created with `queue: true` take, the first free one first.',
  Series: 'Repeating posts: a series begun by POST /posts with `repeat`, each occurrence a post of its own.',
  Analytics: "Published posts' figures read back from the platforms, and their sums per day.",
  OAuth:
    'OAuth 2.1 for the MCP server (the MCP authorization spec): discovery, client registration, authorization with PKCE, tokens. ' +
    "These endpoints answer OAuth error bodies (`error`, `error_description`), not the API's.",
  Connections: 'Apps connected with OAuth: each authorization, its scope and last use; revoking one refuses its tokens at once.',
  Settings: 'Account-wide defaults for posts: tracked links and their campaign.',
  Links: 'Tracked links: the short links posts carry when they track their links, and the redirect that counts their clicks.',
  Audit: 'Who changed what and when: every change to posts, keys, webhooks, profiles, the queue and connections, kept 90 days.',
  Inbox:
    'What comes back: replies, mentions and quotes on Bluesky, comments on LinkedIn; mark them, reply, or propose a reply for a person to approve.',
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
  /** An HTML page it answers instead of a JSON error (a tracked link's unknown code: a person followed a link). */
  page?: { status: 404; description: string; headers: string[] };
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
  /**
   * A body read by the endpoint itself, not by the JSON body middleware (the OAuth endpoints speak
   * the RFCs: form-encoded, or RFC 7591's JSON with its own errors): documentation only, per media type.
   */
  protocolBody?: { description: string; content: Record<string, Schema> };
  /** Statuses at which the operation answers OAuth's error body (RFC 6749 section 5.2) instead of the API's. */
  oauthErrors?: number[];
}
