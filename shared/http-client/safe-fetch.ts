import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { resolveName, type ResolvedAddress } from '#shared/ports/name-resolver';
import { isInternalAddress, isInternalHostName, isLoopbackAddress } from './internal-addresses';

/**
 * The one HTTP client for addresses users give us (link-card pages and images, webhook
 * deliveries, Bluesky PDSes through fetch-function.ts). Every hop is checked before a byte is sent: https only (http too in
 * local runs), a host name that is not internal, and every address it resolves to public
 * (loopback allowed in local runs). The connection then goes to the checked address itself,
 * so a DNS answer that changes between the check and the connect (rebinding) cannot reach
 * inside. Redirects are followed only when asked, each target checked again, and a redirect to
 * another origin never carries the body or a credential there (see nextHop); one deadline
 * covers all hops; the body is read up to a cap and the rest never downloaded.
 */
export interface SafeFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  /** 0: a 3xx answer is returned as it is. */
  maxRedirects: number;
  /** Local runs: http and loopback addresses are allowed (never private or link-local ones). */
  local: boolean;
  /**
   * One origin the operator configured (not a user: the default Bluesky PDS, which may live inside
   * the operator's network): requests to exactly it skip the scheme and address rules. Every other
   * origin, including where it redirects to, is checked as usual.
   */
  trustedOrigin?: string;
  headers?: Record<string, string>;
  /** GET unless told otherwise; `body` is sent with its content-length. */
  method?: string;
  body?: string | Buffer;
  /** Aborts the request (the fetch-shaped wrapper's caller); rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface SafeResponse {
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body went on past maxBytes; what is here is its start. */
  truncated: boolean;
}

export type RefusalReason =
  'invalid_url' | 'scheme' | 'internal_address' | 'unresolvable' | 'too_many_redirects' | 'cross_origin_redirect' | 'timeout' | 'network';

export class OutboundRequestRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRequestRefused';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function safeFetch(url: string, options: SafeFetchOptions): Promise<SafeResponse> {
  const deadline = Date.now() + options.timeoutMs;
  let target = parseUrl(url);
  let request: Hop = { method: (options.method ?? 'GET').toUpperCase(), body: options.body, headers: lowerCased(options.headers ?? {}) };
  for (let hop = 0; ; hop += 1) {
    const address = await checkedAddress(target, options, deadline);
    const response = await exchange(target, address, { ...options, ...request }, deadline);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.status) || !location || options.maxRedirects === 0) return response;
    if (hop >= options.maxRedirects) throw new OutboundRequestRefused('too_many_redirects', `more than ${options.maxRedirects} redirects`);
    const next = parseUrl(new URL(location, target).toString());
    request = nextHop(response.status, target, next, request);
    target = next;
  }
}

interface Hop {
  method: string;
  body: string | Buffer | undefined;
  headers: Record<string, string>;
}

/** Headers that describe a body: gone with it when a redirect turns the request into a GET (Fetch standard). */
const BODY_HEADERS = new Set(['content-type', 'content-encoding', 'content-language', 'content-location', 'content-length']);
/** All that goes on to another origin: nothing that could be a credential (Authorization, Cookie, API keys, signatures). */
const CROSS_ORIGIN_HEADERS = new Set(['accept', 'accept-language', 'user-agent']);

/**
 * The request a redirect asks for (docs/decisions/0037-outbound-requests.md). As the Fetch
 * standard: 301/302 turn a POST into a GET, 303 anything but GET/HEAD, dropping the body and its
 * headers; 307/308 keep method and body. Stricter than it for another origin: only the headers in
 * CROSS_ORIGIN_HEADERS go there (the standard drops only Authorization), and a 307/308 that would
 * carry the body there is refused, as the body itself may be the secret (a webhook payload, a login).
 */
function nextHop(status: number, from: URL, to: URL, request: Hop): Hop {
  let { method, body, headers } = request;
  if (((status === 301 || status === 302) && method === 'POST') || (status === 303 && method !== 'GET' && method !== 'HEAD')) {
    method = 'GET';
    body = undefined;
    headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !BODY_HEADERS.has(name)));
  }
  if (to.origin === from.origin) return { method, body, headers };
  if (body !== undefined) {
    throw new OutboundRequestRefused('cross_origin_redirect', `a ${status} redirect to another origin would resend the body`);
  }
  return { method, body, headers: Object.fromEntries(Object.entries(headers).filter(([name]) => CROSS_ORIGIN_HEADERS.has(name))) };
}

const lowerCased = (headers: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/**
 * The checks of a request's first hop, without sending anything: throws OutboundRequestRefused
 * when the URL is not allowed or its name resolves (now) to an address that is not. For a URL
 * given at the door (a webhook endpoint); the request itself checks again when it is sent.
 */
export async function checkOutboundUrl(
  url: string,
  options: Pick<SafeFetchOptions, 'timeoutMs' | 'local' | 'trustedOrigin'>,
): Promise<void> {
  await checkedAddress(parseUrl(url), { ...options, maxBytes: 0, maxRedirects: 0 }, Date.now() + options.timeoutMs);
}

function parseUrl(url: string): URL {
  try {
    return new URL(url);
  } catch {
    throw new OutboundRequestRefused('invalid_url', 'not a URL');
  }
}

/**
 * The address to connect to, after every check. The operator's own origin (`trustedOrigin`) is
 * resolved and pinned like any other, but neither its scheme nor its addresses are judged.
 */
async function checkedAddress(target: URL, options: SafeFetchOptions, deadline: number): Promise<ResolvedAddress> {
  const trusted = options.trustedOrigin !== undefined && target.origin === options.trustedOrigin;
  const allowedSchemes = options.local ? ['https:', 'http:'] : ['https:'];
  if (!trusted && !allowedSchemes.includes(target.protocol))
    throw new OutboundRequestRefused('scheme', `${target.protocol} URLs are not allowed`);
  if (target.username || target.password) throw new OutboundRequestRefused('invalid_url', 'URLs with credentials are not allowed');
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const allowed = (address: string) => trusted || !isInternalAddress(address) || (options.local && isLoopbackAddress(address));
  if (isIP(host)) {
    if (!allowed(host)) throw new OutboundRequestRefused('internal_address', `${host} is an internal address`);
    return { address: host, family: isIP(host) };
  }
  if (!trusted && isInternalHostName(host) && !(options.local && host.toLowerCase() === 'localhost')) {
    throw new OutboundRequestRefused('internal_address', `${host} names an internal host`);
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await withDeadline(resolveName(host), deadline);
  } catch (error) {
    if (error instanceof OutboundRequestRefused) throw error;
    throw new OutboundRequestRefused('unresolvable', `${host} does not resolve`);
  }
  // Every answer must be public: picking a public one among private ones is how rebinding starts.
  const inside = addresses.find((candidate) => !allowed(candidate.address));
  if (!addresses.length || inside) throw new OutboundRequestRefused('internal_address', `${host} resolves to an internal address`);
  return addresses[0]!;
}

function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new OutboundRequestRefused('timeout', 'no answer in time')), Math.max(0, deadline - Date.now()));
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

function exchange(target: URL, pinned: ResolvedAddress, options: SafeFetchOptions, deadline: number): Promise<SafeResponse> {
  // The socket connects to the checked address; Host and TLS SNI still name the URL's host.
  const lookup: LookupFunction = (_host, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all)
      (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) return reject(signal.reason);
    const body = options.body === undefined ? undefined : Buffer.isBuffer(options.body) ? options.body : Buffer.from(options.body, 'utf8');
    const headers = {
      'user-agent': 'social-posting-service',
      ...options.headers,
      ...(body ? { 'content-length': String(body.length) } : {}),
    };
    const request = send(target, { method: options.method ?? 'GET', headers, agent: false, lookup });
    const timer = setTimeout(
      () => request.destroy(new OutboundRequestRefused('timeout', 'no answer in time')),
      Math.max(0, deadline - Date.now()),
    );
    const abort = () => request.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal?.addEventListener('abort', abort, { once: true });
    request.on('close', () => signal?.removeEventListener('abort', abort));
    request.on('error', (error) => {
      clearTimeout(timer);
      if (signal?.aborted) return reject(signal.reason);
      reject(
        error instanceof OutboundRequestRefused
          ? error
          : new OutboundRequestRefused('network', (error as NodeJS.ErrnoException).code ?? error.message),
      );
    });
    request.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let done = false;
      const finish = (truncated: boolean) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve({
          url: target.toString(),
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          truncated,
        });
      };
      response.on('data', (chunk: Buffer) => {
        if (done) return;
        const room = options.maxBytes - size;
        if (chunk.length <= room) {
          chunks.push(chunk);
          size += chunk.length;
          return;
        }
        chunks.push(chunk.subarray(0, room));
        // Enough read: stop the download instead of receiving the rest.
        finish(true);
        request.destroy();
      });
      response.on('end', () => finish(false));
      response.on('error', (error) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        if (signal?.aborted) return reject(signal.reason);
        reject(error instanceof OutboundRequestRefused ? error : new OutboundRequestRefused('network', error.message));
      });
    });
    request.end(body);
  });
}
