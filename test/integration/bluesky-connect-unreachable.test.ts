import { captureLogs, type LogCapture } from '../support/log-capture';
import { startStubServer, xrpcError, type StubServer } from '../support/pds';
import { startTestService, type TestService } from '../support/test-service';

/**
 * POST /profiles/bluesky when the PDS is not there, hangs or fails: 503 SERVICE_UNAVAILABLE
 * (and a clear INVALID_FIELD when the URL is not a PDS at all). Stand-ins only, no real PDS,
 * so the request timeout can be short here without making the real-PDS tests flaky.
 */
describe('connecting a Bluesky profile when the PDS is unreachable or failing', () => {
  const appPassword = 'abcd-efgh-ijkl-mnop';
  let service: TestService;
  let logs: LogCapture;
  let closedUrl: string;

  beforeAll(async () => {
    const closed = await startStubServer(() => undefined);
    closedUrl = closed.url;
    await closed.stop();
    service = await startTestService({ LOG_LEVEL: 'INFO', BLUESKY_SERVICE_URL: closedUrl, BLUESKY_TIMEOUT_MS: '1000' });
    logs = captureLogs();
  });
  afterAll(async () => {
    logs?.restore();
    await service?.stop();
  });

  const connect = async (body: Record<string, unknown>) => {
    const { apiKey } = await service.createAccount();
    return service.call('POST', '/profiles/bluesky', {
      key: apiKey,
      body: { handle: 'alice.bsky.social', app_password: appPassword, ...body },
    });
  };

  const withStub = async (respond: Parameters<typeof startStubServer>[0], run: (stub: StubServer) => Promise<void>) => {
    const stub = await startStubServer(respond);
    try {
      await run(stub);
    } finally {
      await stub.stop();
    }
  };

  it.each([
    ['a closed port given as service', () => ({ service: closedUrl })],
    ['the default service (BLUESKY_SERVICE_URL) on a closed port', () => ({})],
  ])('answers 503 for %s', async (_, body) => {
    const response = await connect(body());
    expect(response.status).toBe(503);
    expect(response.json).toEqual({ error: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
  });

  it('gives up on a PDS that never answers after BLUESKY_TIMEOUT_MS', async () => {
    await withStub(
      () => undefined,
      async (stub) => {
        const started = Date.now();
        const response = await connect({ service: stub.url });
        expect(response.status).toBe(503);
        expect(Date.now() - started).toBeGreaterThanOrEqual(900);
        expect(Date.now() - started).toBeLessThan(5000);
        expect(stub.requests).toEqual(['POST /xrpc/com.atproto.server.createSession']);
      },
    );
  });

  it.each([500, 502, 503, 429])('answers 503 for a PDS answering %s', async (status) => {
    await withStub(
      (_, response) => xrpcError(response, status, status === 429 ? 'RateLimitExceeded' : 'InternalServerError'),
      async (stub) => {
        const response = await connect({ service: `${stub.url}/` });
        expect(response.status).toBe(503);
        expect(response.json.error).toBe('SERVICE_UNAVAILABLE');
      },
    );
  });

  it('says so when the service URL is not an AT Protocol server (404)', async () => {
    const notFound: Parameters<typeof startStubServer>[0] = (_, response) => {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<h1>Not found</h1>');
    };
    await withStub(notFound, async (stub) => {
      const response = await connect({ service: stub.url });
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ error: 'INVALID_FIELD', field: 'service', message: expect.stringContaining('AT Protocol') });
    });
  });

  it('logs the failures without the app password', () => {
    expect(logs.text()).toContain('SERVICE_UNAVAILABLE');
    expect(logs.text()).not.toContain(appPassword);
  });
});
