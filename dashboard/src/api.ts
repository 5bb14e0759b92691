import type { ApiErrorBody as DocumentedErrorBody } from '../../client/src/errors';
import type { components, paths } from '../../client/src/schema.gen';

/**
 * The dashboard's API client: same-origin fetches to /dashboard/api with the session cookie
 * (sent by the browser, never readable here) and, on anything but GET, the CSRF token the
 * API gave at sign-in. Errors keep the API's body: {error, message, field?, ...extras}.
 */
export type ApiErrorBody = DocumentedErrorBody | NetworkErrorBody;

/** The dashboard's own code for a request that got no answer at all; every other body is the API's (typed by code). */
interface NetworkErrorBody {
  error: 'NETWORK';
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
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

export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
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
  const body = (await response.json().catch(() => ({}))) as T & { error?: string; message?: string };
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

/**
 * The API's objects as the dashboard reads them: aliases of the types generated from the OpenAPI
 * document into the typed client (`npm run generate` writes client/src/schema.gen.ts from the
 * manifest; `npm run lint:generated` fails when it is stale), so the wire types have one source.
 */
type Schemas = components['schemas'];
export type SessionInfo = Schemas['DashboardSession'];
export type Account = SessionInfo['account'];
export type ApiKey = Schemas['ApiKey'];
export type CreatedKey = Schemas['CreatedKey'];
export type Profile = Schemas['Profile'];
export type Author = Schemas['Author'];
export type AuthorList = Schemas['AuthorList'];
export type ProfileResponse = Schemas['ProfileResponse'];
export type PlatformResult = Schemas['PlatformResult'];
export type Post = Schemas['Post'];
export type Usage = Schemas['UsageWithMonth'];
export type Webhook = Schemas['Webhook'];
export type Delivery = Schemas['Delivery'];
export type PostPreview = Schemas['PostPreview']['preview'];
/** Whole response bodies. */
export type KeyList = Schemas['KeyList'];
export type ProfileList = Schemas['ProfileList'];
export type LinkedInAuthorization = Schemas['LinkedInAuthorization'];
export type BlueskyAuthorization = Schemas['BlueskyAuthorization'];
export type PostPage = Schemas['PostPage'];
export type PostResponse = Schemas['PostResponse'];
export type CreatedPost = Schemas['CreatedPost'];
export type PostPreviewResponse = Schemas['PostPreview'];
export type CreatedMedia = Schemas['CreatedMedia'];
export type MediaResponse = Schemas['MediaResponse'];
export type UsageResponse = Schemas['UsageResponse'];
export type WebhookList = Schemas['WebhookList'];
export type CreatedWebhook = Schemas['CreatedWebhook'];
export type RotatedWebhookSecret = Schemas['RotatedWebhookSecret'];
export type DeliveryPage = Schemas['DeliveryPage'];
export type BatchResults = Schemas['BatchResults'];
export type Connection = Schemas['Connection'];
export type ConnectionList = Schemas['ConnectionList'];
export type OAuthConsentRequest = Schemas['OAuthConsentRequest'];
export type OAuthConsentAnswer = Schemas['OAuthConsentAnswer'];
export type AuditPage = Schemas['AuditPage'];
export type AuditEntry = Schemas['AuditEntry'];
/** Request bodies. */
export type PreviewRequest = paths['/dashboard/api/posts/preview']['post']['requestBody']['content']['application/json'];
