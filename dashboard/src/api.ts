/**
 * The dashboard's API client: same-origin fetches to /dashboard/api with the session cookie
 * (sent by the browser, never readable here) and, on anything but GET, the CSRF token the
 * API gave at sign-in. Errors keep the API's body: {error, message, field?, ...extras}.
 */
export interface ApiErrorBody {
  error: string;
  message: string;
  field?: string;
  [extra: string]: unknown;
}

export class ApiError extends Error {
  constructor(readonly status: number, readonly body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
  }
}

let csrfToken = '';
let onSignedOut: (() => void) | undefined;

export const setCsrfToken = (token: string): void => void (csrfToken = token);

/** Called when the API says the session is gone (403 on a request that needs one). */
export const whenSignedOut = (callback: () => void): void => void (onSignedOut = callback);

const NOT_SIGNED_IN = /^Not signed in/;

export async function api<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(`/dashboard/api${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, { error: 'NETWORK', message: 'The service cannot be reached. Check your connection and try again.' });
  }
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => ({}))) as T & Partial<ApiErrorBody>;
  if (response.ok) return body;
  const error = new ApiError(response.status, {
    error: body.error ?? 'INTERNAL_SERVER_ERROR',
    message: body.message ?? `The service answered ${response.status}`,
    ...body,
  } as ApiErrorBody);
  if (response.status === 403 && NOT_SIGNED_IN.test(error.body.message) && path !== '/session') onSignedOut?.();
  throw error;
}

/** The headers of a presigned upload a browser may set itself (content-length it sets from the body). */
export const browserUploadHeaders = (headers: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-length'));

/** What the dashboard shows of the API's objects. */
export interface Account {
  id: string;
  name: string;
  email: string | null;
  plan: string;
}

export interface SessionInfo {
  account: Account;
  csrf_token: string;
}

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}

export interface Profile {
  id: string;
  platform: 'linkedin' | 'bluesky';
  handle: string;
  display_name: string | null;
  platform_user_id: string;
  connected_at: string;
  expires_at: string | null;
  needs_reconnect: boolean;
}

export interface PlatformResult {
  status: 'pending' | 'published' | 'failed';
  url: string | null;
  platform_post_id: string | null;
  published_at: string | null;
  error: { code: string; message: string } | null;
}

export interface Post {
  id: string;
  content: string;
  /** Text per platform sent instead of content there ({} when none). */
  platform_content: Partial<Record<'linkedin' | 'bluesky', string>>;
  platforms: ('linkedin' | 'bluesky')[];
  status: string;
  scheduled_for: string | null;
  created_at: string;
  published_at: string | null;
  results: Partial<Record<'linkedin' | 'bluesky', PlatformResult>>;
  /** Its images ([] when none). */
  media: Array<{ id: string; alt_text: string; width: number | null; height: number | null; content_type: string }>;
}

export interface Usage {
  limit: number;
  used: number;
  remaining: number;
  resets_at: string;
  month: string;
}

export interface Webhook {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  created_at: string;
}

export interface Delivery {
  id: string;
  event_id: string;
  type: string;
  attempt: number;
  status: 'succeeded' | 'failed' | 'pending';
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  attempted_at: string | null;
  next_attempt_at: string | null;
}
