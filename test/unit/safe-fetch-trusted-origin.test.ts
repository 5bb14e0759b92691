import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundRequestRefused, safeFetch } from '#shared/http-client/safe-fetch';

/**
 * The operator's configured PDS (BLUESKY_SERVICE_URL) may be inside their network: requests to
 * exactly that origin are not judged; every other origin is, even on the same host.
 */
describe('safe fetch: the operator-trusted origin', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const options = { timeoutMs: 2_000, maxBytes: 1_000, maxRedirects: 0, local: false };

  it('reaches the trusted origin although it is http and loopback, outside a local run', async () => {
    const answer = await safeFetch(`${origin}/xrpc/x`, { ...options, trustedOrigin: origin });
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('ok');
  });

  it('refuses the same address without the trust, and another origin on the same host with it', async () => {
    await expect(safeFetch(`${origin}/xrpc/x`, options)).rejects.toMatchObject({ name: 'OutboundRequestRefused', reason: 'scheme' });
    const other = origin.replace('127.0.0.1', 'localhost');
    await expect(safeFetch(`${other}/xrpc/x`, { ...options, trustedOrigin: origin })).rejects.toBeInstanceOf(OutboundRequestRefused);
    await expect(safeFetch(`https://127.0.0.1:${new URL(origin).port}/x`, { ...options, trustedOrigin: origin })).rejects.toMatchObject({
      reason: 'internal_address',
    });
  });
});
