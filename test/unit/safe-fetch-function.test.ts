import { safeFetchFunction, useFetchInterceptor } from '#shared/http-client/fetch-function';
import { OutboundRequestRefused } from '#shared/http-client/safe-fetch';
import { offlineResolver, useNameResolver } from '#shared/ports/name-resolver';
import { startPageServer, type PageServer } from '../support/page-server';

/** The SSRF-safe client behind the fetch signature, as the Bluesky agent calls it. */
describe('safeFetchFunction', () => {
  let pages: PageServer;
  const names = new Map<string, string[]>();
  const fetchSafely = safeFetchFunction({ timeoutMs: 2000, maxBytes: 1024, maxRedirects: 3, local: true });

  beforeAll(async () => {
    pages = await startPageServer();
    useNameResolver(offlineResolver(names));
    pages.on('/echo', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        response.writeHead(201, { 'content-type': 'application/octet-stream', 'x-method': request.method!, 'set-cookie': ['a=1', 'b=2'] });
        response.end(Buffer.concat([Buffer.from(String(request.headers['x-note'])), body]));
      });
    });
    pages.bytes('/big', Buffer.alloc(4096, 'x'), 'text/plain');
  });
  afterAll(async () => {
    useNameResolver();
    await pages.stop();
  });

  it('sends method, headers and a binary body, and hands back status, headers and body as a Response', async () => {
    const bytes = Buffer.from([0, 255, 1, 254, 137, 80, 78, 71]);
    const response = await fetchSafely(new Request(pages.url('/echo'), { method: 'POST', headers: { 'x-note': 'hi:' }, body: bytes }));
    expect([response.status, response.headers.get('x-method'), response.headers.get('set-cookie')]).toEqual([201, 'POST', 'a=1, b=2']);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.concat([Buffer.from('hi:'), bytes]));
    expect(response.url).toBe(pages.url('/echo'));
  });

  it('rejects an answer larger than maxBytes, and a name that resolves inside, with OutboundRequestRefused', async () => {
    await expect(fetchSafely(pages.url('/big'))).rejects.toMatchObject({ name: 'OutboundRequestRefused', reason: 'network' });
    names.set('pds.inside.example', ['10.9.8.7']);
    const refused = await fetchSafely('http://pds.inside.example/xrpc/com.atproto.server.createSession').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OutboundRequestRefused);
    expect((refused as OutboundRequestRefused).reason).toBe('internal_address');
  });

  it('lets an interceptor see each request with its deadline as a signal, and calls the checked client through it', async () => {
    const seen: { url: string; signal: boolean }[] = [];
    const previous = useFetchInterceptor((next) => async (input, init) => {
      seen.push({ url: String(input instanceof Request ? input.url : input), signal: init?.signal instanceof AbortSignal });
      return next(input, init);
    });
    try {
      const intercepted = safeFetchFunction({ timeoutMs: 2000, maxBytes: 1024, maxRedirects: 0, local: true });
      await expect(intercepted('http://10.0.0.1/')).rejects.toMatchObject({ reason: 'internal_address' });
      expect(seen).toEqual([{ url: 'http://10.0.0.1/', signal: true }]);
    } finally {
      useFetchInterceptor(previous);
    }
  });
});
