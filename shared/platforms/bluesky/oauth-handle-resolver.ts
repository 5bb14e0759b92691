import { AtprotoHandleResolverNode, type HandleResolver, type ResolvedHandle } from '@atproto/oauth-client-node';
import { config } from '#shared/config';
import type { FetchFunction } from '#shared/http-client/fetch-function';

/**
 * Handle to DID for atproto OAuth (docs/api.md, "Connecting Bluesky with OAuth"): the atproto ways
 * first (the DNS TXT record `_atproto.<handle>`, then https://<handle>/.well-known/atproto-did,
 * through the SSRF-safe client), and when both find nothing, com.atproto.identity.resolveHandle on
 * the operator's BLUESKY_SERVICE_URL (a PDS or an AppView knows the handles it serves: a handle of a
 * private or test network, such as `*.test`, has neither DNS nor a web host).
 */
const DID_PATTERN = /^did:(plc:[a-z2-7]{24}|web:[a-zA-Z0-9._:%-]+)$/;

export function blueskyHandleResolver(fetch: FetchFunction): HandleResolver {
  const atproto = new AtprotoHandleResolverNode({ fetch });
  const service = config.bluesky.serviceUrl.replace(/\/+$/, '');
  return {
    async resolve(handle, options): Promise<ResolvedHandle> {
      try {
        const did = await atproto.resolve(handle, options);
        if (did) return did;
      } catch {
        // Unreachable DNS or host: the service may still know the handle.
      }
      const response = await fetch(`${service}/xrpc/com.atproto.identity.resolveHandle?${new URLSearchParams({ handle })}`, {
        signal: options?.signal,
      });
      // 400 InvalidRequest / HandleNotFound: nobody has this handle.
      if (response.status === 400 || response.status === 404) return null;
      if (!response.ok) throw new Error(`resolveHandle on ${service} answered ${response.status}`);
      const { did } = (await response.json()) as { did?: unknown };
      return typeof did === 'string' && DID_PATTERN.test(did) ? (did as ResolvedHandle) : null;
    },
  };
}
