import { config } from '#shared/config';
import { safeFetchFunction } from '#shared/http-client/fetch-function';

/**
 * Unauthenticated XRPC queries (public records, handle resolution) through the SSRF-safe client,
 * without @atproto/api's generated client: the functions that look up a referenced post (create,
 * edit, preview) stay small (test/unit/platform-render.test.ts measures the preview's bundle).
 */
export interface XrpcReader {
  /** The query's JSON, or `{status}` when the service refused it (4xx: the thing asked for is not there). */
  query(method: string, params: Record<string, string>): Promise<{ data: unknown } | { status: number }>;
}

/** The service could not be asked (network, timeout, 429, 5xx): not the reference's fault. */
export class XrpcUnavailable extends Error {
  constructor(detail: string, cause?: unknown) {
    super(`Bluesky could not be asked (${detail})`, { cause });
    this.name = 'XrpcUnavailable';
  }
}

const MAX_ANSWER_BYTES = 1024 * 1024;

export function publicXrpc(service: string): XrpcReader {
  const send = safeFetchFunction({
    timeoutMs: config.bluesky.timeoutMs,
    maxBytes: MAX_ANSWER_BYTES,
    maxRedirects: 3,
    local: config.local,
    // The operator's own PDS setting may be on an internal address (agent.ts says why); a profile's service is judged.
    trustedOrigin: new URL(config.bluesky.serviceUrl).origin,
  });
  return {
    async query(method, params) {
      const url = new URL(`/xrpc/${method}`, service);
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      let response: Response;
      try {
        response = await send(url.toString(), { headers: { accept: 'application/json' } });
      } catch (error) {
        throw new XrpcUnavailable(error instanceof Error ? error.message : 'network error', error);
      }
      if (response.status === 429 || response.status >= 500) throw new XrpcUnavailable(`HTTP ${response.status}`);
      if (!response.ok) return { status: response.status };
      try {
        return { data: await response.json() };
      } catch (error) {
        throw new XrpcUnavailable('an answer that is not JSON', error);
      }
    },
  };
}
