import { OutboundRequestRefused, safeFetch, type SafeFetchOptions } from './safe-fetch';

/**
 * The SSRF-safe client behind the WHATWG `fetch` signature, for libraries that take a fetch
 * function (the Bluesky agent, @atproto/api): every request they make, to any URL, is checked,
 * resolved once and pinned, and follows safeFetch's redirect rules. An answer larger than
 * `maxBytes` is a network error, never a truncated body handed on.
 */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * Wraps the fetch functions made from then on (fault injection in tests, as the name-resolver port
 * lets tests choose addresses; nothing in the service sets one). It sees each request with a signal
 * that fires at the request's deadline, and calls `next` for the checked request itself.
 */
export type FetchInterceptor = (next: FetchFunction) => FetchFunction;
let interceptor: FetchInterceptor | undefined;

/** Sets the interceptor (none: no argument); returns the one it replaces, for nesting. */
export function useFetchInterceptor(replacement?: FetchInterceptor): FetchInterceptor | undefined {
  const previous = interceptor;
  interceptor = replacement;
  return previous;
}

export function safeFetchFunction(
  options: Pick<SafeFetchOptions, 'timeoutMs' | 'maxBytes' | 'maxRedirects' | 'local' | 'trustedOrigin'>,
): FetchFunction {
  const send = checkedFetch(options);
  const intercepted = interceptor?.(send);
  if (!intercepted) return send;
  return (input, init) => {
    const deadline = AbortSignal.timeout(options.timeoutMs);
    return intercepted(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline });
  };
}

function checkedFetch(
  options: Pick<SafeFetchOptions, 'timeoutMs' | 'maxBytes' | 'maxRedirects' | 'local' | 'trustedOrigin'>,
): FetchFunction {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => void (headers[name] = value));
    const answer = await safeFetch(request.url, {
      ...options,
      method: request.method,
      headers,
      body,
      signal: init?.signal ?? request.signal,
    });
    if (answer.truncated) throw new OutboundRequestRefused('network', `the answer is larger than ${options.maxBytes} bytes`);
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, one);
    }
    const empty = [101, 204, 205, 304].includes(answer.status) || request.method === 'HEAD';
    const response = new Response(empty ? null : answer.body, { status: answer.status, headers: responseHeaders });
    Object.defineProperty(response, 'url', { value: answer.url });
    return response;
  };
}
