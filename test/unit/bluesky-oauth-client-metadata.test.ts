import { JoseKey, NodeOAuthClient, requestLocalLock } from '@atproto/oauth-client-node';
import { blueskyClientMetadata, callbackUrl, isLoopbackDeployment } from '#shared/platforms/bluesky/oauth-client';

/**
 * The service as an atproto OAuth client (docs/decisions/0290-bluesky-oauth-client-modes.md): a
 * confidential client on a public base URL, a loopback client on a loopback one; the library itself
 * must accept each metadata document (with the key set for the confidential one).
 */
/** An in-memory store of any value type (the library's state and session stores alike). */
const memory = <T>() => {
  const map = new Map<string, T>();
  return {
    get: async (key: string) => map.get(key),
    set: async (key: string, value: T) => void map.set(key, value),
    del: async (key: string) => void map.delete(key),
  };
};

describe('Bluesky OAuth client metadata', () => {
  it('is a confidential client (private_key_jwt) on a public base URL, and the library accepts it with the key', async () => {
    const base = 'https://api.example.com/v1';
    expect(isLoopbackDeployment(base)).toBe(false);
    const metadata = blueskyClientMetadata(base);
    expect(metadata).toMatchObject({
      client_id: 'https://api.example.com/v1/oauth/bluesky/client-metadata.json',
      redirect_uris: ['https://api.example.com/v1/profiles/bluesky/callback'],
      scope: 'atproto transition:generic',
      token_endpoint_auth_method: 'private_key_jwt',
      token_endpoint_auth_signing_alg: 'ES256',
      dpop_bound_access_tokens: true,
      jwks_uri: 'https://api.example.com/v1/oauth/bluesky/jwks.json',
      grant_types: ['authorization_code', 'refresh_token'],
    });
    const key = await JoseKey.generate(['ES256'], 'k1');
    const client = new NodeOAuthClient({
      clientMetadata: metadata,
      keyset: [key],
      stateStore: memory(),
      sessionStore: memory(),
      requestLock: requestLocalLock,
    });
    expect(client.clientMetadata.client_id).toBe(metadata.client_id);
    // Only the public half is ever published.
    expect(client.jwks.keys).toEqual([expect.objectContaining({ kid: 'k1', kty: 'EC', crv: 'P-256' })]);
    expect((client.jwks.keys[0] as { d?: string }).d).toBeUndefined();
  });

  it('is a loopback client on a loopback base URL, redirecting to 127.0.0.1 (never localhost)', () => {
    for (const base of ['http://127.0.0.1:3000', 'http://localhost:3000']) {
      expect(isLoopbackDeployment(base)).toBe(true);
      expect(callbackUrl(base)).toBe('http://127.0.0.1:3000/profiles/bluesky/callback');
      const metadata = blueskyClientMetadata(base);
      expect(metadata.client_id).toMatch(/^http:\/\/localhost\?/);
      expect(new URL(metadata.client_id!).searchParams.get('redirect_uri')).toBe('http://127.0.0.1:3000/profiles/bluesky/callback');
      expect(metadata.token_endpoint_auth_method).toBe('none');
      expect(
        () =>
          new NodeOAuthClient({ clientMetadata: metadata, stateStore: memory(), sessionStore: memory(), requestLock: requestLocalLock }),
      ).not.toThrow();
    }
  });
});
