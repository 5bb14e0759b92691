import { OutboundRequestRefused, safeFetch, type SafeFetchOptions } from '#shared/http-client/safe-fetch';
import { isInternalAddress } from '#shared/http-client/internal-addresses';
import { offlineResolver, useNameResolver } from '#shared/ports/name-resolver';
import { startPageServer, type PageServer } from '../support/page-server';
import { eventually } from '../support/eventually';

/** The SSRF-safe client against pages on this machine; names resolve only through the test's map. */
describe('safeFetch', () => {
  let pages: PageServer;
  const names = new Map<string, string[]>();
  const options = (extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
    timeoutMs: 2000,
    maxBytes: 1024,
    maxRedirects: 3,
    local: true,
    ...extra,
  });
  const refusal = async (promise: Promise<unknown>): Promise<string> => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(OutboundRequestRefused);
    return (error as OutboundRequestRefused).reason;
  };

  beforeAll(async () => {
    pages = await startPageServer();
    useNameResolver(offlineResolver(names));
  });
  afterAll(async () => {
    useNameResolver();
    await pages.stop();
  });

  it('fetches a local page in local runs, and refuses loopback and http outside them', async () => {
    pages.html('/hello', '<title>hi</title>');
    const page = await safeFetch(pages.url('/hello'), options());
    expect(page).toMatchObject({ status: 200, truncated: false, url: pages.url('/hello') });
    expect(page.body.toString()).toBe('<title>hi</title>');
    expect(await refusal(safeFetch(pages.url('/hello'), options({ local: false })))).toBe('scheme');
    expect(await refusal(safeFetch(pages.url('/hello').replace('http:', 'https:'), options({ local: false })))).toBe('internal_address');
  });

  it.each([
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00::1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://192.168.1.1/',
    'http://0.0.0.0/',
    'http://metadata.google.internal/',
    'http://printer.local/',
  ])('refuses %s before connecting', async (url) => {
    expect(await refusal(safeFetch(url, options()))).toBe('internal_address');
  });

  it('refuses other schemes, credentials in the URL, and names that do not resolve', async () => {
    expect(await refusal(safeFetch('file:///etc/passwd', options()))).toBe('scheme');
    expect(await refusal(safeFetch('ftp://example.com/', options()))).toBe('scheme');
    expect(await refusal(safeFetch(pages.url('/hello').replace('//', '//user:pw@'), options()))).toBe('invalid_url');
    expect(await refusal(safeFetch('not a url', options()))).toBe('invalid_url');
    expect(await refusal(safeFetch('http://nowhere.test/', options()))).toBe('unresolvable');
  });

  it('refuses a name when any address it resolves to is internal (rebinding), and connects to the checked address', async () => {
    names.set('mixed.test', ['127.0.0.1', '10.1.2.3']);
    expect(await refusal(safeFetch(pages.url('/hello').replace('127.0.0.1', 'mixed.test'), options()))).toBe('internal_address');
    names.set('private.test', ['172.16.5.5']);
    expect(await refusal(safeFetch('http://private.test/', options()))).toBe('internal_address');
    names.set('ours.test', ['127.0.0.1']);
    const page = await safeFetch(pages.url('/hello').replace('127.0.0.1', 'ours.test'), options());
    expect(page.status).toBe(200);
  });

  it('checks every redirect target again, and stops after the allowed number', async () => {
    pages.redirect('/to-metadata', 'http://169.254.169.254/latest/meta-data/');
    expect(await refusal(safeFetch(pages.url('/to-metadata'), options()))).toBe('internal_address');
    names.set('rebind.test', ['192.168.0.10']);
    pages.redirect('/to-rebind', 'http://rebind.test/');
    expect(await refusal(safeFetch(pages.url('/to-rebind'), options()))).toBe('internal_address');
    pages.redirect('/r1', '/r2');
    pages.redirect('/r2', '/r3');
    pages.redirect('/r3', '/hello');
    const followed = await safeFetch(pages.url('/r1'), options());
    expect(followed).toMatchObject({ status: 200, url: pages.url('/hello') });
    pages.redirect('/r0', '/r1');
    expect(await refusal(safeFetch(pages.url('/r0'), options()))).toBe('too_many_redirects');
    const unfollowed = await safeFetch(pages.url('/r1'), options({ maxRedirects: 0 }));
    expect(unfollowed.status).toBe(302);
  });

  it('reads at most maxBytes and stops the download', async () => {
    let sent = 0;
    let closed = false;
    pages.on('/endless', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        while (!closed && sent < 50 * 1024 * 1024 && response.write(chunk)) sent += chunk.length;
      };
      response.on('drain', pump);
      response.on('close', () => void (closed = true));
      pump();
    });
    const page = await safeFetch(pages.url('/endless'), options({ maxBytes: 100_000 }));
    expect(page.truncated).toBe(true);
    expect(page.body.length).toBe(100_000);
    // The client hung up: the server sees the close soon after (polled, bounded).
    await eventually(() => expect(closed).toBe(true), { timeoutMs: 5_000, intervalMs: 10 });
    expect(sent).toBeLessThan(10 * 1024 * 1024);
  });

  it('gives up at the deadline when the page never answers', async () => {
    pages.hang('/never');
    const started = Date.now();
    expect(await refusal(safeFetch(pages.url('/never'), options({ timeoutMs: 300 })))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('judges IPv4 carried in IPv6 as the IPv4 address, and anything that is not an address as internal', () => {
    expect(isInternalAddress('::ffff:7f00:1')).toBe(true);
    expect(isInternalAddress('64:ff9b::a9fe:a9fe')).toBe(true);
    expect(isInternalAddress('fe80::1%eth0')).toBe(true);
    expect(isInternalAddress('8.8.8.8')).toBe(false);
    expect(isInternalAddress('2606:4700::1111')).toBe(false);
    expect(isInternalAddress('not-an-address')).toBe(true);
  });
});
