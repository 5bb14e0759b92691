import type { IncomingHttpHeaders } from 'node:http';
import { OutboundRequestRefused, safeFetch, type SafeFetchOptions } from '#shared/http-client/safe-fetch';
import { offlineResolver, useNameResolver } from '#shared/ports/name-resolver';
import { startPageServer, type PageServer } from '../support/page-server';

/**
 * Redirects under the SSRF-safe client (docs/decisions/0037-outbound-requests.md): two
 * servers on two ports are two origins. A redirect to another origin never carries the body or a
 * credential there: 301/302/303 go on as a GET without either, a 307/308 that would resend a body
 * is refused, a bodiless one goes on without the credentials. Within one origin the Fetch standard's
 * rules apply unchanged.
 */
describe('safeFetch redirects', () => {
  let first: PageServer;
  let other: PageServer;
  interface Received {
    server: 'first' | 'other';
    method: string;
    headers: IncomingHttpHeaders;
    body: string;
  }
  let received: Received[] = [];
  const credentials = {
    authorization: 'Bearer secret-token',
    cookie: 'session=secret-cookie',
    'x-api-key': 'sk_secret_key',
    'webhook-signature': 'v1,secret-signature',
  };
  const post = (extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
    timeoutMs: 2000,
    maxBytes: 1024,
    maxRedirects: 3,
    local: true,
    method: 'POST',
    body: '{"secret":"payload"}',
    headers: { ...credentials, 'content-type': 'application/json', accept: 'application/json' },
    ...extra,
  });
  const record = (server: PageServer, name: Received['server']) =>
    server.on('/landing', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ server: name, method: request.method!, headers: request.headers, body: Buffer.concat(chunks).toString() });
        response.writeHead(200, { 'content-type': 'text/plain' }).end('landed');
      });
    });

  beforeAll(async () => {
    first = await startPageServer();
    other = await startPageServer();
    useNameResolver(offlineResolver());
    record(first, 'first');
    record(other, 'other');
  });
  beforeEach(() => void (received = []));
  afterAll(async () => {
    useNameResolver();
    await first.stop();
    await other.stop();
  });

  const withoutCredentials = (headers: IncomingHttpHeaders) => {
    for (const name of [...Object.keys(credentials), 'content-type', 'content-length', 'transfer-encoding'])
      expect([name, headers[name]]).toEqual([name, undefined]);
    expect(headers.accept).toBe('application/json');
  };

  it.each([301, 302, 303])('follows a cross-origin %i as a GET with neither the body nor the credentials', async (status) => {
    first.redirect(`/away-${status}`, other.url('/landing'), status);
    const response = await safeFetch(first.url(`/away-${status}`), post());
    expect([response.status, response.url, response.body.toString()]).toEqual([200, other.url('/landing'), 'landed']);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ server: 'other', method: 'GET', body: '' });
    withoutCredentials(received[0]!.headers);
  });

  it.each([307, 308])('refuses a cross-origin %i that would resend the body, sending nothing there', async (status) => {
    first.redirect(`/keep-${status}`, other.url('/landing'), status);
    const error = await safeFetch(first.url(`/keep-${status}`), post()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboundRequestRefused);
    expect((error as OutboundRequestRefused).reason).toBe('cross_origin_redirect');
    expect(received).toEqual([]);
  });

  it('follows a cross-origin 307 of a GET without the credentials', async () => {
    first.redirect('/get-307', other.url('/landing'), 307);
    const { body: _body, ...get } = post();
    const response = await safeFetch(first.url('/get-307'), {
      ...get,
      method: 'GET',
      headers: { ...credentials, accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ server: 'other', method: 'GET', body: '' });
    withoutCredentials(received[0]!.headers);
  });

  it('keeps method, body and credentials on a same-origin 307', async () => {
    first.redirect('/same-307', '/landing', 307);
    const response = await safeFetch(first.url('/same-307'), post());
    expect(response.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ server: 'first', method: 'POST', body: '{"secret":"payload"}' });
    expect(received[0]!.headers).toMatchObject({ ...credentials, 'content-type': 'application/json' });
  });

  it('turns a same-origin 302 of a POST into a GET without the body or its headers, keeping the credentials', async () => {
    first.redirect('/same-302', '/landing', 302);
    const response = await safeFetch(first.url('/same-302'), post());
    expect(response.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ server: 'first', method: 'GET', body: '' });
    expect(received[0]!.headers).toMatchObject(credentials);
    expect(received[0]!.headers['content-type']).toBeUndefined();
    expect(received[0]!.headers['content-length']).toBeUndefined();
  });
});
