import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * One HTTP exchange with LinkedIn that knows, when it fails, whether the request may have
 * reached LinkedIn. A failure before the connection was established (refused, DNS, connect
 * timeout) sent nothing, so repeating it is safe; any failure after that (timeout, reset)
 * may hide a created post, and the publisher must not repeat it.
 *
 * Each exchange opens its own connection (agent: false). A pooled keep-alive socket that
 * LinkedIn closed while the Lambda was frozen would fail after "sending", turning a harmless
 * stale connection into an unknown outcome; a fresh TLS handshake per call is cheap next to that.
 */
export interface LinkedInResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export class LinkedInNetworkError extends Error {
  constructor(
    message: string,
    /** True when the request may have reached LinkedIn. */
    readonly sent: boolean,
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'LinkedInNetworkError';
  }
}

export interface LinkedInRequest {
  method: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  /** JSON or form text, or raw bytes (an image upload). */
  body?: string | Buffer;
  timeoutMs: number;
}

const MAX_RESPONSE_BYTES = 1024 * 1024;

/** Sends one request; resolves with any HTTP status, rejects only with LinkedInNetworkError. */
export function linkedinRequest(url: string, options: LinkedInRequest): Promise<LinkedInResponse> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  const body = options.body === undefined ? undefined : Buffer.isBuffer(options.body) ? options.body : Buffer.from(options.body, 'utf8');
  const headers = { ...options.headers, ...(body ? { 'content-length': String(body.length) } : {}) };

  return new Promise((resolve, reject) => {
    let connected = false;
    let timedOut = false;
    const request = send(target, { method: options.method, headers, agent: false });
    const timer = setTimeout(() => {
      timedOut = true;
      request.destroy(new Error(`no answer within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      const reason = (error as NodeJS.ErrnoException).code ?? error.message;
      reject(new LinkedInNetworkError(`LinkedIn request failed: ${reason}`, connected, timedOut, { cause: error }));
    };

    request.on('socket', (socket) => {
      socket.once(secure ? 'secureConnect' : 'connect', () => {
        connected = true;
      });
    });
    request.on('error', fail);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_RESPONSE_BYTES) chunks.push(chunk);
      });
      response.on('error', fail);
      response.on('aborted', () => fail(new Error('response aborted')));
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    request.end(body);
  });
}

/** LinkedIn's error body `{message, code, serviceErrorCode, status}` (or OAuth's `{error, error_description}`), parsed leniently. */
export function parseErrorBody(body: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
