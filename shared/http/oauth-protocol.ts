import { OAuthError } from '#shared/oauth/errors';
import { MAX_BODY_BYTES } from './json-body';
import type { HandlerResult, HttpEvent, RequestState } from './types';

/**
 * The OAuth endpoints speak the RFCs, not the API's conventions (docs/decisions/0202-oauth-consent-flow.md):
 * their bodies are form-encoded (RFC 6749 section 4.1.3; JSON is taken too), read here rather
 * than by the JSON body middleware, and their errors are OAuth's `{error, error_description}`
 * with `cache-control: no-store`, answered here rather than by the error handler.
 */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function bodyText(event: HttpEvent): string {
  const bytes = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  if (bytes.length > MAX_BODY_BYTES) throw new OAuthError('invalid_request', `the body must be at most ${MAX_BODY_BYTES} bytes`);
  try {
    return utf8.decode(bytes);
  } catch {
    throw new OAuthError('invalid_request', 'the body must be UTF-8');
  }
}

const mediaType = (event: HttpEvent): string => (event.headers?.['content-type'] ?? '').split(';')[0].trim().toLowerCase();

/** A JSON body as an object (RFC 7591's registration request). */
export function protocolJson(event: HttpEvent): Record<string, unknown> {
  if (mediaType(event) !== 'application/json') throw new OAuthError('invalid_request', 'send the body as application/json');
  try {
    const parsed = JSON.parse(bodyText(event)) as unknown;
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new OAuthError('invalid_request', 'the body must be a JSON object');
}

/** Form parameters (or a JSON object's string fields); a parameter given twice is invalid_request (RFC 6749 section 3.1). */
export function protocolParameters(event: HttpEvent): Record<string, string | undefined> {
  const type = mediaType(event);
  if (type === 'application/json') {
    const fields = protocolJson(event);
    return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  }
  if (type !== 'application/x-www-form-urlencoded')
    throw new OAuthError('invalid_request', 'send the body as application/x-www-form-urlencoded');
  const parameters: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(bodyText(event))) {
    if (name in parameters) throw new OAuthError('invalid_request', `${name} is given more than once`);
    parameters[name] = value;
  }
  return parameters;
}

/** Runs an OAuth endpoint's work: its answer, or an OAuthError as OAuth's body; never cached either way. */
export async function oauthAnswer(state: RequestState, work: () => Promise<HandlerResult>): Promise<HandlerResult> {
  Object.assign(state.responseHeaders, { 'cache-control': 'no-store' });
  try {
    return await work();
  } catch (error) {
    if (error instanceof OAuthError) return { statusCode: error.status, body: error.toBody() };
    throw error;
  }
}
